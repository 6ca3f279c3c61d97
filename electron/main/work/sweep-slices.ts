/**
 * A sweep of rows nobody sees (hidden lists or imports a close cut short, removed ones) a slice a
 * turn of main's event loop, so main never holds the data file for long. Skipped while `busy()` (an
 * import is running: its own rows are hidden until it is done); one sweep at a time — a second
 * call joins the one running. A slice that throws ends the sweep (the next one starts over).
 */
export class SweepSlices {
  readonly #slice: () => boolean
  readonly #busy: () => boolean
  #sweeping: Promise<void> | null = null

  /** `slice` deletes one slice and says whether more is left. */
  constructor(slice: () => boolean, busy: () => boolean) {
    this.#slice = slice
    this.#busy = busy
  }

  /** The sweep running now, or nothing: an import waits for it before it hides rows of its own. */
  running(): Promise<void> {
    return this.#sweeping ?? Promise.resolve()
  }

  sweep(): Promise<void> {
    if (this.#busy()) return Promise.resolve()
    this.#sweeping ??= new Promise<void>((resolve) => {
      const step = () => {
        let more = false
        try {
          more = !this.#busy() && this.#slice()
        } catch {
          more = false
        }
        if (more) setImmediate(step)
        else {
          this.#sweeping = null
          resolve()
        }
      }
      setImmediate(step)
    })
    return this.#sweeping
  }
}
