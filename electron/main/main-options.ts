import type { Dispatcher } from 'undici'
import type { ApiTimeouts, RetryPolicy } from './api/partner-client'
import type { SpawnSandboxWorker } from './embedded-api/embedded-sandbox'
import type { SecretWatcher } from './logging/secret-mask'
import type { Logger } from './logging/logger'
import type { AnswerLimits } from './net/answer-limits'
import type { ProxyResolver } from './net/proxy-rules'
import type { PaceTuning } from './pace/pace-rule'
import type { Clock } from './store/clock'
import type { RefreshTiming } from '../../sandbox/server/refresh/refresh-jobs'
import type { ContactTiming } from '../../sandbox/server/contacts/contact-book'
import type { KeytarLoader } from './vault/open-vault'
import type { ActivityOptions } from './activity'
import type { AppInfoOptions } from './app-info'
import type { AtsOptions, AtsSendOptions } from './ats'
import type { ContactsOptions } from './contacts'
import type { DoNotContactOptions } from './do-not-contact'
import type { ExportOptions } from './export'
import type { ImportsOptions } from './imports'
import type { KnownPeopleOptions } from './known-people'
import type { PrivacyOptions } from './privacy'
import type { RefreshOptions } from './refresh'
import type { ToolsOptions } from './tools'
import type { TeamOptions } from './team'

/**
 * What the shell (Electron's index.ts, the browser host) and the tests pass to composeMain: the
 * shared parts' options here, and each feature's own part, declared by the feature's index (what
 * it reads from its context's options).
 */
export interface MainOptions
  extends
    ActivityOptions,
    AppInfoOptions,
    AtsOptions,
    AtsSendOptions,
    ContactsOptions,
    DoNotContactOptions,
    ExportOptions,
    ImportsOptions,
    KnownPeopleOptions,
    PrivacyOptions,
    RefreshOptions,
    TeamOptions,
    ToolsOptions {
  /** Where local data lives: Electron's userData, or a folder given to the browser host. */
  dataDir: string
  /** Origins of the app's own renderer; every other sender is refused. */
  trustedOrigins: readonly string[]
  logger: Logger
  /** Loads keytar; Electron passes its own ABI build. Defaults to Node's. */
  loadKeytar?: KeytarLoader
  /** better_sqlite3.node built for the running runtime; Electron passes its own ABI build. */
  sqliteNativeBinding?: string
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
        /** When the worker starts generating and indexing everyone (ms after the first screen is painted); benches use 0. */
        buildDelayMs?: number
        /** How far ahead of real time the sandbox lives (end-to-end tests open the app "a week later"). */
        clockOffsetMs?: number
        /** People who join its index after its first run, so a watched search has news (ARRIVALS_DEFAULT; tests: share 0). */
        arrivals?: { share: number; spreadDays: number }
        /** How long its refresh jobs take (tests that must stop the app before one ends lengthen them). */
        refreshTiming?: Partial<RefreshTiming>
        /** How long its contact lookups take (tests that must see one running lengthen them). */
        contactTiming?: Partial<ContactTiming>
      }
    | undefined
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
  /** Told about every secret the app holds, so the log masks it (the file logger's mask). */
  secretWatcher?: SecretWatcher
  /**
   * The shell says when the first screen is painted (MainServices.firstScreenPainted): the features
   * it does not need (import's resume, watches, refresh's resume) start then, or `fallbackMs` after
   * start if no paint is reported. Without it (tests) every feature starts at once.
   */
  firstScreen?: { fallbackMs: number }
}
