import type { Logger } from '../main/logging/logger'

/**
 * Warnings a client can cause at will (a refused event stream, a foreign Origin) written at most
 * once per kind per interval: a burst of 269 refusals is one line at once and, when the interval
 * ends, one line more saying how many were left out (`suppressed`) — never a flooded log.
 */
export interface ThrottledWarnings {
  warn(event: string, fields?: Record<string, unknown>): void
  /** Writes what is still counted (the host is closing) and stops the timers. */
  flush(): void
}

export interface ThrottleOptions {
  /** One line per kind per this many milliseconds. */
  intervalMs: number
  now?: () => number
  /** Runs `run` after `ms`; answers how to cancel it. Tests pass their own. */
  schedule?: (run: () => void, ms: number) => () => void
}

const realSchedule = (run: () => void, ms: number) => {
  const timer = setTimeout(run, ms)
  timer.unref()
  return () => clearTimeout(timer)
}

export function throttleWarnings(logger: Logger, options: ThrottleOptions): ThrottledWarnings {
  const now = options.now ?? Date.now
  const schedule = options.schedule ?? realSchedule
  const kinds = new Map<
    string,
    { since: number; suppressed: number; last?: Record<string, unknown>; cancel?: () => void }
  >()

  const writeSuppressed = (event: string) => {
    const kind = kinds.get(event)
    if (!kind || kind.suppressed === 0) return
    logger.warn(event, { ...kind.last, suppressed: kind.suppressed, intervalMs: options.intervalMs })
    kinds.set(event, { since: now(), suppressed: 0 })
  }

  return {
    warn(event, fields) {
      const at = now()
      const kind = kinds.get(event)
      if (kind === undefined || at - kind.since >= options.intervalMs) {
        kind?.cancel?.()
        if (kind && kind.suppressed > 0) writeSuppressed(event)
        logger.warn(event, fields)
        kinds.set(event, { since: at, suppressed: 0 })
        return
      }
      kind.suppressed += 1
      if (fields !== undefined) kind.last = fields
      kind.cancel ??= schedule(() => writeSuppressed(event), kind.since + options.intervalMs - at)
    },
    flush() {
      for (const [event, kind] of kinds) {
        kind.cancel?.()
        writeSuppressed(event)
      }
      kinds.clear()
    }
  }
}
