import { request } from 'undici'
import {
  buildCatalog,
  ManualClock,
  startSandbox,
  type ProfileCatalog,
  type RunningSandbox,
  type SandboxOptions
} from '../../../sandbox/index'

export const testProfileCount = 2000
export const testSeed = 42

let shared: ProfileCatalog | undefined
/** One generated catalog per test file (generation is the slow part); sandboxes built on it share profiles. */
export function testCatalog(): ProfileCatalog {
  shared ??= buildCatalog(testProfileCount, testSeed)
  return shared
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox & { clock: ManualClock }> {
  const clock = new ManualClock()
  const sandbox = await startSandbox({ seed: testSeed, catalog: testCatalog(), clock, faults: '', ...options })
  return { ...sandbox, clock: (options.clock as ManualClock | undefined) ?? clock }
}

export interface CallOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE'
  body?: unknown
  rawBody?: string
  contentType?: string
  apiKey?: string | null
  accept?: string
  query?: Record<string, string | number | boolean>
}

/** Response JSON as tests read it: loosely, then checked by assertions or the shared schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any

export interface CallResult {
  status: number
  headers: Record<string, string | string[] | undefined>
  text: string
  json: () => Json
}

/** One Partner API call over real HTTP. apiKey defaults to the sandbox's; null sends none. */
export async function call(sandbox: RunningSandbox, path: string, options: CallOptions = {}): Promise<CallResult> {
  const url = new URL(path, sandbox.baseUrl)
  for (const [k, v] of Object.entries(options.query ?? {})) url.searchParams.set(k, String(v))
  const headers: Record<string, string> = {}
  const apiKey = options.apiKey === undefined ? sandbox.apiKey : options.apiKey
  if (apiKey !== null) headers['api-key'] = apiKey
  if (options.accept) headers['accept'] = options.accept
  let body: string | undefined
  if (options.rawBody !== undefined || options.body !== undefined) {
    body = options.rawBody ?? JSON.stringify(options.body)
    headers['content-type'] = options.contentType ?? 'application/json'
  }
  const method = options.method ?? (body === undefined ? 'GET' : 'POST')
  const res = await request(url, { method, headers, body })
  const text = await res.body.text()
  return { status: res.statusCode, headers: res.headers, text, json: () => JSON.parse(text) }
}

export const post = (sandbox: RunningSandbox, path: string, body: unknown, options: CallOptions = {}) =>
  call(sandbox, path, { ...options, method: 'POST', body })

/** Asserts the documented error body and returns it. */
export function errorOf(result: CallResult): { code: string; message: string; details?: Json } {
  const body = result.json()
  if (typeof body?.error?.code !== 'string' || typeof body.error.message !== 'string') {
    throw new Error(`not an error body: ${result.text}`)
  }
  return body.error
}
