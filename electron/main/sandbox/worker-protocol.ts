/** Messages between the main process and the built-in sandbox's worker thread. */
export interface SandboxWorkerData {
  profiles: number
  seed: number
  /** The sandbox's own state file in the data folder (credits, purchases, jobs, call log). */
  stateFile: string | null
}

export interface SandboxEndpoints {
  baseUrl: string
  apiKey: string
  authUrl: string
  mcpUrl: string
  clientId: string
  clientSecret: string
  profileCount: number
  /** Set when the state file could not be read and was set aside. */
  stateNote: string | null
}

export type WorkerRequest = { type: 'reset'; id: number } | { type: 'close'; id: number }

export type WorkerReply =
  | { type: 'ready'; endpoints: SandboxEndpoints }
  | { type: 'failed'; message: string }
  | { type: 'done'; id: number; error?: string }
