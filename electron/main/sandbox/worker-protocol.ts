import type { RunningSandbox } from '../../../sandbox'

/** Messages between the main process and the built-in sandbox's worker thread. */
export interface SandboxWorkerData {
  profiles: number
  seed: number
  /** The sandbox's own state file in the data folder (credits, purchases, jobs, call log). */
  stateFile: string | null
}

/** What the main process keeps of the running sandbox: its address and its own credentials. */
export type SandboxEndpoints = Pick<
  RunningSandbox,
  'baseUrl' | 'apiKey' | 'authUrl' | 'mcpUrl' | 'clientId' | 'clientSecret' | 'profileCount' | 'stateNote'
>

export type WorkerRequest = { type: 'reset'; id: number } | { type: 'close'; id: number }

export type WorkerReply =
  | { type: 'ready'; endpoints: SandboxEndpoints }
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number; error?: string }
