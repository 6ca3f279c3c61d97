import { composeMain, type MainOptions, type MainServices } from '../../../electron/main/compose'
import { spawnSandboxFromSource } from '../../../electron/main/embedded-api/spawn-from-source'
import { createHash } from 'node:crypto'
import { loadNodeKeytar, type KeytarLoader } from '../../../electron/main/vault/open-vault'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import type { FileDialogs, SaveDialogRequest } from '../../../electron/main/export/save-targets'
import type { Clock } from '../../../electron/main/store/clock'
import type { ChannelInput, ChannelName, ChannelOutput, EventName } from '../../../shared/ipc/contract'
import type { ImportBatch } from '../../../shared/ipc/channels/imports'
import type { IpcError, IpcResult } from '../../../shared/ipc/errors'
import { afterEach } from 'vitest'
import { makeProfile } from '../store/fixtures/profiles'
import { ManualClock as StoreClock, tempDir as storeTempDir } from '../store/helpers'

export const origin = 'app://talent-desk'
const sender = { origin, isMainFrame: true }

export { makeProfile }

/** The store tests' hand-moved clock, starting at the instant these tests' expectations use. */
export class ManualClock extends StoreClock {
  constructor(start = '2026-03-02T10:00:00.000Z') {
    super(start)
  }
}

/**
 * A save dialog that answers like a recruiter would: the next queued answer (a path in the
 * test's folder, or null for Cancel). It records what the app asked for.
 */
export class ScriptedDialogs implements FileDialogs {
  readonly requests: SaveDialogRequest[] = []
  readonly #answers: Array<string | null> = []
  answer(next: string | null): this {
    this.#answers.push(next)
    return this
  }
  async chooseSavePath(request: SaveDialogRequest): Promise<string | null> {
    this.requests.push(request)
    if (this.#answers.length === 0) throw new Error(`No answer queued for the save dialog “${request.title}”`)
    return this.#answers.shift() ?? null
  }
}

export interface TestMain {
  services: MainServices
  dataDir: string
  logs: LogRecord[]
  events: Array<{ name: EventName; payload: unknown }>
  call<K extends ChannelName>(channel: K, input: ChannelInput<K>): Promise<IpcResult<ChannelOutput<K>>>
  /** Calls a channel that must succeed and answers its data. */
  ok<K extends ChannelName>(channel: K, input: ChannelInput<K>): Promise<ChannelOutput<K>>
  /** Calls a channel that must fail and answers its error. */
  fail<K extends ChannelName>(channel: K, input: unknown): Promise<IpcError>
  close(): Promise<void>
}

export const tempDir = (prefix = 'td-services-'): string => storeTempDir(prefix)

/**
 * `start` for a test file: each main it starts is closed after the test, so a failing
 * assertion never leaves a database open.
 */
export function useMains(): (...args: Parameters<typeof startMain>) => Promise<TestMain> {
  const opened: TestMain[] = []
  afterEach(async () => {
    for (const main of opened.splice(0)) await main.close()
  })
  return async (...args) => {
    const main = await startMain(...args)
    opened.push(main)
    return main
  }
}

/** A keychain that cannot be opened (no libsecret), so keys are kept for the session only. */
export const noKeychain: KeytarLoader = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}

/** A list for a test file's sandboxes and servers: each pushed is closed after the test. */
export function useOpened(): Array<{ close(): Promise<void> }> {
  const opened: Array<{ close(): Promise<void> }> = []
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((s) => s.close()))
  })
  return opened
}

/** Saves a connection named `name` to `sandbox`, gives it the key for the session, makes it active. */
export async function connect(
  main: TestMain,
  sandbox: { baseUrl: string; apiKey: string },
  name: string
): Promise<string> {
  const overview = await main.ok('saveConnection', { name, baseUrl: sandbox.baseUrl })
  const id = overview.connections.find((c) => c.name === name)!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

/** Whether `main` has said (an importProgress event) that batch `batchId` is done; for `until`. */
export const importDone = (main: TestMain, batchId: string) => () =>
  main.events.some(
    (event) =>
      event.name === 'importProgress' &&
      (event.payload as { batch: ImportBatch | null }).batch?.id === batchId &&
      (event.payload as { batch: ImportBatch }).batch.state === 'done'
  )

/** The real main-process services over a SQLite file in `dataDir`, called through the router. */
export async function startMain(
  options: {
    dataDir?: string
    fileDialogs?: FileDialogs
    clock?: Clock
    /** Start the built-in sandbox (in its worker) with this many people. */
    sandboxProfiles?: number
    /** Its seed (42 unless said; the app's is 1, whose names are answered before the build). */
    sandboxSeed?: number
    /** How long after the first screen is painted it builds everyone (the app's 1.5 s unless said). */
    sandboxBuildDelayMs?: number
    /** Wait for `firstScreenPainted()` (or this fallback) before what waits for it; default: painted at once. */
    firstScreen?: MainOptions['firstScreen']
    loadKeytar?: KeytarLoader
    http?: MainOptions['http']
    secretWatcher?: MainOptions['secretWatcher']
    contactPolling?: MainOptions['contactPolling']
    refreshPolling?: MainOptions['refreshPolling']
    notifyRefreshEnded?: MainOptions['notifyRefreshEnded']
    toolServer?: MainOptions['toolServer']
    backupWorker?: MainOptions['backupWorker']
    importWorker?: MainOptions['importWorker']
    knownPeopleWorker?: MainOptions['knownPeopleWorker']
    doNotContactWorker?: MainOptions['doNotContactWorker']
    compactWorker?: MainOptions['compactWorker']
    checkpointWorker?: MainOptions['checkpointWorker']
    importMatching?: MainOptions['importMatching']
    pace?: MainOptions['pace']
    team?: MainOptions['team']
    atsOpener?: MainOptions['atsOpener']
    openInBrowser?: MainOptions['openInBrowser']
    exportLocale?: string
  } = {}
): Promise<TestMain> {
  const dataDir = options.dataDir ?? tempDir()
  const logs: LogRecord[] = []
  const services = await composeMain({
    dataDir,
    shell: options.fileDialogs === undefined ? 'browser-host' : 'electron',
    appName: 'Talent Desk',
    appVersion: '0.0.0-test',
    trustedOrigins: [origin],
    logger: createLogger((record) => logs.push(record)),
    versions: { node: process.versions.node },
    clock: options.clock ?? new ManualClock(),
    ...(options.fileDialogs === undefined ? {} : { fileDialogs: options.fileDialogs }),
    ...(options.sandboxProfiles === undefined
      ? {}
      : {
          sandbox: {
            spawn: spawnSandboxFromSource,
            profiles: options.sandboxProfiles,
            seed: options.sandboxSeed ?? 42,
            ...(options.sandboxBuildDelayMs === undefined ? {} : { buildDelayMs: options.sandboxBuildDelayMs }),
            // the people tests pick are all there from the start
            arrivals: { share: 0, spreadDays: 0 }
          }
        }),
    ...(options.firstScreen === undefined ? {} : { firstScreen: options.firstScreen }),
    loadKeytar: options.loadKeytar ?? keychainOfDataDir(dataDir),
    ...(options.http === undefined ? {} : { http: options.http }),
    ...(options.secretWatcher === undefined ? {} : { secretWatcher: options.secretWatcher }),
    ...(options.contactPolling === undefined ? {} : { contactPolling: options.contactPolling }),
    ...(options.refreshPolling === undefined ? {} : { refreshPolling: options.refreshPolling }),
    ...(options.notifyRefreshEnded === undefined ? {} : { notifyRefreshEnded: options.notifyRefreshEnded }),
    ...(options.toolServer === undefined ? {} : { toolServer: options.toolServer }),
    ...(options.backupWorker === undefined ? {} : { backupWorker: options.backupWorker }),
    ...(options.importWorker === undefined ? {} : { importWorker: options.importWorker }),
    ...(options.knownPeopleWorker === undefined ? {} : { knownPeopleWorker: options.knownPeopleWorker }),
    ...(options.doNotContactWorker === undefined ? {} : { doNotContactWorker: options.doNotContactWorker }),
    ...(options.compactWorker === undefined ? {} : { compactWorker: options.compactWorker }),
    ...(options.checkpointWorker === undefined ? {} : { checkpointWorker: options.checkpointWorker }),
    ...(options.importMatching === undefined ? {} : { importMatching: options.importMatching }),
    ...(options.pace === undefined ? {} : { pace: options.pace }),
    ...(options.team === undefined ? {} : { team: options.team }),
    ...(options.atsOpener === undefined ? {} : { atsOpener: options.atsOpener }),
    ...(options.openInBrowser === undefined ? {} : { openInBrowser: options.openInBrowser }),
    // the CSV list separator follows the locale: tests read commas unless they choose another
    exportLocale: options.exportLocale ?? 'en-US'
  })
  const events: TestMain['events'] = []
  const unsubscribe = services.events.subscribe((name, payload) => events.push({ name, payload }))
  const call = ((channel: string, input: unknown) => services.router.handle(channel, input, sender)) as TestMain['call']
  return {
    services,
    dataDir,
    logs,
    events,
    call,
    async ok(channel, input) {
      const reply = await call(channel, input)
      if (!reply.ok)
        throw new Error(
          `${channel} failed: ${reply.error.code} ${reply.error.message} ${JSON.stringify(reply.error.details)}`
        )
      return reply.data
    },
    async fail(channel, input) {
      const reply = await services.router.handle(channel, input, sender)
      if (reply.ok)
        throw new Error(`${channel} was expected to fail but answered ${JSON.stringify(reply.data).slice(0, 200)}`)
      return reply.error
    },
    async close() {
      unsubscribe()
      await services.close()
    }
  }
}

/**
 * The real keychain (keytar, under the test run's own keyring), with its entries under a service
 * of this data folder's own instead of the app's "Talent Desk": test files run side by side in one
 * keyring, and a key one test saves (a hardening test's "constructor") must never be primed into
 * another test's secret mask. A restart on the same data folder finds its keys again. Tests that
 * read the app's own service pass `loadKeytar: loadNodeKeytar`.
 */
export function keychainOfDataDir(dataDir: string): KeytarLoader {
  const service = `Talent Desk test ${createHash('sha256').update(dataDir).digest('hex').slice(0, 16)}`
  return () => {
    const keytar = loadNodeKeytar()
    return {
      getPassword: (_service, account) => keytar.getPassword(service, account),
      setPassword: (_service, account, password) => keytar.setPassword(service, account, password),
      deletePassword: (_service, account) => keytar.deletePassword(service, account),
      findCredentials: () => keytar.findCredentials(service)
    }
  }
}

/** `count` distinct profiles (seeded, WholePersonProfile-shaped). */
export function profiles(count: number, seed = 1, from = 0): Array<Record<string, unknown>> {
  return Array.from({ length: count }, (_, index) => makeProfile(from + index, seed))
}
