import { describe, expect, it } from 'vitest'
import { PaceRule } from '../../../electron/main/pace/pace-rule'
// mulberry32: the same faults every run
import { rng } from '../../integration/store/fixtures/profiles'
import { cleanSpell } from './clean-spell'

/**
 * Calls waiting for the pace all along, started at its rate, against a service with no rate
 * limit: each answer is a 503 or a time-out with chance `share`, else clean. Returns the rates
 * seen each second.
 */
function faultSoak(rule: PaceRule, from: number, seconds: number, share: number, random: () => number): number[] {
  const rates: number[] = []
  let t = from
  let nextSecond = from + 1000
  while (t < from + seconds * 1000) {
    rule.wanted(t)
    if (random() < share) rule.struggling(t)
    else rule.clean(t)
    t += 1000 / rule.rate
    if (t >= nextSecond) {
      rates.push(rule.rate)
      nextSecond += 1000
    }
  }
  return rates
}

describe('the pace rule tells a rate limit from a sick moment', () => {
  it('a single 503 or time-out during a lull does not cap the rate: a few clean seconds and it is back', () => {
    for (const sick of ['503', 'time-out']) {
      const rule = new PaceRule(100, 0)
      let t = cleanSpell(rule, 0, 3_000, 10) // at its ceiling of 100
      expect(rule.rate).toBe(100)
      // a lull: three calls in the last second, nobody waiting; then one 503 (or a time-out)
      t += 2_000
      for (let i = 0; i < 3; i++) rule.clean((t += 300))
      rule.struggling((t += 100))
      expect(rule.rate).toBeLessThan(100) // it still backs off
      expect(rule.limit, sick).toBeNull() // but learns no limit from it
      t = cleanSpell(rule, t + 1, t + 3_000, 15) // calls wait for the pace again
      expect(rule.rate, sick).toBe(100)
    }
  })

  it('a 429 in a lull backs off but is no limit; near its rate, it teaches the limit', () => {
    const lull = new PaceRule(100, 0)
    let t = cleanSpell(lull, 0, 3_000, 10)
    t += 2_000
    for (let i = 0; i < 3; i++) lull.clean((t += 300))
    lull.rateLimited((t += 100))
    expect(lull.limit).toBeNull()
    expect(lull.rate).toBeCloseTo(70, 5)
    cleanSpell(lull, t + 1, t + 3_000, 15)
    expect(lull.rate).toBe(100)

    const busy = new PaceRule(100, 0)
    t = cleanSpell(busy, 0, 3_000, 1000 / 60) // 60 a second come back clean, calls waiting
    busy.rateLimited(t)
    expect(busy.limit).toBeCloseTo(60, -1)
    cleanSpell(busy, t + 1, t + 3_000, 1000 / 60)
    expect(busy.rate).toBeCloseTo(0.98 * busy.limit!, 5) // held under it
  })

  it('a steady 10 % of 503s and time-outs from a service with no rate limit keeps the rate above half the ceiling', () => {
    const rule = new PaceRule(100, 0)
    const rates = faultSoak(rule, 0, 60, 0.1, rng(29))
    const lastHalf = rates.slice(30)
    expect(Math.min(...lastHalf)).toBeGreaterThanOrEqual(50)
    expect(lastHalf.reduce((a, b) => a + b, 0) / lastHalf.length).toBeGreaterThanOrEqual(60)
    expect(rule.limit).toBeNull()
  })

  it('a service failing half its answers is backed off and stays down while it does', () => {
    const rule = new PaceRule(100, 0)
    cleanSpell(rule, 0, 3_000, 10)
    const rates = faultSoak(rule, 3_000, 20, 0.5, rng(7))
    const after = rates.slice(5)
    expect(Math.max(...after)).toBeLessThanOrEqual(10) // from 100
    expect(after.reduce((a, b) => a + b, 0) / after.length).toBeLessThanOrEqual(6)
  })
})
