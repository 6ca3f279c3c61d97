import type { AppInfo } from '../../shared/ipc/channels/app'
import type { RefreshJobSummary } from '../../shared/ipc/channels/refresh'
import type { Dispatcher } from 'undici'
import type { ApiTimeouts, RetryPolicy } from './api/partner-client'
import type { SpawnSandboxWorker } from './embedded-api/embedded-sandbox'
import type { SecretWatcher } from './logging/secret-mask'
import type { Logger } from './logger'
import type { AnswerLimits } from './net/answer-limits'
import type { ProxyResolver } from './net/proxy-rules'
import type { PaceTuning } from './pace/pace-rule'
import type { Clock } from './store/clock'
import type { KeytarLoader } from './vault/open-vault'
import type { LogFolder } from './app-info/handlers'
import type { PollTiming } from './contacts/contacts-service'
import type { SpawnBackupWorker } from './export/backup-reader'
import type { FileDialogs } from './export/save-targets'
import type { SpawnImportWorker } from './imports/import-jobs'
import type { MatcherTiming } from './imports/import-matcher'
import type { RefreshPollTiming } from './refresh/refresh-service'
import type { FeatureContribution } from './platform/contribution'

/**
 * What the shell (Electron's index.ts, the browser host) and the tests pass to composeMain. Each
 * feature reads its own part from its context; the types of a feature's tuning are named here
 * from the file that defines them (type-only, no feature imports this file's importers).
 */
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
  /** Bulk match: rows at once and back-off (tests shorten it). */
  importMatching?: { timing?: Partial<MatcherTiming> }
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
  /** Refresh job polling (tests shorten it). */
  refreshPolling?: Partial<RefreshPollTiming>
  /** The shell's desktop notification when a refresh job ends (Electron's Notification). */
  notifyRefreshEnded?: (job: RefreshJobSummary) => void
  /** Where the support log is, and how the shell opens a folder (Electron: shell.openPath). */
  logFolder?: LogFolder
  /**
   * The shell says when the first screen is painted (MainServices.firstScreenPainted): the features
   * it does not need (import's resume, watches, refresh's resume) start then, or `fallbackMs` after
   * start if no paint is reported. Without it (tests) every feature starts at once.
   */
  firstScreen?: { fallbackMs: number }
}

/** A feature of this app: its contribution reads these options. */
export type MainContribution = FeatureContribution<MainOptions>
