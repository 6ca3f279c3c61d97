import { createHmac } from 'node:crypto'
import { generateProfiles } from '../data/generate'
import { systemClock, type Clock } from '../server/clock'
import { atsPeople } from './ats-people'
import { harvestHandler, noHarvestFaults, type HarvestFaults, type HarvestKeys } from './greenhouse/harvest-server'
import { HarvestStore } from './greenhouse/harvest-store'
import { listenLoopback } from './listen'
import { LeverOAuthServer, type LeverOAuthClient } from './lever/lever-oauth'
import { leverHandler, type LeverKeys } from './lever/lever-server'
import { LeverStore } from './lever/lever-store'

export interface AtsFakeOptions {
  /** The Sandbox's seed: the same people, keys and choices on every run. */
  seed?: number
  clock?: Clock
  /** How many of the Sandbox's first profiles the ATSs draw their people from (default 2,000). */
  fromProfiles?: number
  /** Made-up candidates added to the fake Greenhouse after the Sandbox's own (a large pull; default 0). */
  greenhouseFiller?: number
  /** Harvest's X-RateLimit-Limit per rolling window (default 50) and the window (default 10 s). */
  greenhouseRateLimit?: number
  greenhouseWindowMs?: number
  /** Lever's requests per window (default 10) and the window (default 1 s). */
  leverRateLimit?: number
  leverWindowMs?: number
  /** Ports on 127.0.0.1 (default 0: the OS picks). */
  greenhousePort?: number
  leverPort?: number
}

export interface RunningGreenhouse {
  baseUrl: string
  keys: HarvestKeys
  /** The id of the active user to send as On-Behalf-Of. */
  userId: number
  /** A user who left (disabled): On-Behalf-Of with it is refused. */
  disabledUserId: number
  store: HarvestStore
  /** Fault switches tests flip (none on at start). */
  faults: HarvestFaults
  /** Every request it was sent (method, path and query), in order: tests count them (and may empty it). */
  requests: string[]
}

export interface RunningLever {
  baseUrl: string
  keys: LeverKeys
  /** The id of the active user to send as `perform_as`. */
  userId: string
  deactivatedUserId: string
  store: LeverStore
  /**
   * Its OAuth app and authorization server (lever-oauth.ts), on the same port: `authUrl` stands for
   * https://auth.lever.co (`/authorize`, `/oauth/token`); `server.revokeAll()` revokes the app.
   */
  oauth: LeverOAuthClient & { authUrl: string; server: LeverOAuthServer }
}

export interface RunningAtsFakes {
  greenhouse: RunningGreenhouse
  lever: RunningLever
  close(): Promise<void>
}

/** Keys derived from the seed, like the Sandbox's own (another seed gives other ones). */
function deriveKey(seed: number, label: string): string {
  return createHmac('sha256', `talent-desk-sandbox-ats:${seed}`).update(label).digest('hex').slice(0, 32)
}

/**
 * The fake Greenhouse Harvest and Lever APIs, each on its own loopback port, holding some of the
 * Sandbox's own people (sandbox/ats/ats-people.ts) so pushes and pulls meet real overlaps.
 */
export async function startAtsFakes(options: AtsFakeOptions = {}): Promise<RunningAtsFakes> {
  const seed = options.seed ?? 1
  const clock = options.clock ?? systemClock
  const fromProfiles = options.fromProfiles ?? 2000
  const startedAt = clock.now()
  // the first N of any run with this seed: the same people the Sandbox serves
  const profiles = generateProfiles({ count: fromProfiles, seed })
  const harvestStore = new HarvestStore(
    atsPeople({
      seed,
      profiles,
      extraShare: 0.05,
      salt: 'greenhouse',
      filler: options.greenhouseFiller ?? 0
    }),
    startedAt
  )
  const leverStore = new LeverStore(atsPeople({ seed, profiles, extraShare: 0.08, salt: 'lever' }), startedAt)
  const greenhouseKeys: HarvestKeys = {
    full: deriveKey(seed, 'greenhouse'),
    readOnly: deriveKey(seed, 'greenhouse-read')
  }
  const leverKeys: LeverKeys = { full: deriveKey(seed, 'lever'), readOnly: deriveKey(seed, 'lever-read') }
  const greenhouseFaults = noHarvestFaults()
  const greenhouseRequests: string[] = []
  const greenhouse = await listenLoopback(
    options.greenhousePort ?? 0,
    harvestHandler({
      store: harvestStore,
      keys: greenhouseKeys,
      clock,
      rateLimit: options.greenhouseRateLimit ?? 50,
      windowMs: options.greenhouseWindowMs ?? 10_000,
      faults: greenhouseFaults,
      requests: greenhouseRequests
    })
  )
  const leverClient: LeverOAuthClient = {
    clientId: deriveKey(seed, 'lever-oauth-client'),
    clientSecret: deriveKey(seed, 'lever-oauth-secret')
  }
  let leverBase = ''
  const leverAuth = new LeverOAuthServer(leverClient, clock, () => `${leverBase}/v1/`)
  const lever = await listenLoopback(
    options.leverPort ?? 0,
    leverHandler({
      store: leverStore,
      keys: leverKeys,
      clock,
      rateLimit: options.leverRateLimit ?? 10,
      windowMs: options.leverWindowMs ?? 1000,
      oauth: leverAuth
    })
  ).catch(async (error: unknown) => {
    await greenhouse.close()
    throw error
  })
  leverBase = lever.baseUrl
  const [active, disabled] = harvestStore.users
  const [leverActive, leverGone] = leverStore.users
  return {
    greenhouse: {
      baseUrl: greenhouse.baseUrl,
      keys: greenhouseKeys,
      userId: active!.id,
      disabledUserId: disabled!.id,
      store: harvestStore,
      faults: greenhouseFaults,
      requests: greenhouseRequests
    },
    lever: {
      baseUrl: lever.baseUrl,
      keys: leverKeys,
      userId: leverActive!.id,
      deactivatedUserId: leverGone!.id,
      store: leverStore,
      oauth: { ...leverClient, authUrl: lever.baseUrl, server: leverAuth }
    },
    close: async () => {
      await Promise.all([greenhouse.close(), lever.close()])
    }
  }
}
