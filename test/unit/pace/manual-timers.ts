import type { PaceTimers } from '../../../electron/main/pace/connection-pace'

/** Timers on a hand-moved clock: `advance` runs what falls due, in order, letting promises settle between. */
export class ManualTimers implements PaceTimers {
  #now = 0
  #next = 1
  readonly #due = new Map<number, { at: number; run: () => void }>()

  now(): number {
    return this.#now
  }

  setTimeout(run: () => void, ms: number): unknown {
    const id = this.#next++
    this.#due.set(id, { at: this.#now + Math.max(0, ms), run })
    return id
  }

  clearTimeout(handle: unknown): void {
    this.#due.delete(handle as number)
  }

  /** Moves the clock `ms` ahead, running every timer that falls due on the way. */
  async advance(ms: number): Promise<void> {
    const end = this.#now + ms
    await settle()
    for (;;) {
      let first: [number, { at: number; run: () => void }] | undefined
      for (const entry of this.#due) if (first === undefined || entry[1].at < first[1].at) first = entry
      if (first === undefined || first[1].at > end) break
      this.#due.delete(first[0])
      this.#now = Math.max(this.#now, first[1].at)
      first[1].run()
      await settle()
    }
    this.#now = end
    await settle()
  }
}

/** Lets every promise chain that can move on do so (no timer involved). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve()
}
