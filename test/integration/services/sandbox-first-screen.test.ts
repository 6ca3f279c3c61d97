import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { composeMain } from '../../../electron/main/compose'
import { spawnSandboxFromSource } from '../../../electron/main/embedded-api/spawn-from-source'
import { createLogger } from '../../../electron/main/logging/logger'
import { STORE_FILE_NAME } from '../../../electron/main/store/database'
import { generateProfiles } from '../../../sandbox/data/generate'
import { origin, tempDir, useMains } from './helpers'

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

  it('starts its worker before the store is opened and the features are made: the first search waits for it', async () => {
    const dataDir = tempDir()
    let storeThere: boolean | undefined
    const services = await composeMain({
      dataDir,
      shell: 'browser-host',
      appName: 'Talent Desk',
      appVersion: '0.0.0-test',
      trustedOrigins: [origin],
      logger: createLogger(() => undefined),
      versions: { node: process.versions.node },
      sandbox: {
        spawn: (data) => {
          storeThere = existsSync(join(dataDir, STORE_FILE_NAME))
          return spawnSandboxFromSource(data)
        },
        profiles: COUNT,
        seed: 1
      }
    })
    try {
      expect(storeThere).toBe(false)
      expect(existsSync(join(dataDir, STORE_FILE_NAME))).toBe(true)
      expect((await services.sandbox!.ready()).profileCount).toBe(COUNT)
    } finally {
      await services.close()
    }
  }, 30_000)
})
