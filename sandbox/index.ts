import { once } from 'node:events'
import { generateProfiles } from './data/generate'
import { FaultInjector } from './faults/injector'
import { hasFaults, parseFaultSpec } from './faults/spec'
import { ProfileIndex } from './search/profile-index'
import { interpretUtterance } from './search/utterance'
import { systemClock, type Clock } from './server/clock'
import { defaultContactTiming, type ContactTiming } from './server/contacts/contact-book'
import { deriveCredentials, type SandboxCredentials } from './server/credentials'
import type { ProfileCatalog } from './server/profile-catalog'
import { defaultRefreshTiming, type RefreshTiming } from './server/refresh/refresh-jobs'
import { createSandboxServer } from './server/sandbox-server'
import { loadState, saveState, saveStateSync } from './server/state-file'

export { ManualClock, systemClock, type Clock } from './server/clock'
export type { ProfileCatalog } from './server/profile-catalog'

export interface SandboxOptions {
  /** TCP port on 127.0.0.1; 0 (default) lets the OS pick */
  port?: number
  /** number of generated profiles (default 20,000) */
  profiles?: number
  /** seed of the profile generator, the credentials and contact failures (default 1) */
  seed?: number
  /** fault SPEC (see sandbox/README.md); defaults to the SANDBOX_FAULTS environment variable */
  faults?: string | undefined
  /** contact credits of the organisation (default 1,000) */
  credits?: number
  /** access-token lifetime in seconds (default 3,600) */
  tokenTtlSeconds?: number
  clock?: Clock
  contactTiming?: Partial<ContactTiming>
  refreshTiming?: Partial<RefreshTiming>
  /** fixed credentials instead of the ones derived from the seed */
  credentials?: Partial<SandboxCredentials>
  /** a ready catalog instead of generating `profiles` profiles (e.g. one shared by several sandboxes in a test) */
  catalog?: ProfileCatalog
  /**
   * A JSON file keeping the organisation's state (credits, purchases, jobs, call log,
   * conversations, workspaces) between runs; without it the state lives in memory only.
   */
  stateFile?: string | undefined
}

export interface RunningSandbox {
  baseUrl: string
  apiKey: string
  authUrl: string
  mcpUrl: string
  clientId: string
  clientSecret: string
  legacyClientId: string
  legacyClientSecret: string
  /** profiles in the index */
  profileCount: number
  /** Set when the state file could not be read and was set aside (a plain sentence). */
  stateNote: string | null
  /** Back to the first state (initial credits, nothing bought, no jobs, calls or conversations), saved. */
  reset(): Promise<void>
  /** Saves the state (if there is a state file) and stops listening. */
  close(): Promise<void>
}

/** Generates the profiles and indexes them: the slow part of a start. */
export function buildCatalog(count: number, seed: number): ProfileCatalog {
  return new ProfileIndex(generateProfiles({ count, seed }))
}

/** Starts the sandbox in this process, on 127.0.0.1 only. */
export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const seed = options.seed ?? 1
  const spec = options.faults ?? process.env['SANDBOX_FAULTS'] ?? ''
  const faultConfig = parseFaultSpec(spec)
  const catalog = options.catalog ?? buildCatalog(options.profiles ?? 20_000, seed)
  const credentials = deriveCredentials(seed, options.credentials)
  const stateFile = options.stateFile
  // Saving is debounced: a burst of calls writes the file once, shortly after.
  let saveTimer: NodeJS.Timeout | null = null
  let saving: Promise<void> = Promise.resolve()
  const scheduleSave = (): void => {
    if (stateFile === undefined || saveTimer !== null) return
    saveTimer = setTimeout(() => {
      saveTimer = null
      saving = saving
        .then(() => saveState(stateFile, sandbox.snapshot()))
        .catch((error: unknown) => {
          console.error('[sandbox] could not save its state', error)
        })
    }, 200)
  }
  const sandbox = createSandboxServer({
    onChange: scheduleSave,
    catalog,
    interpret: interpretUtterance,
    clock: options.clock ?? systemClock,
    credentials,
    credits: options.credits ?? 1000,
    seed,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    contactTiming: { ...defaultContactTiming, ...options.contactTiming },
    refreshTiming: { ...defaultRefreshTiming, ...options.refreshTiming },
    faults: hasFaults(faultConfig) ? new FaultInjector(faultConfig) : undefined
  })
  const { server, baseUrl } = sandbox
  const loaded = stateFile === undefined ? { state: null, note: null } : loadState(stateFile)
  if (loaded.state !== null) sandbox.restore(loaded.state)
  server.listen(options.port ?? 0, '127.0.0.1')
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error
    })
  ])
  const base = baseUrl()
  let closing: Promise<void> | undefined
  const flush = async (): Promise<void> => {
    if (saveTimer !== null) clearTimeout(saveTimer)
    saveTimer = null
    await saving
    if (stateFile !== undefined) saveStateSync(stateFile, sandbox.snapshot())
  }
  const closeServer = (): Promise<void> =>
    new Promise<void>((resolve, reject) => {
      server.close((error) => (error ? reject(error) : resolve()))
      server.closeAllConnections() // keep-alive sockets would hold close() open
    })
  return {
    baseUrl: base,
    apiKey: credentials.apiKey,
    authUrl: base,
    mcpUrl: `${base}/mcp`,
    clientId: credentials.clientId,
    clientSecret: credentials.clientSecret,
    legacyClientId: credentials.legacyClientId,
    legacyClientSecret: credentials.legacyClientSecret,
    profileCount: catalog.size,
    stateNote: loaded.note,
    async reset() {
      sandbox.reset()
      await flush()
    },
    close: () => (closing ??= flush().then(closeServer))
  }
}
