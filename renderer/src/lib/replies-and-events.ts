/**
 * Whether a reply is still the newest word about something that main also tells as events.
 *
 * Main answers an action or a read with a snapshot taken when it handled it, and tells every change
 * as an event. The two travel apart (in the browser host the answer comes over HTTP and the events
 * over the event stream), so an event told after the snapshot was taken can arrive before the
 * answer; a state that applied the answer last would then show the older value, with no event after
 * it to put it right. A state counts the events about each key here (`told`), notes the count when
 * it asks (`asked`), and shows a reply only while no event about that key came since (`newest`):
 * an event that came meanwhile is as new as the reply or newer.
 */
export class RepliesAndEvents<K = string> {
  #count = 0
  /** The count at each key's last event. */
  readonly #last = new Map<K, number>()

  /** An event about `key` arrived. */
  told(key: K): void {
    this.#last.set(key, ++this.#count)
  }

  /**
   * A read of `key` asked now, which overtakes every read of it asked before: the recruiter chose a
   * filter or a page, then another, and the first reply may come last. Taken instead of `asked`.
   */
  askedAnew(key: K): number {
    this.told(key)
    return this.#count
  }

  /** Taken just before asking main; the reply is later judged against it. */
  asked(): number {
    return this.#count
  }

  /** No event about `key` arrived since `asked` was taken: a reply asked then is still the newest. */
  newest(key: K, asked: number): boolean {
    return (this.#last.get(key) ?? 0) <= asked
  }

  /** The keys some event told of since `asked` was taken (a whole-list reply keeps what they told). */
  toldSince(asked: number): K[] {
    return [...this.#last].filter(([, at]) => at > asked).map(([key]) => key)
  }
}
