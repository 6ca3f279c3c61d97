/**
 * Field names that carry credentials (API keys, client secrets, tokens, passwords). Used to keep
 * them out of logs and records everywhere: the app's logger, the sandbox's call log.
 */
const secretName = /(api[-_]?key|secret|token|password|authorization|cookie)/i

export function looksLikeSecretName(name: string): boolean {
  return secretName.test(name)
}

export const REDACTED = '[redacted]'

/** A deep copy with every credential-looking field replaced by `[redacted]`. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object') return value
  // deeper than the walk goes: never passed on as it is, where a secret could hide
  if (depth > 8) return '[too deep]'
  if (Array.isArray(value)) return value.map((item) => redactSecrets(item, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [name, inner] of Object.entries(value)) {
    out[name] = looksLikeSecretName(name) ? REDACTED : redactSecrets(inner, depth + 1)
  }
  return out
}
