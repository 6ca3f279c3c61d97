/*
 * Asks gathered while a page renders and sent together: every place that shows a person asks for
 * them as it renders (where nothing reactive may change), the asks of one task go out as one call
 * per `batch` people, and an ask already waiting or on its way for the same round is not repeated.
 * Plain on purpose: nothing on screen depends on what waits here.
 */
export class AskQueue<T> {
  readonly #batch: number
  readonly #schedule: (run: () => void) => void
  readonly #send: (asks: Array<[string, T]>, round: number) => Promise<void>
  readonly #waiting = new Map<string, T>()
  /** Ids sent and not answered yet, with the round they were sent in. */
  readonly #sent = new Map<string, number>()
  #scheduled = false
  #round = 0

  constructor(
    batch: number,
    schedule: (run: () => void) => void,
    send: (asks: Array<[string, T]>, round: number) => Promise<void>
  ) {
    this.#batch = batch
    this.#schedule = schedule
    this.#send = send
  }

  /** Asks for `id` in `round` (the answers' generation); one waiting or sent for it counts. */
  ask(id: string, item: T, round: number): void {
    this.#round = Math.max(this.#round, round)
    if (this.#waiting.has(id) || this.#sent.get(id) === round) return
    this.#waiting.set(id, item)
    if (this.#scheduled) return
    this.#scheduled = true
    this.#schedule(() => void this.#flush())
  }

  async #flush(): Promise<void> {
    this.#scheduled = false
    const asks = [...this.#waiting]
    this.#waiting.clear()
    const round = this.#round
    for (const [id] of asks) this.#sent.set(id, round)
    const sends: Array<Promise<void>> = []
    for (let start = 0; start < asks.length; start += this.#batch) {
      const part = asks.slice(start, start + this.#batch)
      sends.push(
        this.#send(part, round).finally(() => {
          for (const [id] of part) if (this.#sent.get(id) === round) this.#sent.delete(id)
        })
      )
    }
    await Promise.all(sends)
  }
}
