import { REDACTED } from '../../../shared/secrets'

/** Values shorter than this are not masked: too likely to match ordinary text. */
const MIN_LENGTH = 6

/**
 * Every secret value the app holds (keys from the vault, tokens), so the log can mask it wherever
 * it appears — inside a URL, an error message, a stack — not only under a field named like one.
 */
export class SecretMask {
  readonly #values = new Set<string>()

  add(value: string): void {
    if (value.length >= MIN_LENGTH) this.#values.add(value)
  }

  remove(value: string): void {
    this.#values.delete(value)
  }

  get size(): number {
    return this.#values.size
  }

  text(text: string): string {
    let out = text
    for (const value of this.#values) if (out.includes(value)) out = out.split(value).join(REDACTED)
    return out
  }

  /** A deep copy with every string masked (errors become { name, message, stack }). */
  value(value: unknown, depth = 0): unknown {
    if (typeof value === 'string') return this.text(value)
    if (value instanceof Error) {
      return {
        name: value.name,
        message: this.text(value.message),
        ...(value.stack === undefined ? {} : { stack: this.text(value.stack) }),
        ...(typeof (value as Error & { code?: unknown }).code === 'string'
          ? { code: (value as Error & { code: string }).code }
          : {})
      }
    }
    if (depth > 8 || value === null || typeof value !== 'object') return value
    if (Array.isArray(value)) return value.map((item) => this.value(item, depth + 1))
    const out: Record<string, unknown> = {}
    for (const [name, inner] of Object.entries(value)) out[name] = this.value(inner, depth + 1)
    return out
  }
}
