/**
 * One thing at a time per key: `run(key, work)` starts `work` once every earlier work for the same
 * key has ended (fulfilled or not); work for other keys goes on meanwhile.
 */
export class Turns {
  readonly #last = new Map<string, Promise<unknown>>()

  run<T>(key: string, work: () => Promise<T>): Promise<T> {
    const before = this.#last.get(key) ?? Promise.resolve()
    const mine = before.then(work, work)
    const settled = mine.then(
      () => undefined,
      () => undefined
    )
    this.#last.set(key, settled)
    void settled.then(() => {
      if (this.#last.get(key) === settled) this.#last.delete(key)
    })
    return mine
  }
}
