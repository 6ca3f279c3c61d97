import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import pino from 'pino'
import pinoRoll from 'pino-roll'
import { createLogger, type Logger, type LogRecord } from './logger'
import { SecretMask } from './secret-mask'

export { LOG_FOLDER } from './logger'
const LOG_BASE = 'talent-desk'

export interface FileLoggerOptions {
  /** `<data folder>/logs`. Created private to the user. */
  dir: string
  /** Roll to a new file past this size (pino-roll syntax: '5m', '200k'). */
  size?: string
  /** Files kept besides the current one; older ones of ours are removed. */
  keep?: number
  /** Also write each line to stderr (running from source, the browser host). */
  alsoStderr?: boolean
  mask?: SecretMask
}

export interface FileLogger {
  logger: Logger
  /** Writes a record another logger made and cleaned already, with this mask (kept from before the file was open). */
  write(record: LogRecord): void
  mask: SecretMask
  dir: string
  /** Flushes and closes the file. */
  close(): Promise<void>
}

/**
 * The support log: JSON lines through pino into `<data>/logs/talent-desk.N.log`, rolled daily and
 * past a size by pino-roll in this process (a worker-thread transport breaks once the main process
 * is bundled), at most `keep` + 1 files. Secrets are masked before pino sees the record: by field
 * name, and by value through the mask the vault and token cache register with.
 */
export async function openFileLogger(options: FileLoggerOptions): Promise<FileLogger> {
  mkdirSync(options.dir, { recursive: true, mode: 0o700 })
  const mask = options.mask ?? new SecretMask()
  const stream = await pinoRoll({
    file: join(options.dir, LOG_BASE),
    extension: '.log',
    size: options.size ?? '5m',
    frequency: 'daily',
    limit: { count: options.keep ?? 6, removeOtherLogFiles: true },
    mkdir: true,
    mode: 0o600
  })
  const base = pino(
    {
      base: null,
      timestamp: false,
      formatters: { level: (label) => ({ level: label }) }
    },
    stream
  )
  const write = (record: LogRecord): void => {
    base[record.level]({ time: record.time, event: record.event, ...(record.fields ? { fields: record.fields } : {}) })
    if (options.alsoStderr) process.stderr.write(`${JSON.stringify(record)}\n`)
  }
  return {
    logger: createLogger(write, undefined, mask),
    write,
    mask,
    dir: options.dir,
    close: () =>
      new Promise<void>((resolve) => {
        base.flush(() => {
          stream.once('close', () => resolve())
          stream.end()
        })
      })
  }
}
