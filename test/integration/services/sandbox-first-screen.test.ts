import { describe, expect, it } from 'vitest'
import { generateProfiles } from '../../../sandbox/data/generate'
import { useMains } from './helpers'

// The app's own data set (seed 1): its names are answered before everyone is generated.
const COUNT = 300
const people = generateProfiles({ count: COUNT, seed: 1 })

describe('the built-in sandbox’s build of everyone', () => {
  const start = useMains()

  it('waits for the first screen to be painted: the first searches do not share the CPU with it', async () => {
    const main = await start({
      sandboxProfiles: COUNT,
      sandboxSeed: 1,
      sandboxBuildDelayMs: 0,
      firstScreen: { fallbackMs: 600_000 }
    })
    let built = false
    void main.services.sandbox!.catalog().then(() => (built = true))
    await main.services.sandbox!.ready()
    // the first searches, answered from the names alone while the first screen is not yet painted
    for (const [i, p] of people.slice(0, 8).entries()) {
      const found = await main.ok('searchProfiles', {
        requestId: `req-first-${i}`,
        request: { name: p.full_name! }
      })
      expect(found.results.map((r) => r.key)).toContain(p.key)
    }
    expect(built).toBe(false)
    expect(main.logs.some((r) => r.event === 'sandbox.build_scheduled')).toBe(false)

    main.services.firstScreenPainted()
    expect(await main.services.sandbox!.catalog()).toMatchObject({ saved: true })
    expect(main.logs.find((r) => r.event === 'sandbox.build_scheduled')?.fields).toEqual({ delayMs: 0 })
  }, 30_000) // the sandbox's worker from source
})
