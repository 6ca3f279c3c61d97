/**
 * A value made once, the first time it is asked for, and kept: a section's state, whose code is a
 * chunk of its own loaded then. `get()` makes it (once, however many ask at the same time);
 * `current` is it once made, and null before (reactive, for what shows it only when it exists).
 */
export class Lazy<T> {
  #current = $state.raw<T | null>(null)
  #made: Promise<T> | null = null
  readonly #make: () => Promise<T>

  constructor(make: () => Promise<T>) {
    this.#make = make
  }

  get current(): T | null {
    return this.#current
  }

  get(): Promise<T> {
    this.#made ??= this.#make().then(
      (value) => (this.#current = value),
      (error: unknown) => {
        // a chunk that did not load (the host restarting) is asked for again the next time
        this.#made = null
        throw error
      }
    )
    return this.#made
  }
}

/** A load done once and its answer kept (a section's screen with its states); a failed one is tried again. */
export function once<T>(load: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | null = null
  return () =>
    (made ??= load().catch((error: unknown) => {
      made = null
      throw error
    }))
}
