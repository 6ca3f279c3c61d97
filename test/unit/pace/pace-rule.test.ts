import { describe, expect, it } from 'vitest'
import { PaceRule, signalOf } from '../../../electron/main/pace/pace-rule'
import { cleanSpell } from './clean-spell'

describe('the pace rule (AIMD on the service’s answers)', () => {
  it('starts moderate and speeds up while answers come back clean, never above the ceiling', () => {
    const rule = new PaceRule(100, 0)
    expect(rule.rate).toBe(10)
    rule.wanted(100)
    rule.clean(100) // within the first step: no change yet
    expect(rule.rate).toBe(10)
    rule.wanted(250)
    rule.clean(250)
    expect(rule.rate).toBe(20)
    rule.wanted(500)
    rule.clean(500)
    expect(rule.rate).toBe(40)
    cleanSpell(rule, 750, 5_000, 25)
    expect(rule.rate).toBe(100) // the ceiling, however long it stays clean
    expect(new PaceRule(4, 0).rate).toBe(4) // a ceiling under the start is the start
  })

  it('does not speed up a pace nobody waits for', () => {
    const rule = new PaceRule(100, 0)
    for (let t = 0; t <= 5_000; t += 50) rule.clean(t) // callers slower than the pace
    expect(rule.rate).toBe(10)
  })

  it('backs off multiplicatively on a 429, to just under what the service let through, and holds there', () => {
    const rule = new PaceRule(1000, 0)
    // the service let 20 calls a second through in the last second, then said "slow down" at a rate of 40
    let t = cleanSpell(rule, 0, 1_000, 50)
    expect(rule.rate).toBeGreaterThanOrEqual(40)
    const before = rule.rate
    rule.rateLimited(t)
    expect(rule.limit).toBeCloseTo(20, 0)
    expect(rule.rate).toBeLessThanOrEqual(before * 0.7)
    expect(rule.rate).toBeCloseTo(0.98 * 20, 0)
    // more 429s of the same overload (calls already on their way) do not cut again
    rule.rateLimited(t + 100)
    expect(rule.rate).toBeCloseTo(0.98 * 20, 0)
    // clean answers at that rate: held under the limit for the hold (30 s), then a gentle probe
    t = cleanSpell(rule, t + 1, t + 29_000, 51)
    expect(rule.rate).toBeCloseTo(0.98 * 20, 5)
    t = cleanSpell(rule, t, t + 3_000, 51)
    expect(rule.rate).toBeGreaterThan(0.98 * 20)
    expect(rule.rate).toBeLessThan(0.98 * 20 * 1.2)
  })

  it('after a multiplicative cut, recovers quickly to just under the limit it learnt', () => {
    const rule = new PaceRule(40, 0)
    let t = cleanSpell(rule, 0, 1_000, 1000 / 35) // at its ceiling of 40, 35 a second came back clean
    expect(rule.rate).toBe(40)
    rule.rateLimited(t)
    expect(rule.limit).toBeCloseTo(35, 0)
    expect(rule.rate).toBeCloseTo(28, 5) // 0.7 × 40: under 0.98 × 35
    t = cleanSpell(rule, t + 1, t + 800, 1000 / 28)
    expect(rule.rate).toBeCloseTo(0.98 * rule.limit!, 5) // within three steps
  })

  it('a deep overshoot is cut to what the service let through, not only by half', () => {
    const rule = new PaceRule(1000, 0)
    const t = cleanSpell(rule, 0, 2_000, 5) // 200 clean a second, the pace at its ceiling
    expect(rule.rate).toBe(1000)
    rule.rateLimited(t)
    expect(rule.limit).toBeCloseTo(200, -1)
    expect(rule.rate).toBeCloseTo(0.98 * rule.limit!, 5)
  })

  it('meeting the same limit again waits longer before probing above it', () => {
    const rule = new PaceRule(1000, 0)
    let t = cleanSpell(rule, 0, 1_000, 50)
    rule.rateLimited(t) // limit ≈ 20, hold 30 s
    t = cleanSpell(rule, t + 1, t + 32_000, 51)
    rule.rateLimited(t) // the same limit: hold 60 s
    const target = 0.98 * rule.limit!
    t = cleanSpell(rule, t + 1, t + 55_000, 51)
    expect(rule.rate).toBeCloseTo(target, 5) // back under the limit, still held at 55 s
    t = cleanSpell(rule, t, t + 8_000, 51)
    expect(rule.rate).toBeGreaterThan(target) // probing after 60 s
  })

  it('lowering the ceiling slows the running pace at once', () => {
    const rule = new PaceRule(1000, 0)
    cleanSpell(rule, 0, 2_000, 5)
    expect(rule.rate).toBeGreaterThan(100)
    rule.setCeiling(30)
    expect(rule.rate).toBe(30)
  })

  it('reads a 429 as a rate limit, 503, 504 and time-outs as a struggling service; a 404 or a dropped connection says nothing', () => {
    expect(signalOf(200, null)).toBe('clean')
    expect(signalOf(429, 'rate_limited')).toBe('rate_limited')
    expect(signalOf(503, 'server')).toBe('struggling')
    expect(signalOf(504, 'server')).toBe('struggling')
    expect(signalOf(null, 'timeout')).toBe('struggling')
    expect(signalOf(404, 'not_found')).toBe('neutral')
    expect(signalOf(500, 'server')).toBe('neutral')
    expect(signalOf(null, 'network')).toBe('neutral')
  })
})
