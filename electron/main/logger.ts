import { redactSecrets } from '../../shared/secrets'

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

/** A logger that hands each redacted record to `write` (a file stream, stderr, a test array). */
export function createLogger(write: (record: LogRecord) => void, now: () => Date = () => new Date()): Logger {
  const log = (level: LogLevel) => (event: string, fields?: Record<string, unknown>) =>
    write({
      time: now().toISOString(),
      level,
      event,
      ...(fields ? { fields: redactSecrets(fields) as Record<string, unknown> } : {})
    })
  return { info: log('info'), warn: log('warn'), error: log('error') }
}

/** Writes JSON lines to stderr; the default for the browser host and the sandbox CLI. */
export const consoleLogger = (): Logger => createLogger((record) => process.stderr.write(`${JSON.stringify(record)}\n`))
