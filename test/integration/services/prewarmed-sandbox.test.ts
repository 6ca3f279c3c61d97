import { afterEach, describe, expect, it } from 'vitest'
import { EmbeddedSandbox } from '../../../electron/main/embedded-api/embedded-sandbox'
import { prewarmedSandboxWorker } from '../../../electron/main/embedded-api/prewarmed-worker'
import { spawnSandboxFromSource } from '../../../electron/main/embedded-api/spawn-from-source'
import type { SandboxWorkerData } from '../../../electron/main/embedded-api/worker-protocol'
import { createLogger } from '../../../electron/main/logging/logger'

const credentials = {
  apiKey: 'sbx_prewarmed-test-key-0123456789',
  clientSecret: 'sbx_secret_prewarmed-test-0123456789',
  legacyClientSecret: 'sbx_secret_prewarmed-legacy-0123456789'
}
const data: SandboxWorkerData = { profiles: 200, seed: 1, stateFile: null, credentials }

const opened: EmbeddedSandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((sandbox) => sandbox.close()))
})

describe('the built-in sandbox’s worker started early (the browser host, as it prints its link)', () => {
  it('loads its code before its data is known, then runs with the data the spawn gives it', async () => {
    const started: unknown[] = []
    const spawn = prewarmedSandboxWorker((workerData) => {
      started.push(workerData)
      return spawnSandboxFromSource(workerData as SandboxWorkerData)
    })
    // started at once, with nothing but the word that its data comes later
    expect(started).toEqual([{ prewarmed: true }])
    const sandbox = new EmbeddedSandbox({ spawn, data, logger: createLogger(() => undefined) })
    opened.push(sandbox)
    sandbox.start()
    const endpoints = await sandbox.ready()
    // the same worker, given this data folder's credentials and its people
    expect(started).toHaveLength(1)
    expect(endpoints).toMatchObject({ apiKey: credentials.apiKey, clientSecret: credentials.clientSecret })
    expect(endpoints.profileCount).toBe(200)
    const answer = await fetch(`${endpoints.baseUrl}/api/Search/MatchProfiles`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': credentials.apiKey },
      body: JSON.stringify({ name: 'Nobody Atall' })
    })
    expect(answer.status).toBe(200)
  }, 30_000)

  it('starts a fresh worker for a second spawn', async () => {
    const started: unknown[] = []
    const spawn = prewarmedSandboxWorker((workerData) => {
      started.push(workerData)
      return spawnSandboxFromSource(workerData as SandboxWorkerData)
    })
    const first = new EmbeddedSandbox({ spawn, data, logger: createLogger(() => undefined) })
    const second = new EmbeddedSandbox({
      spawn,
      data: { ...data, profiles: 100 },
      logger: createLogger(() => undefined)
    })
    opened.push(first, second)
    first.start()
    second.start()
    expect((await first.ready()).profileCount).toBe(200)
    expect((await second.ready()).profileCount).toBe(100)
    expect(started).toEqual([{ prewarmed: true }, { ...data, profiles: 100 }])
  }, 30_000)
})
