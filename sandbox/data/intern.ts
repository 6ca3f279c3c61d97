/**
 * Shared, frozen string arrays. Many profile arrays repeat across people (["English"], the
 * location label of a city, the degrees of a common path), so equal arrays are stored once.
 * Frozen, because a change through one profile would otherwise show in every other.
 */
export class ArrayInterner {
  readonly #pool = new Map<string, readonly string[]>()

  constructor(private readonly limit = 200_000) {}

  of(values: readonly string[]): string[] {
    // One-element arrays (the common case) are keyed by the element itself: no joined string to build and hash.
    const key = values.length === 1 ? (values[0] as string) : values.join('\u0001') + '\u0001'
    let shared = this.#pool.get(key)
    if (shared === undefined) {
      shared = Object.freeze(values.slice())
      if (this.#pool.size < this.limit) this.#pool.set(key, shared)
    }
    // Typed as string[] because the schema types are mutable; the array is frozen at run time.
    return shared as string[]
  }
}
