import { purgeRecentlyDeleted } from './store'
import path from 'node:path'
import type { AppInfo } from '../../shared/ipc/channels/app'
import type { RefreshJobSummary } from '../../shared/ipc/channels/refresh'
import { EventHub } from './ipc/event-hub'
import { createRouter, type Handlers, type Router } from './ipc/router'
import type { Logger } from './logger'
import { AppInfoService } from './app-info/app-info'
import { DOWNLOADS_FOLDER, DownloadRegistry } from './export/downloads'
import { ExportService } from './export/export-service'
import { SaveTargets, type FileDialogs } from './export/save-targets'
import { removeRestoreLeftovers } from './export/leftovers'
import { BackupUploads, UPLOADS_FOLDER } from './export/backup-uploads'
import { backupJobsHere, backupJobsInWorker, type SpawnBackupWorker } from './export/backup-reader'
import { ShortlistsService } from './shortlists/shortlists-service'
import { StoreAccess } from './store/store-access'
import { systemClock, type Clock } from './store/clock'
import { loadNodeKeytar, openVault, type KeytarLoader } from './vault/open-vault'
import { fetch as undiciFetch, type Dispatcher } from 'undici'
import { createAppDispatcher } from './net/dispatcher'
import { defaultAnswerLimits, type AnswerLimits } from './net/answer-limits'
import { limitedFetch } from './net/limited-fetch'
import type { ProxyResolver } from './net/proxy-rules'
import type { ApiTimeouts, RetryPolicy } from './api/partner-client'
import { EmbeddedSandbox, type SpawnSandboxWorker } from './embedded-api/embedded-sandbox'
import { sandboxSecretsFor } from './embedded-api/sandbox-credentials'
import { SecretMask } from './logging/secret-mask'
import { ARRIVALS_DEFAULT } from '../../sandbox/server/arrivals'
import { ChatService } from './chat/chat-service'
import { ConnectionsService } from './connections/connections-service'
import { ContactsService, type PollTiming } from './contacts/contacts-service'
import { RefreshService, type RefreshPollTiming } from './refresh/refresh-service'
import { RequestRegistry } from './ipc/request-registry'
import { SearchService } from './search/search-service'
import { SecretsService, type SecretWatcher } from './connections/secrets-service'
import { ToolsService } from './tools/tools-service'
import { UsageService } from './usage/usage-service'
import { WriteBehind } from './store/write-behind'
import { appInfoHandlers, type LogFolder } from './app-info/handlers'
import { chatHandlers } from './chat/handlers'
import { connectionsHandlers } from './connections/handlers'
import { contactsHandlers } from './contacts/handlers'
import { exportHandlers } from './export/handlers'
import { refreshHandlers } from './refresh/handlers'
import { searchHandlers } from './search/handlers'
import { shortlistsHandlers } from './shortlists/handlers'
import { storeHandlers } from './store/handlers'
import { toolsHandlers } from './tools/handlers'
import { usageHandlers } from './usage/handlers'
import { importsHandlers } from './imports/handlers'
import { ImportService } from './imports/import-service'
import { ImportMatcher, type MatcherTiming } from './imports/import-matcher'
import { importJobsHere, importJobsInWorker, type SpawnImportWorker } from './imports/import-jobs'
import { Paces } from './pace/paces'
import { paceHandlers } from './pace/handlers'
import type { PaceTuning } from './pace/pace-rule'
import { DEFAULT_PACE_CEILING, SANDBOX_PACE_CEILING } from '../../shared/ipc/channels/connections'
import { SANDBOX_CONNECTION_ID } from './connections/sandbox-connection'
import { importUploadsIn } from './imports/import-uploads'
import { ActivityService } from './watches/activity-service'
import { WatchesService } from './watches/watches-service'
import { WatchScheduler } from './watches/watch-scheduler'
import { watchesHandlers } from './watches/handlers'

/** The sandbox's own state file, beside the store in the data folder. */
export const SANDBOX_STATE_FILE = 'sandbox-state.json'
/** The sandbox's people's index, kept so a later start need not make it again (sandbox/search/catalog-file.ts). */
export const SANDBOX_CATALOG_FILE = 'sandbox-catalog.bin'
/** People in the built-in sandbox. */
export const SANDBOX_PROFILES = 20_000
/**
 * How long after it listens the built-in sandbox starts generating and indexing everyone (ms):
 * the first screen and the first search go first (it answers name searches meanwhile).
 */
export const SANDBOX_BUILD_DELAY_MS = 1500

export interface MainOptions {
  /** Where local data lives: Electron's userData, or a folder given to the browser host. */
  dataDir: string
  shell: AppInfo['shell']
  appName: string
  appVersion: string
  /** Origins of the app's own renderer; every other sender is refused. */
  trustedOrigins: readonly string[]
  logger: Logger
  versions: Record<string, string | undefined>
  /** Loads keytar; Electron passes its own ABI build. Defaults to Node's. */
  loadKeytar?: KeytarLoader
  /** better_sqlite3.node built for the running runtime; Electron passes its own ABI build. */
  sqliteNativeBinding?: string
  /**
   * The shell's "choose where to save" (Electron: the native save dialog). Without it, exports
   * and backups become downloads the browser host serves to the page.
   */
  fileDialogs?: FileDialogs
  /**
   * The recruiter's regional locale (Electron: `app.getSystemLocale()`), which decides the CSV
   * list separator: ';' where a decimal is written with a comma. Defaults to the process's.
   */
  exportLocale?: string
  /** Tests pass a fixed clock; defaults to the system clock. */
  clock?: Clock
  /**
   * How to start the built-in sandbox's worker thread (the shell knows where the script is).
   * Without it the Sandbox connection says it is not part of this build (some tests).
   */
  sandbox?:
    | {
        spawn: SpawnSandboxWorker
        profiles?: number
        seed?: number
        /** When the worker starts generating and indexing everyone (ms after it listens); benches use 0. */
        buildDelayMs?: number
        /** How far ahead of real time the sandbox lives (end-to-end tests open the app "a week later"). */
        clockOffsetMs?: number
        /** People who join its index after its first run, so a watched search has news (ARRIVALS_DEFAULT; tests: share 0). */
        arrivals?: { share: number; spreadDays: number }
      }
    | undefined
  /**
   * How to start the worker thread that previews and restores an uploaded backup. Without it
   * that work runs on the calling thread (tests that do not restore large files).
   */
  backupWorker?: SpawnBackupWorker
  /** How to start the worker thread that reads a spreadsheet and maps its rows (else on the calling thread). */
  importWorker?: SpawnImportWorker
  /**
   * Bulk match: rows at once and back-off (tests shorten it); `ratePerSecond` is the connections'
   * pace ceiling over any setting (as `pace.ceiling`).
   */
  importMatching?: { ratePerSecond?: number; timing?: Partial<MatcherTiming> }
  /**
   * Each connection's pace (electron/main/pace): a ceiling for every connection over the one set
   * in Settings, and the rule's tuning (tests and benches lift or lower them).
   */
  pace?: { ceiling?: number; tuning?: Partial<PaceTuning> }
  /**
   * The system's proxy decision for a URL, in PAC form ('DIRECT', 'PROXY host:port; DIRECT'…):
   * Electron's `session.resolveProxy`, or the browser host's from HTTPS_PROXY/NO_PROXY. Without
   * it every call goes direct. Loopback (the built-in sandbox) is never proxied.
   */
  proxy?: ProxyResolver | undefined
  /**
   * PEM certificates HTTPS trusts instead of Node's bundled roots: the OS store, the bundled roots
   * and an extra file (net/ca-certificates.ts); a function is called at the first HTTPS
   * connection, not at start. Without it, Node's defaults.
   */
  ca?: readonly string[] | (() => readonly string[]) | undefined
  /** HTTP for the Partner API; tests shorten timeouts and retries (a dispatcher replaces proxy and ca). */
  http?: {
    dispatcher?: Dispatcher
    timeouts?: Partial<ApiTimeouts>
    retry?: Partial<RetryPolicy>
    /** What is read of any service's answer: size, nesting, the whole call's deadline (net/answer-limits.ts). */
    limits?: Partial<AnswerLimits>
  }
  /** Tests: the tool server's clock, token margin and time limits. */
  toolServer?: { now?: () => number; tokenMarginMs?: number; callTimeoutMs?: number; listRetryMinMs?: number }
  /** Told about every secret the app holds, so the log masks it (the file logger's mask). */
  secretWatcher?: SecretWatcher
  /** Contact polling pace (tests shorten it). */
  contactPolling?: Partial<PollTiming>
  /** Refresh job polling (tests shorten it); `ratePerSecond` is the connections' pace ceiling (as `pace.ceiling`). */
  refreshPolling?: Partial<RefreshPollTiming> & { ratePerSecond?: number }
  /** The shell's desktop notification when a refresh job ends (Electron's Notification). */
  notifyRefreshEnded?: (job: RefreshJobSummary) => void
  /** Where the support log is, and how the shell opens a folder (Electron: shell.openPath). */
  logFolder?: LogFolder
}

export interface MainServices {
  router: Router
  events: EventHub
  /** Finished exports waiting for the browser host's page to fetch them. */
  downloads: DownloadRegistry
  /** The built-in sandbox (null when not part of this build). */
  sandbox: EmbeddedSandbox | null
  /** Follow the refresh jobs and look at the watches now (the shell calls it when the machine wakes). */
  wake(): void
  /** When watches run (tests wake it after moving the clock, and wait for it to be idle). */
  watches: Pick<WatchScheduler, 'wake' | 'idle'>
  close(): Promise<void>
}

/**
 * The one place where the main process's services are built and wired together. The Electron
 * shell and the browser host both call this, so they run exactly the same code behind the bridge.
 */
export async function composeMain(options: MainOptions): Promise<MainServices> {
  // Every secret the app holds is masked wherever it could leave: in the log (the shell's
  // watcher), and in every channel's reply and event and every exported file (this mask).
  const secretMask = new SecretMask()
  const events = new EventHub(secretMask)
  const appInfo = new AppInfoService({
    name: options.appName,
    version: options.appVersion,
    shell: options.shell,
    versions: options.versions,
    platform: process.platform,
    arch: process.arch
  })

  const vault = await openVault(options.loadKeytar ?? loadNodeKeytar, options.logger)
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

  const clock = options.clock ?? systemClock
  const stores = StoreAccess.open(
    {
      dataDir: options.dataDir,
      clock,
      ...(options.sqliteNativeBinding === undefined ? {} : { nativeBinding: options.sqliteNativeBinding })
    },
    options.logger
  )
  const downloads = new DownloadRegistry({ dir: path.join(options.dataDir, DOWNLOADS_FOLDER) })
  downloads.clear()
  const shortlists = new ShortlistsService(stores)
  const uploads = new BackupUploads({ dir: path.join(options.dataDir, UPLOADS_FOLDER) })
  uploads.clear()
  const exports = new ExportService({
    stores,
    uploads,
    backupJobs:
      options.backupWorker === undefined
        ? backupJobsHere(() => stores.get(), clock)
        : backupJobsInWorker(options.backupWorker, () => stores.get(), clock),
    mask: (text: string) => secretMask.text(text),
    targets: new SaveTargets({
      downloads,
      ...(options.fileDialogs === undefined ? {} : { dialogs: options.fileDialogs })
    }),
    events,
    clock,
    ...(options.exportLocale === undefined ? {} : { locale: options.exportLocale })
  })
  removeRestoreLeftovers(options.dataDir)

  const secrets = new SecretsService({
    vault,
    clock,
    watcher: secretWatcher
  })
  // One dispatcher for every call (Partner API, token exchange, tool server): keep-alive pools per
  // origin, through the system's proxy, trusting the given certificate authorities.
  const dispatcher =
    options.http?.dispatcher ?? createAppDispatcher({ proxy: options.proxy, ca: options.ca, logger: options.logger })
  const writes = new WriteBehind(stores, options.logger)
  // One pace per connection for bulk match, refresh and purchases, learnt from the answers.
  const paces = new Paces({
    store: () => stores.get(),
    defaultCeiling: (connectionId) =>
      connectionId === SANDBOX_CONNECTION_ID ? SANDBOX_PACE_CEILING : DEFAULT_PACE_CEILING,
    logger: options.logger,
    ceiling: options.pace?.ceiling ?? options.importMatching?.ratePerSecond ?? options.refreshPolling?.ratePerSecond,
    ...(options.pace?.tuning ? { tuning: options.pace.tuning } : {})
  })
  const pace = (connectionId: string) => paces.for(connectionId)
  const answerLimits: AnswerLimits = { ...defaultAnswerLimits, ...options.http?.limits }
  // The built-in sandbox's key and client secrets: this data folder's own, kept in the vault.
  const sandboxSecrets =
    options.sandbox === undefined ? null : await sandboxSecretsFor(vault, options.dataDir, options.logger)
  for (const value of Object.values(sandboxSecrets ?? {})) secretWatcher.add(value)
  const sandbox =
    options.sandbox === undefined
      ? null
      : new EmbeddedSandbox({
          spawn: options.sandbox.spawn,
          data: {
            profiles: options.sandbox.profiles ?? SANDBOX_PROFILES,
            seed: options.sandbox.seed ?? 1,
            stateFile: path.join(options.dataDir, SANDBOX_STATE_FILE),
            catalogFile: path.join(options.dataDir, SANDBOX_CATALOG_FILE),
            buildDelayMs: options.sandbox.buildDelayMs ?? SANDBOX_BUILD_DELAY_MS,
            ...(options.sandbox.clockOffsetMs === undefined ? {} : { clockOffsetMs: options.sandbox.clockOffsetMs }),
            arrivals: options.sandbox.arrivals ?? ARRIVALS_DEFAULT,
            ...(sandboxSecrets === null ? {} : { credentials: sandboxSecrets })
          },
          logger: options.logger,
          // called from start() below, once `connections` exists
          onChange: () => connections.notify()
        })
  const connections = new ConnectionsService({
    stores,
    secrets,
    sandbox,
    dispatcher,
    clock,
    events,
    logger: options.logger,
    writes,
    pace: paces,
    ...(options.http?.timeouts || options.http?.limits?.deadlineMs !== undefined
      ? { timeouts: { ...options.http.timeouts, deadlineMs: answerLimits.deadlineMs } }
      : {}),
    ...(options.http?.limits ? { limits: options.http.limits } : {}),
    ...(options.http?.retry ? { retry: options.http.retry } : {})
  })
  await secrets.primeWatcher()
  const requests = new RequestRegistry()
  const search = new SearchService({ connections, stores, requests, writes, logger: options.logger })
  const contacts = new ContactsService({
    connections,
    stores,
    events,
    requests,
    logger: options.logger,
    pace,
    ...(options.contactPolling ? { poll: options.contactPolling } : {})
  })
  const chat = new ChatService({ connections, stores, requests, logger: options.logger })
  const activity = new ActivityService({ stores, connections, events, logger: options.logger })
  const refresh: RefreshService = new RefreshService({
    connections,
    stores,
    events,
    logger: options.logger,
    pace,
    now: () => clock.now().getTime(),
    ...(options.refreshPolling ? { poll: options.refreshPolling } : {}),
    ...(options.notifyRefreshEnded ? { notify: options.notifyRefreshEnded } : {}),
    onFinished: (job) => {
      activity.refreshEnded(job)
      watches.jobEnded(job.watchId)
    },
    // a job the service no longer knows frees its watch's budget: the watch shows it at once
    onLost: (job) => watches.jobEnded(job.watchId)
  })
  const watches = new WatchesService({
    stores,
    connections,
    refresh,
    activity,
    events,
    logger: options.logger,
    now: () => clock.now().getTime()
  })
  const scheduler = new WatchScheduler({
    now: () => clock.now().getTime(),
    resumeRuns: () => watches.resumeRuns(),
    runDue: () => watches.runDue(),
    nextDueAt: () => watches.nextDueAt(),
    logger: options.logger
  })
  watches.onScheduleChanged = () => scheduler.wake()
  // a connection that became callable (the sandbox is up, a key was added) may let a waiting watch run
  events.subscribe((name) => {
    if (name === 'connectionsChanged') scheduler.wake()
  })
  const usage = new UsageService({ connections, stores, writes })
  const importUploads = importUploadsIn(options.dataDir)
  importUploads.clear()
  const imports: ImportService = new ImportService({
    stores,
    connections,
    uploads: importUploads,
    jobs:
      options.importWorker === undefined
        ? importJobsHere(() => stores.get())
        : importJobsInWorker(
            options.importWorker,
            () => stores.get(),
            () => clock.now()
          ),
    matcher: new ImportMatcher({
      store: () => stores.get(),
      connections,
      throttle: pace,
      logger: options.logger,
      changed: (batchId) => imports.changed(batchId),
      ...(options.importMatching?.timing ? { timing: options.importMatching.timing } : {})
    }),
    events,
    logger: options.logger,
    now: () => clock.now().getTime(),
    pace: (connectionId) => paces.figures(connectionId)
  })
  const tools = new ToolsService({
    connections,
    stores,
    // a tool's contact lookup is priced and confirmed by the Contacts screen's quotes
    contacts,
    events,
    requests,
    // the token exchange and the tool server go through the same dispatcher as every other call
    // (its answers read within the same limits as the Partner API's)
    fetch: limitedFetch(
      ((input: string | URL | Request, init?: RequestInit) =>
        undiciFetch(input as string, { ...(init as object), dispatcher })) as unknown as typeof fetch,
      answerLimits
    ),
    logger: options.logger,
    clientInfo: { name: 'talent-desk', version: options.appVersion },
    // tokens (an hour's life, never stored) are masked in the log; replies mask the stored secrets
    ...(options.secretWatcher ? { mask: (token: string) => options.secretWatcher?.add(token) } : {}),
    ...(options.toolServer ?? {})
  })
  sandbox?.start()
  // Jobs still running when the app last closed are followed again (the sandbox answers once up).
  refresh.resume()
  // and so are spreadsheets that were being matched
  imports.resume()
  // watches finish what a close cut short, then catch up once on what fell due meanwhile
  scheduler.start()
  // and so are contact lookups whose following a restart cut off (free Polling)
  void contacts
    .resumeFollowing()
    .catch((error: unknown) => options.logger.warn('contacts.resume_failed', { error: String(error) }))

  // Each feature turns its channels into calls; a channel missing from the contract fails to compile.
  const handlers: Handlers = {
    ...appInfoHandlers({ appInfo, vault, logFolder: options.logFolder }),
    ...storeHandlers(stores),
    ...connectionsHandlers({ connections, secrets, tools }),
    ...paceHandlers(paces, connections),
    ...searchHandlers(search),
    ...shortlistsHandlers(shortlists),
    ...exportHandlers(exports, uploads),
    ...contactsHandlers(contacts),
    ...refreshHandlers(refresh),
    ...chatHandlers(chat),
    ...usageHandlers(usage),
    ...toolsHandlers(tools),
    ...importsHandlers(imports),
    ...watchesHandlers(watches, activity)
  }

  const router = createRouter({
    handlers,
    trustedOrigins: options.trustedOrigins,
    logger: options.logger,
    mask: secretMask
  })
  // Recently deleted is emptied of what is 30 days old at open (openStore) and hourly while the
  // app runs, so a laptop that stays open for weeks purges too.
  const purgeTimer = setInterval(() => {
    try {
      purgeRecentlyDeleted(stores.get())
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
    wake: () => {
      refresh.wake()
      scheduler.wake()
    },
    watches: scheduler,
    // Once, however often it is called (a window and a signal may both close the app).
    close: () =>
      (closing ??= (async () => {
        clearInterval(purgeTimer)
        requests.cancelAll()
        contacts.close()
        await scheduler.close()
        await refresh.close()
        await imports.close()
        paces.close()
        await tools.close()
        writes.flush()
        await sandbox?.close()
        if (options.http?.dispatcher === undefined) await dispatcher.close()
        downloads.clear()
        uploads.clear()
        importUploads.clear()
        stores.close()
      })())
  }
}
