import { fetch, type Dispatcher } from 'undici'
import { z } from 'zod'
import {
  admitResultSchema,
  changesEventSchema,
  inviteSchema,
  joinedSchema,
  pushResultSchema,
  releaseResultSchema,
  spendBookSchema,
  teamChangeSchema,
  teamErrorSchema,
  teamOverviewSchema,
  type AdmitResult,
  type ChangeToPush,
  type Invite,
  type Joined,
  type PushResult,
  type SpendBook,
  type TeamChange,
  type TeamOverview,
  type TeamRole
} from '../../../shared/team/protocol'
import { errorMessage } from '../../../shared/error-message'

/** Why a call to the team server failed: the server's own code, or what happened on the way. */
export type TeamFailure =
  | 'bad-request'
  | 'unauthorized'
  | 'revoked'
  | 'forbidden'
  | 'not-found'
  | 'too-large'
  | 'conflict'
  | 'over-budget'
  | 'unavailable'
  | 'network'
  | 'timeout'
  | 'unreadable'

export class TeamCallError extends Error {
  readonly failure: TeamFailure
  readonly status: number | null
  constructor(failure: TeamFailure, message: string, status: number | null = null) {
    super(message)
    this.name = 'TeamCallError'
    this.failure = failure
    this.status = status
  }

  /** Whether the server could not be reached (the desk is offline for the team), rather than refusing. */
  get offline(): boolean {
    return this.failure === 'network' || this.failure === 'timeout' || this.failure === 'unavailable'
  }
}

/**
 * A pull's answer (protocol.ts pullResultSchema) with its changes not read yet: a page of 1,000 read
 * by the protocol's schema at once held main's thread for 10–20 ms beside its JSON.parse, so each
 * change is read by teamChangeSchema as its slice is applied (TeamApply.slice, readChange).
 */
const pulledPageSchema = z.object({
  changes: z.array(z.unknown()),
  last: z.number().int().nonnegative(),
  more: z.boolean()
})
export type PulledPage = z.infer<typeof pulledPageSchema>

/** A change of a pulled page read by the protocol's schema; one that does not fit fails the sync as an unreadable answer. */
export function readChange(origin: string, change: unknown): TeamChange {
  const parsed = teamChangeSchema.safeParse(change)
  if (!parsed.success) throw unreadable(origin)
  return parsed.data
}

/** The changes of a pulled page in the order of their sequence numbers (as the server sends them; checked here all the same). */
export function inSeqOrder(changes: readonly unknown[]): unknown[] {
  const seqOf = (change: unknown) => {
    const seq = (change as { seq?: unknown } | null)?.seq
    return typeof seq === 'number' ? seq : 0
  }
  return [...changes].sort((a, b) => seqOf(a) - seqOf(b))
}

const unreadable = (origin: string) =>
  new TeamCallError('unreadable', `The team server at ${origin} answered something Talent Desk cannot read.`)

/** The largest answer read from the team server (a pull of 1,000 changes of up to 64 KB is far less in practice). */
const MAX_ANSWER_BYTES = 32 * 1024 * 1024
const CALL_TIMEOUT_MS = 30_000

export interface TeamClientOptions {
  /** The server's exact origin (scheme, host, port): every request goes there and nowhere else. */
  origin: string
  /** The device credential for exactly this origin (the keychain's), or null before joining. */
  credential: () => Promise<string | null>
  /** The main process's dispatcher (proxy and CA rules, net/dispatcher.ts). */
  dispatcher: Dispatcher
}

/**
 * The team protocol (shared/team/protocol.ts) over HTTP/1.1 JSON under /v1. The credential goes
 * only to the origin it was issued by: the client refuses to build a request for any other, and
 * never follows a redirect (a redirect would carry the Authorization header elsewhere).
 */
export class TeamClient {
  readonly origin: string
  readonly #credential: () => Promise<string | null>
  readonly #dispatcher: Dispatcher

  constructor(options: TeamClientOptions) {
    this.origin = new URL(options.origin).origin
    this.#credential = options.credential
    this.#dispatcher = options.dispatcher
  }

  createTeam(body: { setupCode: string; teamName: string; personName: string; deskName: string }): Promise<Joined> {
    return this.#call('POST', '/v1/teams', joinedSchema, body, false)
  }

  join(body: { inviteCode: string; personName: string; deskName: string }): Promise<Joined> {
    return this.#call('POST', '/v1/join', joinedSchema, body, false)
  }

  overview(): Promise<TeamOverview> {
    return this.#call('GET', '/v1/team', teamOverviewSchema)
  }

  invite(role: TeamRole, validMinutes: number): Promise<Invite> {
    return this.#call('POST', '/v1/invites', inviteSchema, { role, validMinutes })
  }

  async revokeDesk(deskId: string): Promise<void> {
    await this.#call('POST', `/v1/desks/${encodeURIComponent(deskId)}/revoke`, null, {})
  }

  async revokePerson(personName: string): Promise<void> {
    await this.#call('POST', `/v1/people/${encodeURIComponent(personName)}/revoke`, null, {})
  }

  async leave(): Promise<void> {
    await this.#call('POST', '/v1/leave', null, {})
  }

  push(changes: ChangeToPush[]): Promise<PushResult> {
    return this.#call('POST', '/v1/changes', pushResultSchema, { changes })
  }

  /** A page of changes after `after`: the page read, each change checked only as it is applied (readChange). */
  pull(after: number, limit: number): Promise<PulledPage> {
    return this.#call('GET', `/v1/changes?after=${after}&limit=${limit}`, pulledPageSchema)
  }

  /** A spend admitted against the team's budget for its account and month (a hold until booked or released). */
  admit(body: {
    holdId: string
    account: string
    month: string
    credits: number
    overBudget: boolean
  }): Promise<AdmitResult> {
    return this.#call('POST', '/v1/budgets/admit', admitResultSchema, body)
  }

  async release(holdId: string): Promise<boolean> {
    return (await this.#call('POST', '/v1/budgets/release', releaseResultSchema, { holdId })).released
  }

  /** The team's book for a month (YYYY-MM). */
  spendBook(month: string): Promise<SpendBook> {
    return this.#call('GET', `/v1/spend?month=${encodeURIComponent(month)}`, spendBookSchema)
  }

  /**
   * The live stream (GET /v1/events): calls `onChanges` for each `changes` event, `onOpen` once
   * the server answered; settles when the stream ends (the server or the network closed it, or
   * `signal` aborted), throws a TeamCallError when it could not be opened.
   */
  async events(options: {
    signal: AbortSignal
    onOpen: () => void
    onChanges: (lastSeq: number) => void
  }): Promise<void> {
    const response = await this.#send('GET', '/v1/events', undefined, true, options.signal, false)
    options.onOpen()
    if (response.body === null) return
    const decoder = new TextDecoder()
    let buffer = ''
    let event = 'message'
    let data: string[] = []
    try {
      for await (const chunk of response.body) {
        buffer += decoder.decode(chunk as Uint8Array, { stream: true })
        for (let end = buffer.search(/\r?\n/); end >= 0; end = buffer.search(/\r?\n/)) {
          const line = buffer.slice(0, end)
          buffer = buffer.slice(end + (buffer[end] === '\r' ? 2 : 1))
          if (line === '') {
            if (event === 'changes' && data.length > 0) {
              const parsed = changesEventSchema.safeParse(safeJson(data.join('\n')))
              if (parsed.success) options.onChanges(parsed.data.lastSeq)
            }
            event = 'message'
            data = []
          } else if (line.startsWith('event:')) event = line.slice(6).trim()
          else if (line.startsWith('data:')) data.push(line.slice(5).trimStart())
          if (buffer.length > 1024 * 1024)
            throw new TeamCallError('unreadable', 'The live stream sent a line too long.')
        }
      }
    } catch (error) {
      if (options.signal.aborted) return
      throw error instanceof TeamCallError ? error : new TeamCallError('network', errorMessage(error))
    }
  }

  async #call<T>(
    method: 'GET' | 'POST',
    path: string,
    schema: z.ZodType<T> | null,
    body?: unknown,
    withCredential = true
  ): Promise<T> {
    const response = await this.#send(method, path, body, withCredential, AbortSignal.timeout(CALL_TIMEOUT_MS), true)
    const text = await readText(response)
    if (schema === null) return undefined as T
    const parsed = schema.safeParse(safeJson(text))
    if (!parsed.success) throw unreadable(this.origin)
    return parsed.data
  }

  async #send(
    method: 'GET' | 'POST',
    path: string,
    body: unknown,
    withCredential: boolean,
    signal: AbortSignal,
    json: boolean
  ) {
    const url = new URL(path, this.origin)
    // the credential is bound to the origin it was issued by: nothing else is ever asked
    if (url.origin !== this.origin) throw new Error(`refused to send a team request to ${url.origin}`)
    const headers: Record<string, string> = { accept: json ? 'application/json' : 'text/event-stream' }
    if (body !== undefined) headers['content-type'] = 'application/json'
    if (withCredential) {
      const credential = await this.#credential()
      if (credential === null) {
        throw new TeamCallError(
          'unauthorized',
          'This desk’s team credential is not in the keychain. Leave the team and join again with a new invite code.'
        )
      }
      headers.authorization = `Bearer ${credential}`
    }
    let response
    try {
      response = await fetch(url, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        redirect: 'error',
        signal,
        dispatcher: this.#dispatcher
      })
    } catch (error) {
      const timedOut = signal.aborted && (signal.reason as Error | undefined)?.name === 'TimeoutError'
      throw new TeamCallError(
        timedOut ? 'timeout' : 'network',
        timedOut
          ? `The team server at ${this.origin} did not answer in time.`
          : `The team server at ${this.origin} cannot be reached (${errorMessage(error)}).`
      )
    }
    if (response.ok) return response
    const text = await readText(response).catch(() => '')
    const parsed = teamErrorSchema.safeParse(safeJson(text))
    if (parsed.success) throw new TeamCallError(parsed.data.error.code, parsed.data.error.message, response.status)
    throw new TeamCallError(
      response.status >= 500 ? 'unavailable' : 'bad-request',
      `The team server at ${this.origin} answered ${response.status}.`,
      response.status
    )
  }
}

async function readText(response: {
  body: AsyncIterable<unknown> | null
  headers: { get(name: string): string | null }
}): Promise<string> {
  if (response.body === null) return ''
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of response.body) {
    const buffer = Buffer.from(chunk as Uint8Array)
    size += buffer.length
    if (size > MAX_ANSWER_BYTES) throw new TeamCallError('unreadable', 'The team server’s answer is too large.')
    chunks.push(buffer)
  }
  return Buffer.concat(chunks).toString('utf8')
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
