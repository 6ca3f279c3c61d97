/**
 * The first screen is up: the shell says so (Electron's window shown, the browser host's page's
 * first call), or a fallback delay passes without a word. What waits for it runs once, then.
 */
export class FirstScreen {
  readonly #waiting: (() => void)[] = []
  readonly #timer: NodeJS.Timeout | undefined
  #painted = false

  /** `fallbackMs` null: the first screen counts as painted at once (tests, a shell that never says). */
  constructor(fallbackMs: number | null) {
    if (fallbackMs === null) this.#painted = true
    else {
      this.#timer = setTimeout(() => this.painted(), fallbackMs)
      this.#timer.unref()
    }
  }

  get isPainted(): boolean {
    return this.#painted
  }

  /** The first screen is painted: what waited runs now (once, however often this is called). */
  painted(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    if (this.#painted && this.#waiting.length === 0) return
    this.#painted = true
    for (const run of this.#waiting.splice(0)) run()
  }

  /** Runs `run` once the first screen is painted (at once, if it already is). */
  then(run: () => void): void {
    if (this.#painted) run()
    else this.#waiting.push(run)
  }

  close(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer)
    this.#waiting.length = 0
  }
}
