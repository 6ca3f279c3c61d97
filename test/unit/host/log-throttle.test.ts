import { describe, expect, it } from 'vitest'
import { throttleWarnings } from '../../../electron/host/log-throttle'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'

/** A clock and a timer queue the test moves by hand. */
function manualTime() {
  let time = 0
  const timers: Array<{ at: number; run: () => void; cancelled: boolean }> = []
  return {
    now: () => time,
    schedule(run: () => void, ms: number) {
      const timer = { at: time + ms, run, cancelled: false }
      timers.push(timer)
      return () => {
        timer.cancelled = true
      }
    },
    advance(ms: number) {
      time += ms
      for (const timer of timers.filter((t) => !t.cancelled && t.at <= time)) {
        timer.cancelled = true
        timer.run()
      }
    }
  }
}

describe('throttled refusal warnings', () => {
  it('a burst of 269 refusals is one line at once and one line with the count when the interval ends', () => {
    const records: LogRecord[] = []
    const time = manualTime()
    const warnings = throttleWarnings(
      createLogger((record) => records.push(record)),
      { intervalMs: 10_000, now: time.now, schedule: time.schedule }
    )
    for (let i = 0; i < 269; i++) warnings.warn('host.too_many_event_streams', { open: 32 })
    expect(records).toHaveLength(1)
    expect(records[0]).toMatchObject({ event: 'host.too_many_event_streams', fields: { open: 32 } })
    time.advance(9_999)
    expect(records).toHaveLength(1)
    time.advance(1)
    expect(records).toHaveLength(2)
    expect(records[1]).toMatchObject({ event: 'host.too_many_event_streams', fields: { suppressed: 268 } })
    // quiet afterwards: nothing more is written
    time.advance(60_000)
    expect(records).toHaveLength(2)
    // a later refusal is written at once again
    warnings.warn('host.too_many_event_streams', { open: 32 })
    expect(records).toHaveLength(3)
    expect(records[2]!.fields).not.toHaveProperty('suppressed')
  })

  it('counts each kind apart, keeps a steady flood to one line per interval, and flushes on close', () => {
    const records: LogRecord[] = []
    const time = manualTime()
    const warnings = throttleWarnings(
      createLogger((record) => records.push(record)),
      { intervalMs: 1_000, now: time.now, schedule: time.schedule }
    )
    warnings.warn('host.foreign_origin', { origin: 'http://127.0.0.1:1' })
    warnings.warn('host.too_many_event_streams', { open: 2 })
    expect(records.map((r) => r.event)).toEqual(['host.foreign_origin', 'host.too_many_event_streams'])
    // ten seconds of one refusal every 10 ms
    for (let t = 0; t < 10_000; t += 10) {
      warnings.warn('host.foreign_origin', { origin: 'http://127.0.0.1:2' })
      time.advance(10)
    }
    const foreign = records.filter((r) => r.event === 'host.foreign_origin')
    expect(foreign.length).toBeGreaterThanOrEqual(10)
    expect(foreign.length).toBeLessThanOrEqual(12)
    const counted = foreign.reduce((sum, r) => sum + ((r.fields?.suppressed as number | undefined) ?? 1), 0)
    warnings.warn('host.foreign_origin', { origin: 'http://127.0.0.1:3' })
    warnings.warn('host.foreign_origin', { origin: 'http://127.0.0.1:3' })
    warnings.flush()
    const after = records.filter((r) => r.event === 'host.foreign_origin')
    const total = after.reduce((sum, r) => sum + ((r.fields?.suppressed as number | undefined) ?? 1), 0)
    // every refusal is accounted for: written, or counted in a later line
    expect(total - counted).toBe(2)
    expect(total).toBe(1 + 1000 + 2)
  })
})
