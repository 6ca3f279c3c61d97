import path from 'node:path'
import { ARRIVALS_DEFAULT } from '../../sandbox/server/arrivals'
import {
  DEFAULT_PACE_CEILING,
  SANDBOX_CONNECTION_ID,
  SANDBOX_PACE_CEILING
} from '../../shared/ipc/channels/connections'
import { EmbeddedSandbox } from './embedded-api/embedded-sandbox'
import { sandboxSecretsFor } from './embedded-api/sandbox-credentials'
import { features } from './features'
import { EventHub } from './ipc/event-hub'
import { RequestRegistry } from './ipc/request-registry'
import { createRouter, type Router } from './ipc/router'
import { SecretMask, type SecretWatcher } from './logging/secret-mask'
import type { MainOptions } from './main-options'
import { defaultAnswerLimits, type AnswerLimits } from './net/answer-limits'
import { createAppDispatcher } from './net/dispatcher'
import { Paces } from './pace/paces'
import { EventBus } from './platform/event-bus'
import { FeatureHost } from './platform/feature-host'
import { FirstScreen } from './platform/first-screen'
import { LiveWorkers } from './platform/live-workers'
import type {
  DoNotContactPort,
  FileCompactionPort,
  KnownPeoplePort,
  RetentionSchedulePort,
  TeamSyncPort,
  WatchSchedulePort
} from './platform/ports'
import type { SecretVault } from './vault/secret-vault'
import { systemClock } from './store/clock'
import { StoreAccess } from './store/store-access'
import { WriteBehind } from './store/write-behind'
import { DOWNLOADS_FOLDER, DownloadRegistry } from './transfers/downloads'
import { loadNodeKeytar, openVault } from './vault/open-vault'

export type { MainOptions } from './main-options'

/** The sandbox's own state file, beside the store in the data folder. */
export const SANDBOX_STATE_FILE = 'sandbox-state.json'
/** The sandbox's people's index, kept so a later start need not make it again (sandbox/search/catalog-file.ts). */
export const SANDBOX_CATALOG_FILE = 'sandbox-catalog.bin'
/** People in the built-in sandbox. */
export const SANDBOX_PROFILES = 20_000
/**
 * How long after the first screen is painted the built-in sandbox starts generating and indexing
 * everyone (ms): the first screen and the first search go first (it answers name searches
 * meanwhile, and a request that needs everyone finishes the build when it comes).
 */
export const SANDBOX_BUILD_DELAY_MS = 1500
/** How long the app's close waits for a job's worker to end before it stops it (ms). */
export const WORKERS_CLOSE_WAIT_MS = 3000
/**
 * How long after start the features the first screen does not need start when the shell has not
 * said the first screen is painted (a window never shown, a page never opened).
 */
export const FIRST_SCREEN_FALLBACK_MS = 5000

export interface MainServices {
  router: Router
  events: EventHub
  /** Finished exports waiting for the browser host's page to fetch them. */
  downloads: DownloadRegistry
  /** The built-in sandbox (null when not part of this build). */
  sandbox: EmbeddedSandbox | null
  /**
   * The first screen is painted (Electron: the window is shown; the browser host: the page's first
   * call after login): the features that wait for it start now.
   */
  firstScreenPainted(): void
  /** Follow the refresh jobs and look at the watches now (the shell calls it when the machine wakes). */
  wake(): void
  /** When watches run (tests wake it after moving the clock, and wait for it to be idle). */
  watches: WatchSchedulePort
  /** When retention's purge runs (tests wake it after moving the clock, and wait for it to be idle). */
  retention: RetentionSchedulePort
  /** The data file's rebuild after a forget, off main's thread (tests wait for it before scanning the file). */
  compaction: FileCompactionPort
  /** The team's sync (tests ask for one and wait for it to be idle). */
  teamSync: TeamSyncPort
  /** The known-people and do-not-contact lists, as the ATS pull writes to them (issue #39; tests, benches). */
  knownPeople: KnownPeoplePort
  doNotContact: DoNotContactPort
  close(): Promise<void>
}

/**
 * The one place where the main process is put together: the shared parts below the features are
 * built here, then every feature of the list (features.ts) is made from its contribution, its
 * handlers joined behind the router, and started: what the first screen needs at once, the rest
 * once it is painted. The Electron shell and the browser host both call this, so they run exactly
 * the same code behind the bridge.
 */
export async function composeMain(options: MainOptions): Promise<MainServices> {
  const { logger } = options
  // Every secret the app holds is masked wherever it could leave: in the log (the shell's
  // watcher), and in every channel's reply and event and every exported file (this mask).
  const secretMask = new SecretMask()
  const events = new EventHub(secretMask)
  const bus = new EventBus(logger)
  const vault = await openVault(options.loadKeytar ?? loadNodeKeytar, logger)
  // told of every stored secret: the log's mask and this process's own (above)
  const secretWatcher: SecretWatcher = {
    add(value) {
      secretMask.add(value)
      options.secretWatcher?.add(value)
    },
    remove(value) {
      secretMask.remove(value)
      options.secretWatcher?.remove(value)
    }
  }
  // the built-in sandbox first: its worker's start (reading or preparing its people) runs on its
  // own thread while the store opens and the features are made; the first search needs it
  const sandbox = await embeddedSandbox(options, vault, secretWatcher, () => bus.publish('sandboxChanged', {}))
  sandbox?.start()
  const clock = options.clock ?? systemClock
  const stores = StoreAccess.open(
    {
      dataDir: options.dataDir,
      clock,
      ...(options.sqliteNativeBinding === undefined ? {} : { nativeBinding: options.sqliteNativeBinding })
    },
    logger
  )
  const downloads = new DownloadRegistry({ dir: path.join(options.dataDir, DOWNLOADS_FOLDER) })
  downloads.clear()
  // One dispatcher for every call (Partner API, token exchange, tool server): keep-alive pools per
  // origin, through the system's proxy, trusting the given certificate authorities.
  const dispatcher = options.http?.dispatcher ?? createAppDispatcher({ proxy: options.proxy, ca: options.ca, logger })
  const writes = new WriteBehind(stores, logger)
  // One pace per connection for bulk match, refresh and purchases, learnt from the answers.
  const paces = new Paces({
    store: () => stores.get(),
    defaultCeiling: (connectionId) =>
      connectionId === SANDBOX_CONNECTION_ID ? SANDBOX_PACE_CEILING : DEFAULT_PACE_CEILING,
    logger,
    ceiling: options.pace?.ceiling,
    ...(options.pace?.tuning ? { tuning: options.pace.tuning } : {})
  })
  const answerLimits: AnswerLimits = { ...defaultAnswerLimits, ...options.http?.limits }
  const requests = new RequestRegistry()

  // every job's worker, followed until it exits: the close waits for them (below)
  const workers = new LiveWorkers(logger)
  const host = await FeatureHost.create<MainOptions>(features, {
    options: workers.trackSpawns(options),
    logger,
    clock,
    stores,
    vault,
    secretWatcher,
    secretMask,
    dispatcher,
    answerLimits,
    paces,
    events,
    bus,
    requests,
    writes,
    downloads,
    sandbox
  }).catch(async (error: unknown) => {
    await sandbox?.close() // its worker started above
    throw error
  })
  const router = createRouter({
    handlers: host.handlers,
    trustedOrigins: options.trustedOrigins,
    logger,
    mask: secretMask
  })

  host.start('first-screen')
  // the rest waits for the first screen to be painted (or its fallback delay), never before
  const firstScreen = new FirstScreen(options.firstScreen?.fallbackMs ?? null)
  firstScreen.then(() => {
    host.start('after-first-screen')
    // its ~1.3 s of CPU would share two cores with the page's start and the first search
    sandbox?.startBuild()
  })

  // Recently deleted is emptied of what is 30 days old at open (openStore, and each feature's
  // part as it registers it) and hourly while the app runs, so a laptop that stays open for weeks
  // purges too.
  const purgeTimer = setInterval(() => {
    try {
      stores.purgeRecentlyDeleted()
    } catch {
      // a refused store has nothing to purge; the banner already says why
    }
  }, 3_600_000)
  purgeTimer.unref()
  let closing: Promise<void> | undefined
  return {
    router,
    events,
    downloads,
    sandbox,
    firstScreenPainted: () => firstScreen.painted(),
    wake: () => host.wake(),
    watches: host.port('watchSchedule'),
    retention: host.port('retentionSchedule'),
    compaction: host.port('fileCompaction'),
    teamSync: host.port('teamSync'),
    knownPeople: host.port('knownPeople'),
    doNotContact: host.port('doNotContact'),
    // Once, however often it is called (a window and a signal may both close the app).
    close: () =>
      (closing ??= (async () => {
        clearInterval(purgeTimer)
        firstScreen.close()
        requests.cancelAll()
        await host.close()
        // a job's worker still writing (a list's rows deleted after its answer) ends before the
        // store closes and the process exits; one still running after this is stopped
        await workers.settle(WORKERS_CLOSE_WAIT_MS)
        paces.close()
        writes.flush()
        await sandbox?.close()
        if (options.http?.dispatcher === undefined) await dispatcher.close()
        downloads.clear()
        stores.close()
      })())
  }
}

/** The built-in sandbox with this data folder's own key and client secrets (kept in the vault), or null. */
async function embeddedSandbox(
  options: MainOptions,
  vault: SecretVault,
  secretWatcher: SecretWatcher,
  onChange: () => void
): Promise<EmbeddedSandbox | null> {
  if (options.sandbox === undefined) return null
  const credentials = await sandboxSecretsFor(vault, options.dataDir, options.logger)
  for (const value of Object.values(credentials)) secretWatcher.add(value)
  return new EmbeddedSandbox({
    spawn: options.sandbox.spawn,
    data: {
      profiles: options.sandbox.profiles ?? SANDBOX_PROFILES,
      seed: options.sandbox.seed ?? 1,
      stateFile: path.join(options.dataDir, SANDBOX_STATE_FILE),
      catalogFile: path.join(options.dataDir, SANDBOX_CATALOG_FILE),
      buildDelayMs: options.sandbox.buildDelayMs ?? SANDBOX_BUILD_DELAY_MS,
      holdBuild: true,
      ...(options.sandbox.clockOffsetMs === undefined ? {} : { clockOffsetMs: options.sandbox.clockOffsetMs }),
      arrivals: options.sandbox.arrivals ?? ARRIVALS_DEFAULT,
      ...(options.sandbox.refreshTiming === undefined ? {} : { refreshTiming: options.sandbox.refreshTiming }),
      ...(options.sandbox.contactTiming === undefined ? {} : { contactTiming: options.sandbox.contactTiming }),
      credentials
    },
    logger: options.logger,
    onChange
  })
}
