import { redactSecrets } from '../../shared/secrets'
import type { SecretMask } from './logging/secret-mask'

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

export { REDACTED } from '../../shared/secrets'

/**
 * A logger that hands each redacted record to `write` (a file stream, stderr, a test array):
 * fields named like credentials are replaced, errors keep their message and stack, and with a
 * `mask` every secret value the app holds is masked wherever it appears.
 */
export function createLogger(
  write: (record: LogRecord) => void,
  now: () => Date = () => new Date(),
  mask?: SecretMask
): Logger {
  const clean = (fields: Record<string, unknown>): Record<string, unknown> => {
    const named = redactSecrets(errorsAsObjects(fields)) as Record<string, unknown>
    return mask ? (mask.value(named) as Record<string, unknown>) : named
  }
  const log = (level: LogLevel) => (event: string, fields?: Record<string, unknown>) =>
    write({
      time: now().toISOString(),
      level,
      event: mask ? mask.text(event) : event,
      ...(fields ? { fields: clean(fields) } : {})
    })
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

/** Errors keep their name, message and stack (their own properties are not enumerable). */
function errorsAsObjects(value: unknown, depth = 0): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, ...(value.stack === undefined ? {} : { stack: value.stack }) }
  }
  if (depth > 8 || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((item) => errorsAsObjects(item, depth + 1))
  return Object.fromEntries(Object.entries(value).map(([name, inner]) => [name, errorsAsObjects(inner, depth + 1)]))
}

/** Writes JSON lines to stderr; the default for the browser host and the sandbox CLI. */
export const consoleLogger = (mask?: SecretMask): Logger =>
  createLogger((record) => process.stderr.write(`${JSON.stringify(record)}\n`), undefined, mask)
