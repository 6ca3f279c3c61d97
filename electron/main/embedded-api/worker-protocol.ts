import type { RunningSandbox } from '../../../sandbox'
import type { SandboxSecrets } from './sandbox-credentials'
import type { RefreshTiming } from '../../../sandbox/server/refresh/refresh-jobs'
import type { ContactTiming } from '../../../sandbox/server/contacts/contact-book'

/** Messages between the main process and the built-in sandbox's worker thread. */
export interface SandboxWorkerData {
  profiles: number
  seed: number
  /** The sandbox's own state file in the data folder (credits, purchases, jobs, call log). */
  stateFile: string | null
  /**
   * The people's index kept between runs in the data folder (sandbox/search/catalog-file.ts), so
   * a later start need not generate and index them again. Null: generated at every start.
   */
  catalogFile?: string | null
  /**
   * How long after listening the worker starts generating and indexing everyone (ms; default 0),
   * or with `holdBuild`, after main says `build`.
   */
  buildDelayMs?: number
  /** The build waits for main's `build` (sent once the first screen is painted: compose.ts). */
  holdBuild?: boolean
  /**
   * How far ahead of real time the sandbox lives: its clock is `Date.now() + clockOffsetMs` (ms;
   * default 0). End-to-end tests open the app "a week later" by restarting it with this shifted.
   */
  clockOffsetMs?: number
  /**
   * People who join its index after its epoch (sandbox/server/arrivals.ts; the app passes
   * ARRIVALS_DEFAULT). None when absent.
   */
  arrivals?: { share: number; spreadDays: number }
  /** How long its refresh jobs take (sandbox/server/refresh/refresh-jobs.ts's default when absent). */
  refreshTiming?: Partial<RefreshTiming>
  /** How long its contact lookups take (sandbox/server/contacts/contact-book.ts's default when absent). */
  contactTiming?: Partial<ContactTiming>
  /**
   * The sandbox's API key and client secrets for this data folder (sandbox-credentials.ts): random
   * and known only to this app. Without them they are derived from the seed (tests, the CLI).
   */
  credentials?: SandboxSecrets
  /**
   * Start the fake Greenhouse and Lever beside it once its people are indexed (sandbox/ats/).
   * Off unless asked: their people cost a second or two of CPU, so the app starts them only when a
   * saved ATS connection points at them, or on demand (the 'ats' request) when one is made.
   */
  ats?: boolean
}

/** The fake ATSs' addresses, keys and acting users (sandbox/ats/fakes.ts), for the ATS page's "Try with the Sandbox's …". */
export interface AtsFakeEndpoints {
  greenhouse: { baseUrl: string; apiKey: string; readOnlyApiKey: string; onBehalfOf: number }
  lever: { baseUrl: string; apiKey: string; readOnlyApiKey: string; performAs: string }
}

/** What the main process keeps of the running sandbox: its address and its own credentials. */
export type SandboxEndpoints = Pick<
  RunningSandbox,
  'baseUrl' | 'apiKey' | 'authUrl' | 'mcpUrl' | 'clientId' | 'clientSecret' | 'profileCount' | 'stateNote'
>

/** A worker started before its data was known (prewarmed-worker.ts) gets it in its first message. */
export interface WorkerInit {
  type: 'init'
  data: SandboxWorkerData
}

export type WorkerRequest =
  | { type: 'reset'; id: number }
  | { type: 'close'; id: number }
  | { type: 'build'; id: number }
  /** Start the fake Greenhouse and Lever now (once): the ATS page connects to one. */
  | { type: 'ats'; id: number }

/** How the sandbox found its people at start (`ready`), and how the build ended (`catalog`). */
export interface CatalogStart {
  source: 'file' | 'generated'
  /** Why the catalog file was not used (missing, foreign, stale, damaged: a detail). */
  fileProblem: string | null
}

export type WorkerReply =
  | { type: 'ready'; endpoints: SandboxEndpoints; catalog?: CatalogStart }
  | { type: 'catalog'; buildMs: number; saved: boolean; detail: string }
  | { type: 'failed'; message: string }
  /** The fake Greenhouse and Lever listen (started once everyone is indexed, so they cost the first screen nothing). */
  | { type: 'ats'; ats: AtsFakeEndpoints }
  | { type: 'done'; id: number; error?: string }
