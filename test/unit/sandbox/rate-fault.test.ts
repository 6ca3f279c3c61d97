import { describe, expect, it } from 'vitest'
import { FaultInjector } from '../../../sandbox/faults/injector'
import { hasFaults, parseFaultSpec } from '../../../sandbox/faults/spec'

describe('the sandbox’s rate=N fault', () => {
  it('lets N requests through in any second and answers the rest 429', () => {
    let now = 0
    const config = parseFaultSpec('rate=20,retryAfter=1')
    expect(config.ratePerSecond).toBe(20)
    expect(hasFaults(config)).toBe(true)
    const injector = new FaultInjector(config, () => now)
    // 30 at once: 20 through, 10 refused
    const burst = Array.from({ length: 30 }, () => injector.decide().kind)
    expect(burst.filter((kind) => kind === 'none')).toHaveLength(20)
    expect(burst.filter((kind) => kind === '429')).toHaveLength(10)
    expect(injector.rateLimited).toBe(10)
    // still within that second: refused; a second later the window is free again
    now = 999
    expect(injector.decide().kind).toBe('429')
    now = 1000
    expect(injector.decide().kind).toBe('none')
    // evenly at 20 a second, nothing is refused
    const even = new FaultInjector(config, () => now)
    const kinds: string[] = []
    for (let i = 0; i < 200; i++) {
      now = 10_000 + i * 50
      kinds.push(even.decide().kind)
    }
    expect(kinds.every((kind) => kind === 'none')).toBe(true)
    expect(parseFaultSpec('').ratePerSecond).toBe(0)
    expect(() => parseFaultSpec('rate=fast')).toThrow(/rate/)
  })
})
