import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { EmbeddedSandbox } from '../../../electron/main/embedded-api/embedded-sandbox'
import { spawnSandboxFromSource } from '../../../electron/main/embedded-api/spawn-from-source'
import { createLogger } from '../../../electron/main/logging/logger'
import { until } from '../until'

// The built-in sandbox's worker, asked to, starts the fake Greenhouse and Lever once its people are indexed,
// and says where they listen (EmbeddedSandbox.atsFakes()).
describe('the built-in sandbox’s fake ATSs', () => {
  it('listen on their own loopback ports once everyone is indexed, and stop with it', async () => {
    const sandbox = new EmbeddedSandbox({
      spawn: spawnSandboxFromSource,
      data: { profiles: 300, seed: 3, stateFile: null, ats: true },
      logger: createLogger(() => undefined)
    })
    sandbox.start()
    let greenhouseUrl = ''
    try {
      const endpoints = await sandbox.ready()
      await sandbox.catalog()
      const ats = await until(
        () => sandbox.atsFakes(),
        (value) => value !== null,
        30_000
      )
      greenhouseUrl = ats!.greenhouse.baseUrl
      for (const [fake, path] of [
        [ats!.greenhouse, '/v1/candidates?per_page=1'],
        [ats!.lever, '/v1/opportunities?limit=1']
      ] as const) {
        expect(fake.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
        expect(fake.baseUrl).not.toBe(endpoints.baseUrl)
        const answer = await request(`${fake.baseUrl}${path}`, {
          headers: { authorization: `Basic ${Buffer.from(`${fake.apiKey}:`).toString('base64')}` }
        })
        expect(answer.statusCode).toBe(200)
        await answer.body.dump()
      }
    } finally {
      await sandbox.close()
    }
    // closed with the sandbox: nothing listens there any more
    await expect(request(`${greenhouseUrl}/v1/candidates`)).rejects.toThrow()
  }, 60_000)
})
