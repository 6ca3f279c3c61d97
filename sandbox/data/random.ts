/**
 * Seeded pseudo-random source for the sandbox generator: sfc32 (Chris Doty-Humphrey's Small Fast
 * Counter), seeded through splitmix32 so that nearby seeds give unrelated streams. Tiny, fast and
 * deterministic across platforms, which is all generated test data needs (not for cryptography).
 */
export class Random {
  #a: number
  #b: number
  #c: number
  #d: number

  constructor(seed: number) {
    let s = seed >>> 0
    const next = (): number => {
      s = (s + 0x9e3779b9) >>> 0
      let z = s
      z = Math.imul(z ^ (z >>> 16), 0x85ebca6b)
      z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35)
      return (z ^ (z >>> 16)) >>> 0
    }
    this.#a = next()
    this.#b = next()
    this.#c = next()
    this.#d = next()
    for (let i = 0; i < 12; i++) this.uint32()
  }

  /** Next unsigned 32-bit integer. */
  uint32(): number {
    const a = this.#a
    const b = this.#b
    const c = this.#c
    const d = this.#d
    const t = (((a + b) | 0) + d) | 0
    this.#d = (d + 1) | 0
    this.#a = b ^ (b >>> 9)
    this.#b = (c + (c << 3)) | 0
    const r = (c << 21) | (c >>> 11)
    this.#c = (r + t) | 0
    return t >>> 0
  }

  /** Uniform float in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296
  }

  /** Uniform integer in [min, max] (inclusive). */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)] as T
  }

  /** Picks by weight; `weights` is parallel to `items`. */
  weighted<T>(items: readonly T[], weights: readonly number[]): T {
    let total = 0
    for (const w of weights) total += w
    let r = this.next() * total
    for (let i = 0; i < items.length; i++) {
      r -= weights[i] ?? 0
      if (r < 0) return items[i] as T
    }
    return items[items.length - 1] as T
  }

  /** `n` distinct items in random order (fewer if the list is shorter). */
  sample<T>(items: readonly T[], n: number): T[] {
    const count = Math.min(n, items.length)
    const pool = items.slice()
    for (let i = 0; i < count; i++) {
      const j = i + Math.floor(this.next() * (pool.length - i))
      const tmp = pool[i] as T
      pool[i] = pool[j] as T
      pool[j] = tmp
    }
    pool.length = count
    return pool
  }

  /** Roughly normal integer around `mean` (sum of three uniforms), clamped to [min, max]. */
  around(mean: number, spread: number, min: number, max: number): number {
    const u = (this.next() + this.next() + this.next()) / 3 - 0.5
    return Math.max(min, Math.min(max, Math.round(mean + u * 2 * spread)))
  }

  /** Digits string of the given length (first digit may be 0). */
  digits(length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += String(this.uint32() % 10)
    return out
  }
}
