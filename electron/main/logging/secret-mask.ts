import { REDACTED } from '../../../shared/secrets'

/** Values shorter than this are not masked: too likely to match ordinary text. */
const MIN_LENGTH = 6

/** Told about every secret value the app holds, so the log can mask it wherever it appears. */
export interface SecretWatcher {
  add(value: string): void
  remove(value: string): void
}

/**
 * Every secret value the app holds (keys from the vault, tokens), so the log can mask it wherever
 * it appears — inside a URL, an error message, a stack — not only under a field named like one.
 */
export class SecretMask {
  readonly #values = new Set<string>()
  /** Longest first, so a secret that contains another is masked whole, not around the shorter. */
  #ordered: string[] | undefined

  add(value: string): void {
    if (value.length >= MIN_LENGTH) this.#values.add(value)
    this.#ordered = undefined
  }

  remove(value: string): void {
    this.#values.delete(value)
    this.#ordered = undefined
  }

  get size(): number {
    return this.#values.size
  }

  text(text: string): string {
    this.#ordered ??= [...this.#values].sort((a, b) => b.length - a.length)
    let out = text
    for (const value of this.#ordered) if (out.includes(value)) out = out.split(value).join(REDACTED)
    return out
  }
}
