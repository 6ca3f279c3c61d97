import { describe, expect, it } from 'vitest'
import { useMains } from '../services/helpers'
import { until } from '../until'

// "Try with the Sandbox's Greenhouse" (issue #39 item 1): the built-in Sandbox's fake ATSs start
// when the recruiter chooses one, and at a later start when a saved connection points at them;
// never at every start.
const start = useMains()

describe('the Sandbox’s fake Greenhouse, on demand', () => {
  it('starts when chosen, connects and tests; starts again at the next start because a connection uses it', async () => {
    const first = await start({ sandboxProfiles: 300, sandboxSeed: 5 })
    const sandbox = first.services.sandbox!
    await sandbox.ready()
    await sandbox.catalog()
    // everyone is indexed, and nothing asked for the fakes: they are not running
    expect(sandbox.atsFakes()).toBeNull()
    expect((await first.ok('listAtsConnections', {})).connections).toEqual([])

    const overview = await first.ok('connectSandboxAts', { kind: 'greenhouse' })
    const fakes = sandbox.atsFakes()!
    expect(overview.connections).toEqual([
      expect.objectContaining({
        kind: 'greenhouse',
        name: 'Sandbox’s Greenhouse',
        baseUrl: fakes.greenhouse.baseUrl,
        sandbox: true,
        actingUser: String(fakes.greenhouse.onBehalfOf),
        key: { configured: true, hint: null }
      })
    ])
    // chosen twice: still one connection
    expect((await first.ok('connectSandboxAts', { kind: 'greenhouse' })).connections).toHaveLength(1)
    const id = overview.connections[0]!.id
    const check = await first.ok('testAtsConnection', { id })
    expect(check.summary).toMatch(/^Connected to Greenhouse as Sam Sandbox\. This key may read candidates and create/)
    await first.close()

    const again = await start({ dataDir: first.dataDir, sandboxProfiles: 300, sandboxSeed: 5 })
    const fakesAgain = await until(
      () => again.services.sandbox!.atsFakes(),
      (value) => value !== null,
      30_000
    )
    const listed = await until(
      () => again.ok('listAtsConnections', {}),
      (value) => value.connections[0]?.baseUrl === fakesAgain!.greenhouse.baseUrl,
      10_000
    )
    expect(listed.connections.map((c) => c.id)).toEqual([id])
    expect((await again.ok('testAtsConnection', { id })).actingUser).toBe('Sam Sandbox')
  }, 90_000)
})
