import { looksLikeSecretName, REDACTED } from '../../../shared/secrets'
import type { SecretMask } from './secret-mask'

/**
 * Structured, secret-free logging. Fields whose names look like credentials are replaced before
 * anything is written, so an API key passed by mistake never reaches a log file or a crash report.
 */
export interface Logger {
  info(event: string, fields?: Record<string, unknown>): void
  warn(event: string, fields?: Record<string, unknown>): void
  error(event: string, fields?: Record<string, unknown>): void
}

export type LogLevel = 'info' | 'warn' | 'error'
export interface LogRecord {
  time: string
  level: LogLevel
  event: string
  fields?: Record<string, unknown>
}

export { REDACTED } from '../../../shared/secrets'

/** The support log's folder in the data folder. */
export const LOG_FOLDER = 'logs'

/**
 * A logger that hands each cleaned record to `write` (a file stream, stderr, a test array): fields
 * named like credentials are replaced, errors keep their message, stack and cause, and with a
 * `mask` every secret value the app holds is masked wherever it appears (keys included).
 */
export function createLogger(
  write: (record: LogRecord) => void,
  now: () => Date = () => new Date(),
  mask?: SecretMask
): Logger {
  const text = mask ? (value: string) => mask.text(value) : (value: string) => value
  const log = (level: LogLevel) => (event: string, fields?: Record<string, unknown>) =>
    write({
      time: now().toISOString(),
      level,
      event: text(event),
      ...(fields ? { fields: clean(fields, text, 0) as Record<string, unknown> } : {})
    })
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

/** Objects nested deeper than this are written as `[too deep]`: never as they are, unmasked. */
const MAX_DEPTH = 8
export const TOO_DEEP = '[too deep]'

/** One walk: a deep copy that is plain JSON, with secrets gone by field name and by value. */
function clean(value: unknown, text: (value: string) => string, depth: number): unknown {
  if (typeof value === 'string') return text(value)
  // JSON has no BigInt (int64 ids): digits as text rather than a throwing JSON.stringify
  if (typeof value === 'bigint') return value.toString()
  if (value === null || typeof value !== 'object') return value
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString()
  if (depth > MAX_DEPTH) return TOO_DEEP
  if (value instanceof Error) {
    const { code } = value as Error & { code?: unknown }
    return {
      name: text(value.name),
      message: text(value.message),
      ...(value.stack === undefined ? {} : { stack: text(value.stack) }),
      ...(typeof code === 'string' ? { code: text(code) } : {}),
      ...(value.cause === undefined ? {} : { cause: clean(value.cause, text, depth + 1) })
    }
  }
  if (Array.isArray(value)) return value.map((item) => clean(item, text, depth + 1))
  const out: Record<string, unknown> = {}
  for (const [name, inner] of Object.entries(value)) {
    out[text(name)] = looksLikeSecretName(name) ? REDACTED : clean(inner, text, depth + 1)
  }
  return out
}
