import { once } from 'node:events'
import { generateProfiles } from './data/generate'
import { FaultInjector } from './faults/injector'
import { hasFaults, parseFaultSpec } from './faults/spec'
import { builtInCollisionLog } from './data/collision-log'
import { SandboxCatalog } from './search/catalog'
import {
  encodeCatalog,
  readCatalog,
  removeCatalogLeftovers,
  writeCatalog,
  type CatalogRead
} from './search/catalog-file'
import { ProfileIndex } from './search/profile-index'
import { interpretUtterance } from './search/utterance'
import { systemClock, type Clock } from './server/clock'
import { defaultContactTiming, type ContactTiming } from './server/contacts/contact-book'
import { deriveCredentials, type SandboxCredentials } from './server/credentials'
import type { ProfileCatalog } from './search/profile-catalog'
import { defaultRefreshTiming, type RefreshTiming } from './server/refresh/refresh-jobs'
import { createSandboxServer } from './sandbox-server'
import { loadState, saveStateSync, type SandboxState } from './server/state-file'
import { ARRIVALS_NONE, catalogWithArrivals, checkArrivals, type ArrivalOptions } from './server/arrivals'
import { startAtsFakes, type AtsFakeOptions, type RunningAtsFakes } from './ats/fakes'

export { ManualClock, systemClock, type Clock } from './server/clock'
export {
  ARRIVALS_DEFAULT,
  ARRIVALS_NONE,
  arrivalOffsetMs,
  isPresentAtStart,
  type ArrivalOptions
} from './server/arrivals'
export type { ProfileCatalog } from './search/profile-catalog'
export { startAtsFakes, type AtsFakeOptions, type RunningAtsFakes } from './ats/fakes'

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
  /**
   * People who join the index after the sandbox's epoch (its state's first start; see
   * sandbox/server/arrivals.ts): none by default (ARRIVALS_NONE), so tests find anyone they pick;
   * the app's built-in sandbox uses ARRIVALS_DEFAULT (4 % over 56 days).
   */
  arrivals?: ArrivalOptions
  /** a ready catalog instead of generating `profiles` profiles (e.g. one shared by several sandboxes in a test) */
  catalog?: ProfileCatalog
  /**
   * A JSON file keeping the organisation's state (credits, purchases, jobs, call log,
   * conversations, workspaces) between runs; without it the state lives in memory only.
   */
  stateFile?: string | undefined
  /**
   * A file keeping the people's index (and what is needed to make each person again) between
   * runs, so a later start skips generating and indexing them (sandbox/search/catalog-file.ts).
   * A missing, stale or damaged file is written anew once everyone is indexed; a file there that
   * the sandbox did not write is left alone (and not used).
   */
  catalogFile?: string | undefined
  /** Keys the catalog file besides seed, count and the data version: the build of the code ('' by default). */
  catalogFingerprint?: string
  /**
   * Listen before everyone is generated and indexed: the build goes on between requests; name
   * searches are answered at once where the data set's collision log is built in (seed 1, up to
   * 20,000 people), other requests finish the build first. Default: build, then listen.
   */
  progressive?: boolean
  /**
   * With `progressive`: how long after listening the build starts (ms; default 0), or with
   * `holdBuild`, after `startBuild()`. The app waits a moment, so its first screen and first
   * search do not share the CPU with the build.
   */
  buildDelayMs?: number
  /**
   * With `progressive`: the build waits for `startBuild()` (the app calls it once its first screen
   * is painted). Requests that need everyone still finish the build when they come.
   */
  holdBuild?: boolean
  /**
   * Also start the fake Greenhouse Harvest and Lever APIs (sandbox/ats/), each on its own loopback
   * port, with some of this sandbox's people (its seed and clock unless given). Off by default;
   * the CLI and the app's built-in sandbox start them.
   */
  ats?: AtsFakeOptions | false
}

/** Where the people came from at start, and what became of the catalog file. */
export interface CatalogReport {
  /** `file`: read from the catalog file; `generated`: generated and indexed (before or after listening). */
  source: 'file' | 'generated'
  /** Why the catalog file was not used (missing, foreign, stale, damaged), with a detail. */
  fileProblem: string | null
  /** Settles once everyone is indexed and the catalog file written (or not: why). */
  settled: Promise<{ buildMs: number; saved: boolean; detail: string }>
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
  catalog: CatalogReport
  /** The fake ATSs, when started (`ats`): their addresses, keys, users and records. */
  ats: RunningAtsFakes | null
  /**
   * Back to the first state (initial credits, nothing bought, no jobs, calls or conversations),
   * saved. The epoch stays: the index goes on growing as before (people who arrived stay).
   */
  reset(): Promise<void>
  /**
   * A held build (`holdBuild`) starts, `buildDelayMs` from now; no effect when it was not held,
   * has started or is done.
   */
  startBuild(): void
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
  const opened = options.catalog ? null : openCatalog(options, seed)
  const clock = options.clock ?? systemClock
  const loaded = options.stateFile === undefined ? { state: null, note: null } : loadState(options.stateFile)
  // When this sandbox's state began: kept in the state file, so arrivals go on from there after a
  // restart (and while it is stopped). A file without one (older) starts it now, and saves it.
  const kept = loaded.state?.epoch === undefined ? Number.NaN : Date.parse(loaded.state.epoch)
  const epochIsNew = !Number.isFinite(kept)
  const epoch = epochIsNew ? clock.now() : kept
  const whole = options.catalog ?? (opened as OpenedCatalog).catalog
  const arrivals = checkArrivals(options.arrivals ?? ARRIVALS_NONE)
  const catalog = arrivals.share > 0 ? catalogWithArrivals(whole, { ...arrivals, clock, epoch: () => epoch }) : whole
  const credentials = deriveCredentials(seed, options.credentials)
  const stateFile = options.stateFile
  // A purchase or a refresh job is written before its answer leaves (`keep`, synchronous: a
  // crash after the answer must not lose what the client was told). Everything else (the call
  // log, conversations, workspaces) is debounced: a burst of calls writes the file once, shortly
  // after. Every write is synchronous, so two never overlap (an older one renamed over a newer);
  // in the app the sandbox runs in a worker thread, never on main's event loop.
  let saveTimer: NodeJS.Timeout | null = null
  let keptRevision = 0
  const state = (): SandboxState => ({ ...sandbox.snapshot(), epoch: new Date(epoch).toISOString() })
  const saveNow = (file: string): void => {
    try {
      keptRevision = sandbox.revision()
      saveStateSync(file, state())
    } catch (error) {
      console.error('[sandbox] could not save its state', error)
    }
  }
  const scheduleSave = (): void => {
    if (stateFile === undefined || saveTimer !== null) return
    saveTimer = setTimeout(() => {
      saveTimer = null
      saveNow(stateFile)
    }, 200)
  }
  const keep = (): void => {
    if (stateFile !== undefined && sandbox.revision() !== keptRevision) saveNow(stateFile)
  }
  const sandbox = createSandboxServer({
    onChange: scheduleSave,
    keep,
    catalog,
    interpret: interpretUtterance,
    clock,
    credentials,
    credits: options.credits ?? 1000,
    seed,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    contactTiming: { ...defaultContactTiming, ...options.contactTiming },
    refreshTiming: { ...defaultRefreshTiming, ...options.refreshTiming },
    faults: hasFaults(faultConfig) ? new FaultInjector(faultConfig) : undefined
  })
  const { server, baseUrl } = sandbox
  if (loaded.state !== null) sandbox.restore(loaded.state)
  keptRevision = sandbox.revision()
  // a new epoch is written at once: a sandbox stopped before its first call keeps it too
  if (stateFile !== undefined && epochIsNew) saveNow(stateFile)
  server.listen(options.port ?? 0, '127.0.0.1')
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error
    })
  ])
  const ats =
    options.ats === undefined || options.ats === false
      ? null
      : await startAtsFakes({ seed, clock, ...options.ats }).catch((error: unknown) => {
          server.close()
          server.closeAllConnections()
          throw error
        })
  const build = opened === null ? null : completeCatalog(opened, options)
  const base = baseUrl()
  let closing: Promise<void> | undefined
  const flush = async (): Promise<void> => {
    if (saveTimer !== null) clearTimeout(saveTimer)
    saveTimer = null
    if (stateFile === undefined) return
    keptRevision = sandbox.revision()
    saveStateSync(stateFile, state())
  }
  const closeServer = async (): Promise<void> => {
    await build?.stop()
    await Promise.all([stopListening(), ats?.close()])
  }
  const stopListening = (): Promise<void> =>
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
    catalog: {
      source: opened?.source ?? 'generated',
      fileProblem: opened?.problem ?? null,
      settled: build?.settled ?? Promise.resolve({ buildMs: 0, saved: false, detail: 'a catalog was given' })
    },
    ats,
    async reset() {
      sandbox.reset()
      await flush()
    },
    startBuild: () => build?.start(),
    close: () => (closing ??= flush().then(closeServer))
  }
}

interface OpenedCatalog {
  catalog: SandboxCatalog
  source: 'file' | 'generated'
  /** Why the catalog file was not used, if there is one. */
  problem: string | null
  /** Whether a catalog file may be written once everyone is indexed (never over a foreign file). */
  writable: boolean
  startedAt: number
}

/** The catalog file's people when it checks out; else a catalog to generate (now, or between requests). */
function openCatalog(options: SandboxOptions, seed: number): OpenedCatalog {
  const count = options.profiles ?? 20_000
  const startedAt = performance.now()
  let read: CatalogRead | null = null
  if (options.catalogFile !== undefined) {
    removeCatalogLeftovers(options.catalogFile)
    read = readCatalog(options.catalogFile, { seed, count, fingerprint: options.catalogFingerprint ?? '' })
    if (read.ok) {
      return {
        catalog: SandboxCatalog.fromFile(read.parts, read.log, seed),
        source: 'file',
        problem: null,
        writable: false,
        startedAt
      }
    }
  }
  const catalog = options.progressive
    ? SandboxCatalog.progressive({ count, seed, knownLog: builtInCollisionLog(seed, count) })
    : SandboxCatalog.build(count, seed)
  return {
    catalog,
    source: 'generated',
    problem: read === null || read.ok ? null : `${read.reason}: ${read.detail}`,
    writable: read !== null && !read.ok && read.reason !== 'foreign',
    startedAt
  }
}

/** Pieces of the build between requests, each at most this long (ms). */
const BUILD_SLICE_MS = 12

/**
 * Finishes a progressive catalog in slices between requests, then writes the catalog file
 * (when it was missing, stale or damaged).
 */
function completeCatalog(
  opened: OpenedCatalog,
  options: SandboxOptions
): { start(): void; stop(): Promise<void>; settled: CatalogReport['settled'] } {
  const { catalog } = opened
  let stopped = false
  let started = false
  let timer: NodeJS.Timeout | null = null
  const slice = (): void => {
    timer = null
    if (stopped) return
    const until = performance.now() + BUILD_SLICE_MS
    while (!catalog.step()) {
      if (performance.now() >= until) {
        setImmediate(slice)
        return
      }
    }
  }
  const start = (): void => {
    if (started || stopped || catalog.complete) return
    started = true
    timer = setTimeout(slice, options.buildDelayMs ?? 0)
  }
  if (!options.holdBuild) start()
  const settled = catalog.completed.then(async () => {
    const buildMs = Math.round(performance.now() - opened.startedAt)
    const file = options.catalogFile
    if (file === undefined || !opened.writable) {
      return {
        buildMs,
        saved: false,
        detail: file === undefined ? 'no catalog file' : (opened.problem ?? 'up to date')
      }
    }
    const saved = catalog.saved()
    if (saved === null) return { buildMs, saved: false, detail: 'not complete' }
    const key = { seed: catalog.seed, count: catalog.size, fingerprint: options.catalogFingerprint ?? '' }
    const bytes = encodeCatalog(key, saved.parts, saved.log, (id) => catalog.profileAt(id))
    await writeCatalog(file, bytes)
    return { buildMs, saved: true, detail: `${bytes.length} bytes` }
  })
  settled.catch(() => undefined) // observed by whoever asks; never an unhandled rejection
  return {
    start,
    // an unfinished build is dropped (the next start builds again); a finished one is written first
    stop: async () => {
      stopped = true
      if (timer !== null) clearTimeout(timer)
      if (catalog.complete) await settled.catch(() => undefined)
    },
    settled
  }
}
