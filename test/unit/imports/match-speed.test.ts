import { describe, expect, it } from 'vitest'
import type { ImportCounts } from '../../../shared/ipc/channels/imports'
import { MatchSpeed } from '../../../electron/main/imports/match-speed'

const counts = (answered: number, pending: number): ImportCounts => ({
  rows: answered + pending,
  skipped: 0,
  unmatchable: 0,
  duplicate: 0,
  pending,
  matched: answered,
  doubtful: 0,
  none: 0,
  failed: 0,
  accepted: 0,
  rejected: 0
})

describe('a batch’s speed and time left', () => {
  it('are the pace’s: its rate now over the calls a row takes, not the rows of the last seconds', () => {
    const speed = new MatchSpeed()
    // the pace was slow at first and now runs at 30 calls a second; rows took 1.5 calls each
    expect(speed.sample('b', counts(0, 700), 0, true, { calls: 0, rate: 10 })).toEqual({
      rowsPerSecond: null,
      etaSeconds: null
    })
    const now = speed.sample('b', counts(100, 600), 10_000, true, { calls: 150, rate: 30 })
    // 100 rows in 10 s would say 10 rows/s and 60 s left; the pace says 20 rows/s and 30 s
    expect(now).toEqual({ rowsPerSecond: 20, etaSeconds: 30 })
  })

  it('follows the pace at once when the service slows it down', () => {
    const speed = new MatchSpeed()
    speed.sample('b', counts(0, 1000), 0, true, { calls: 0, rate: 40 })
    expect(speed.sample('b', counts(400, 600), 10_000, true, { calls: 400, rate: 40 })).toEqual({
      rowsPerSecond: 40,
      etaSeconds: 15
    })
    // a 429: the pace drops to 20 a second, and so does the ETA, without waiting for the rows to show it
    expect(speed.sample('b', counts(410, 590), 10_500, true, { calls: 410, rate: 20 })).toEqual({
      rowsPerSecond: 20,
      etaSeconds: 30
    })
  })

  it('without the pace’s figures, counts the rows of the last seconds; nothing while not running', () => {
    const speed = new MatchSpeed()
    speed.sample('b', counts(0, 100), 0, true)
    expect(speed.sample('b', counts(20, 80), 2_000, true)).toEqual({ rowsPerSecond: 10, etaSeconds: 8 })
    expect(speed.sample('b', counts(20, 80), 3_000, false)).toEqual({ rowsPerSecond: null, etaSeconds: null })
  })
})
