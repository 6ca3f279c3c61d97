import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { ApiError } from '../../../electron/main/api/api-error'
import { ConnectionGate } from '../../../electron/main/api/connection-gate'
import { AtsClient, type AtsKind } from '../../../electron/main/ats/ats-client'
import { checkConnection } from '../../../electron/main/ats/connection-check'
import { defaultAnswerLimits } from '../../../electron/main/net/answer-limits'
import { createAppDispatcher, type AppDispatcher } from '../../../electron/main/net/dispatcher'
import { ConnectionPace, systemTimers } from '../../../electron/main/pace/connection-pace'

// Connecting an ATS (issue #39 item 1), main-process side, over real HTTP against the fakes:
// the main process's dispatcher, a connection pace and gate as pace/ gives them.
let fakes: RunningAtsFakes
let dispatcher: AppDispatcher

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 7, fromProfiles: 300, greenhouseRateLimit: 3, greenhouseWindowMs: 2000 })
  dispatcher = createAppDispatcher()
})
afterAll(async () => {
  await fakes.close()
  await dispatcher.close()
})

function client(kind: AtsKind, baseUrl: string, apiKey: string): { client: AtsClient; gate: ConnectionGate } {
  const gate = new ConnectionGate()
  const pace = new ConnectionPace({ ceiling: 50, gate, timers: systemTimers })
  return {
    client: new AtsClient({ kind, baseUrl, apiKey, dispatcher, limits: defaultAnswerLimits, paced: pace.run, gate }),
    gate
  }
}

describe('Test connection', () => {
  it('Greenhouse: a full key acting as an active user may read and create, and says its limit', async () => {
    const gh = fakes.greenhouse
    const before = gh.store.candidates.length
    const check = await checkConnection(
      client('greenhouse', gh.baseUrl, gh.keys.full).client,
      'greenhouse',
      String(gh.userId)
    )
    expect(check).toMatchObject({
      actingUser: 'Sam Sandbox',
      mayReadCandidates: true,
      mayCreateCandidates: true,
      rateLimit: 3
    })
    expect(check.summary).toBe(
      'Connected to Greenhouse as Sam Sandbox. This key may read candidates and create candidates and prospects. Greenhouse allows 3 requests every 10 seconds on it.'
    )
    // the probe created nothing
    expect(gh.store.candidates.length).toBe(before)
  })

  it('Greenhouse: a read-only key is said to be unable to create', async () => {
    const gh = fakes.greenhouse
    const check = await checkConnection(
      client('greenhouse', gh.baseUrl, gh.keys.readOnly).client,
      'greenhouse',
      String(gh.userId)
    )
    expect(check).toMatchObject({ mayReadCandidates: true, mayCreateCandidates: false })
    expect(check.summary).toContain('it may not create candidates — ask your Greenhouse admin to allow it.')
  })

  it('a wrong key is said in words, as is a user who left', async () => {
    const gh = fakes.greenhouse
    const wrong = await checkConnection(
      client('greenhouse', gh.baseUrl, 'nope').client,
      'greenhouse',
      String(gh.userId)
    ).catch((error: unknown) => error)
    expect(wrong).toBeInstanceOf(ApiError)
    expect((wrong as ApiError).code).toBe('unauthorized')
    expect((wrong as ApiError).message).toBe(
      'Greenhouse refused the API key (HTTP 401: “Invalid Basic Auth credentials”). Check that it was copied whole, and that it is a Harvest API key that has not been revoked.'
    )
    const departed = await checkConnection(
      client('greenhouse', gh.baseUrl, gh.keys.full).client,
      'greenhouse',
      String(gh.disabledUserId)
    ).catch((error: unknown) => error)
    expect((departed as Error).message).toContain('is disabled')
    const lever = fakes.lever
    const leverWrong = await checkConnection(
      client('lever', lever.baseUrl, 'nope').client,
      'lever',
      lever.userId
    ).catch((error: unknown) => error)
    expect((leverWrong as ApiError).message).toMatch(/^Lever refused the API key \(HTTP 401: “Invalid API key”\)/)
  })

  it('Lever: a full key acting as an active user may read and create; a read-only key may not create', async () => {
    const lever = fakes.lever
    const before = lever.store.opportunities.length
    const full = await checkConnection(client('lever', lever.baseUrl, lever.keys.full).client, 'lever', lever.userId)
    expect(full).toMatchObject({
      actingUser: 'Sam Sandbox',
      mayReadCandidates: true,
      mayCreateCandidates: true,
      rateLimit: null
    })
    const readOnly = await checkConnection(
      client('lever', lever.baseUrl, lever.keys.readOnly).client,
      'lever',
      lever.userId
    )
    expect(readOnly.mayCreateCandidates).toBe(false)
    expect(lever.store.opportunities.length).toBe(before)
  })
})

describe('pace', () => {
  it('a 429 holds the connection for its Retry-After, then the call goes through', async () => {
    const paced = await startAtsFakes({ seed: 7, fromProfiles: 50, greenhouseRateLimit: 2, greenhouseWindowMs: 1000 })
    try {
      const { client: gh, gate } = client('greenhouse', paced.greenhouse.baseUrl, paced.greenhouse.keys.full)
      let held = false
      const answers = []
      for (let i = 0; i < 3; i++) {
        const call = gh.call('Read candidates', '/v1/candidates?per_page=1')
        // the third call is refused (2 per second), holds the gate, and is sent again once it opens
        if (i === 2) {
          const timer = setInterval(() => (held ||= gate.remaining() > 0), 5)
          answers.push(await call.finally(() => clearInterval(timer)))
        } else answers.push(await call)
      }
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200])
      expect(held).toBe(true)
      expect(gh.rateLimit).toBe(2)
    } finally {
      await paced.close()
    }
  })
})
