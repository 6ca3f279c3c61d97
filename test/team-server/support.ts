import { randomUUID } from 'node:crypto'
import type { ChangeToPush, Joined } from '../../shared/team/protocol'

/** A desk's side of the team protocol, as the tests speak it: plain HTTP, as a desk would. */
// answers are read loosely by the tests, and parsed by the protocol's schemas where it matters
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Answer = { status: number; body: any }

export async function call(
  url: string,
  method: string,
  path: string,
  options: { credential?: string; body?: unknown; rawBody?: string; contentType?: string } = {}
): Promise<Answer> {
  const headers: Record<string, string> = {}
  if (options.credential !== undefined) headers.authorization = `Bearer ${options.credential}`
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
  if (body !== undefined) headers['content-type'] = options.contentType ?? 'application/json'
  const res = await fetch(`${url}${path}`, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = JSON.parse(text)
  } catch {
    // not JSON: kept as text
  }
  return { status: res.status, body: parsed }
}

export type TestDesk = Joined & { url: string }

export async function createTeam(
  url: string,
  setupCode: string,
  teamName = 'Acme Recruiting',
  personName = 'Anna'
): Promise<TestDesk> {
  const answer = await call(url, 'POST', '/v1/teams', {
    body: { setupCode, teamName, personName, deskName: `${personName}'s laptop` }
  })
  if (answer.status !== 201) throw new Error(`create team: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { ...(answer.body as Joined), url }
}

export async function invite(admin: TestDesk, role: 'admin' | 'recruiter' = 'recruiter'): Promise<string> {
  const answer = await call(admin.url, 'POST', '/v1/invites', { credential: admin.credential, body: { role } })
  if (answer.status !== 201) throw new Error(`invite: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.code as string
}

export async function joinTeam(
  url: string,
  inviteCode: string,
  personName: string,
  deskName = `${personName}'s laptop`
): Promise<TestDesk> {
  const answer = await call(url, 'POST', '/v1/join', { body: { inviteCode, personName, deskName } })
  if (answer.status !== 201) throw new Error(`join: ${answer.status} ${JSON.stringify(answer.body)}`)
  return { ...(answer.body as Joined), url }
}

/** A new member of the admin's team, by a fresh invite. */
export async function addMember(
  admin: TestDesk,
  personName: string,
  role: 'admin' | 'recruiter' = 'recruiter'
): Promise<TestDesk> {
  return joinTeam(admin.url, await invite(admin, role), personName)
}

export function change(kind: string, payload: unknown, extra: Partial<ChangeToPush> = {}): ChangeToPush {
  return {
    id: randomUUID(),
    kind,
    payload: payload as ChangeToPush['payload'],
    subjects: [],
    deskTime: new Date().toISOString(),
    ...extra
  }
}

export function pushChanges(desk: TestDesk, changes: unknown[], url = desk.url): Promise<Answer> {
  return call(url, 'POST', '/v1/changes', { credential: desk.credential, body: { changes } })
}

export function pullChanges(desk: TestDesk, after = 0, limit?: number, url = desk.url): Promise<Answer> {
  return call(url, 'GET', `/v1/changes?after=${after}${limit === undefined ? '' : `&limit=${limit}`}`, {
    credential: desk.credential
  })
}

export type SseEvent = { event: string; data: string }

/**
 * A desk's live stream, read as it arrives. `next(match)` resolves with the first event (already
 * received or still to come) that matches; `closed` resolves when the server ends the stream.
 */
export class EventStream {
  readonly events: SseEvent[] = []
  readonly closed: Promise<void>
  readonly status: number
  #waiters: { match: (event: SseEvent) => boolean; resolve: (event: SseEvent) => void }[] = []
  readonly #abort: AbortController

  readonly #listener: ((event: SseEvent) => void) | undefined

  private constructor(res: Response, abort: AbortController, listener?: (event: SseEvent) => void) {
    this.status = res.status
    this.#abort = abort
    this.#listener = listener
    this.closed = this.#read(res)
  }

  /** Opens a desk's stream; `listener` hears every event as it arrives. */
  static async open(url: string, credential: string, listener?: (event: SseEvent) => void): Promise<EventStream> {
    const abort = new AbortController()
    const res = await fetch(`${url}/v1/events`, {
      headers: { authorization: `Bearer ${credential}` },
      signal: abort.signal
    })
    return new EventStream(res, abort, listener)
  }

  async #read(res: Response): Promise<void> {
    if (res.body === null) return
    const reader = res.body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) return
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          let event = 'message'
          const data: string[] = []
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7)
            else if (line.startsWith('data: ')) data.push(line.slice(6))
          }
          if (data.length === 0 && block.startsWith(':')) {
            event = 'comment'
            data.push(block.slice(1).trim())
          }
          if (data.length === 0) continue
          const received = { event, data: data.join('\n') }
          this.events.push(received)
          this.#listener?.(received)
          this.#waiters = this.#waiters.filter((waiter) => {
            if (!waiter.match(received)) return true
            waiter.resolve(received)
            return false
          })
        }
      }
    } catch {
      // aborted by close(), or cut
    }
  }

  next(match: (event: SseEvent) => boolean): Promise<SseEvent> {
    const seen = this.events.find(match)
    if (seen !== undefined) return Promise.resolve(seen)
    return new Promise((resolve) => this.#waiters.push({ match, resolve }))
  }

  /** The first `changes` event saying the team has reached `seq`. */
  reached(seq: number): Promise<SseEvent> {
    return this.next(
      (event) => event.event === 'changes' && (JSON.parse(event.data) as { lastSeq: number }).lastSeq >= seq
    )
  }

  close(): void {
    this.#abort.abort()
  }
}
