import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '../../server/clock'
import { sendJson } from '../../server/http/respond'
import { basicAuthKey } from '../basic-auth'
import { BodyProblem, isNonEmptyString, readJsonObject } from '../json-io'
import { RollingWindow } from '../rolling-window'
import type { LeverOAuthServer } from './lever-oauth'
import { LEVER_STAGES, type LeverOpportunity, type LeverStore } from './lever-store'

export interface LeverKeys {
  full: string
  /** May only read: a write answers 403. */
  readOnly: string
}

export interface LeverOptions {
  store: LeverStore
  keys: LeverKeys
  clock: Clock
  /** Requests per window and key (default 10 per second, Lever's documented steady rate). */
  rateLimit: number
  windowMs: number
  /** Lever's authorization server (lever-oauth.ts), on this port: its Bearer tokens are taken beside the keys. */
  oauth?: LeverOAuthServer
}

type Answer = { status: number; body: unknown }

/** Lever's error body: `{ code, message }`. */
const fail = (status: number, code: string, message: string): Answer => ({ status, body: { code, message } })

const TIME_FILTERS = ['created_at_start', 'created_at_end', 'updated_at_start', 'updated_at_end'] as const

/** The offset cursor: opaque to clients (base64url of the next position). */
const encodeCursor = (position: number): string => Buffer.from(`o:${position}`).toString('base64url')
function decodeCursor(token: string): number | null {
  const match = /^o:(\d+)$/.exec(Buffer.from(token, 'base64url').toString('utf8'))
  return match === null ? null : Number(match[1])
}

/**
 * A Lever API v1 on loopback: Basic auth with the key as user name (or an OAuth access token as
 * `Authorization: Bearer`, 401 once it expired), `limit`/`offset` paging with
 * `{ data, hasNext, next }`, `updated_at_start`/`_end` (ms) filters, `perform_as` on writes, a rate
 * window answering 429 with Retry-After, errors `{ code, message }`.
 */
export function leverHandler(options: LeverOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const window = new RollingWindow(options.rateLimit, options.windowMs, options.clock)
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    if (options.oauth !== undefined && (await options.oauth.handle(req, res, url))) return
    const caller = authorized(req, options)
    if (typeof caller === 'string') {
      const expired = caller === 'expired'
      sendJson(
        res,
        401,
        { code: 'UnauthorizedError', message: expired ? 'Access token expired' : 'Invalid API key' },
        {
          'www-authenticate': /^Bearer\s/i.test(req.headers.authorization ?? '')
            ? `Bearer realm="Lever", error="invalid_token", error_description="${expired ? 'The access token expired' : 'Invalid access token'}"`
            : 'Basic realm="Lever"'
        }
      )
      return
    }
    const { key, mayWrite } = caller
    const taken = window.take(key)
    if (!taken.allowed) {
      options.store.refused++
      sendJson(
        res,
        429,
        { code: 'TooManyRequestsError', message: 'Too many requests' },
        {
          'retry-after': String(taken.retryAfterSeconds)
        }
      )
      return
    }
    let answer: Answer
    try {
      answer = await route(req, url, mayWrite, options)
    } catch (error) {
      if (!(error instanceof BodyProblem)) throw error
      answer = fail(error.status, 'BadRequestError', error.message)
    }
    sendJson(res, answer.status, answer.body)
  }
}

/** Who calls: a key (Basic) or an access token (Bearer), and whether it may write; else why not. */
function authorized(
  req: IncomingMessage,
  options: LeverOptions
): { key: string; mayWrite: boolean } | 'expired' | 'invalid' {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')
  if (bearer !== null) {
    const seen = options.oauth?.bearer(bearer[1] as string) ?? 'invalid'
    return typeof seen === 'string' ? seen : { key: `oauth:${seen.clientId}`, mayWrite: seen.mayWrite }
  }
  const key = basicAuthKey(req)
  if (key === null || (key !== options.keys.full && key !== options.keys.readOnly)) return 'invalid'
  return { key, mayWrite: key === options.keys.full }
}

async function route(req: IncomingMessage, url: URL, mayWrite: boolean, options: LeverOptions): Promise<Answer> {
  const { store } = options
  const path = url.pathname.replace(/\/$/, '')
  const method = req.method ?? 'GET'
  let m: RegExpExecArray | null
  if (method === 'GET') {
    if (path === '/v1/opportunities') return listOpportunities(url, options)
    if ((m = /^\/v1\/opportunities\/([0-9a-f-]+)$/.exec(path))) {
      const opportunity = store.get(m[1] as string)
      return opportunity === undefined
        ? fail(404, 'ResourceNotFound', 'Opportunity not found')
        : { status: 200, body: { data: opportunity } }
    }
    if ((m = /^\/v1\/users\/([0-9a-f-]+)$/.exec(path))) {
      const user = store.user(m[1] as string)
      return user === undefined
        ? fail(404, 'ResourceNotFound', 'User not found')
        : { status: 200, body: { data: user } }
    }
    if (path === '/v1/users') return { status: 200, body: { data: store.users, hasNext: false } }
    if (path === '/v1/postings') return { status: 200, body: { data: store.postings, hasNext: false } }
    if (path === '/v1/stages') return { status: 200, body: { data: LEVER_STAGES, hasNext: false } }
    return fail(404, 'ResourceNotFound', 'Not found')
  }
  if (method === 'POST' && (m = /^\/v1\/opportunities\/([0-9a-f-]+)\/notes$/.exec(path))) {
    if (!mayWrite) return fail(403, 'ForbiddenError', 'This API key may not add notes')
    const actor = store.user(url.searchParams.get('perform_as') ?? '')
    if (actor === undefined || actor.deactivatedAt !== null) {
      return fail(400, 'BadRequestError', 'perform_as must be the id of an active user')
    }
    const opportunity = store.get(m[1] as string)
    if (opportunity === undefined) return fail(404, 'ResourceNotFound', 'Opportunity not found')
    const body = await readJsonObject(req)
    if (!isNonEmptyString(body['value'])) return fail(400, 'BadRequestError', 'value is required')
    const note = {
      id: `note-${store.notes.length + 1}`,
      opportunityId: opportunity.id,
      user: actor.id,
      value: body['value'],
      createdAt: options.clock.now()
    }
    store.notes.push(note)
    return { status: 201, body: { data: { id: note.id } } }
  }
  if (method === 'POST' && path === '/v1/opportunities') {
    if (!mayWrite) return fail(403, 'ForbiddenError', 'This API key may not create opportunities')
    const performAs = url.searchParams.get('perform_as')
    if (performAs === null || performAs === '') {
      return fail(400, 'BadRequestError', 'perform_as is required: the id of the user the opportunity is created as')
    }
    const actor = store.user(performAs)
    if (actor === undefined || actor.deactivatedAt !== null) {
      return fail(400, 'BadRequestError', `perform_as "${performAs}" is not an active user`)
    }
    const answer = create(await readJsonObject(req), actor.id, options)
    if (answer.status !== 201) return answer
    // the faults a test switched on: a 500 although the opportunity was made, a held answer
    await store.faults.afterCreate?.((answer.body as { data: LeverOpportunity }).data.id)
    if (store.faults.failAfterCreate > 0) {
      store.faults.failAfterCreate--
      return fail(500, 'InternalServerError', 'Internal Server Error')
    }
    return answer
  }
  return fail(
    path.startsWith('/v1/') ? 405 : 404,
    path.startsWith('/v1/') ? 'MethodNotAllowed' : 'ResourceNotFound',
    'Not found'
  )
}

function listOpportunities(url: URL, options: LeverOptions): Answer {
  const limitRaw = url.searchParams.get('limit')
  const limit = limitRaw === null ? 100 : Number(limitRaw)
  if (!Number.isInteger(limit) || limit < 1 || limit > 100) {
    return fail(400, 'BadRequestError', 'limit must be an integer from 1 to 100')
  }
  const offsetRaw = url.searchParams.get('offset')
  const start = offsetRaw === null ? 0 : decodeCursor(offsetRaw)
  if (start === null) return fail(400, 'BadRequestError', 'Invalid offset')
  const bounds: [(typeof TIME_FILTERS)[number], number][] = []
  for (const name of TIME_FILTERS) {
    const raw = url.searchParams.get(name)
    if (raw === null) continue
    const at = Number(raw)
    if (!Number.isInteger(at) || at < 0)
      return fail(400, 'BadRequestError', `${name} must be a timestamp in milliseconds`)
    bounds.push([name, at])
  }
  const emails = url.searchParams.getAll('email').map((e) => e.trim().toLowerCase())
  const contacts = url.searchParams.getAll('contact_id')
  const postings = url.searchParams.getAll('posting_id')
  const matches = (o: LeverOpportunity): boolean => {
    if (contacts.length > 0 && !contacts.includes(o.contact)) return false
    if (
      postings.length > 0 &&
      !o.applications.some((a) => postings.includes(options.store.applicationPosting.get(a) ?? ''))
    )
      return false
    for (const [name, at] of bounds) {
      const value = name.startsWith('created') ? o.createdAt : o.updatedAt
      if (name.endsWith('_start') ? value < at : value >= at) return false
    }
    return emails.length === 0 || o.emails.some((e) => emails.includes(e.toLowerCase()))
  }
  const data: LeverOpportunity[] = []
  let position = start
  const all = options.store.opportunities
  while (position < all.length && data.length < limit) {
    const o = all[position++] as LeverOpportunity
    if (matches(o)) data.push(o)
  }
  let hasNext = false
  for (let i = position; i < all.length; i++) {
    if (matches(all[i] as LeverOpportunity)) {
      hasNext = true
      break
    }
  }
  return { status: 200, body: hasNext ? { data, hasNext, next: encodeCursor(position) } : { data, hasNext } }
}

function create(body: Record<string, unknown>, actor: string, options: LeverOptions): Answer {
  const { store } = options
  if (!isNonEmptyString(body['name'])) return fail(400, 'BadRequestError', 'name is required')
  const strings = (value: unknown): string[] =>
    Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v.trim() !== '') : []
  const stage = body['stage'] === undefined ? (LEVER_STAGES[0] as { id: string }).id : String(body['stage'])
  if (!LEVER_STAGES.some((s) => s.id === stage)) return fail(400, 'BadRequestError', `stage "${stage}" does not exist`)
  const postings = strings(body['postings'])
  const unknownPosting = postings.find((p) => !store.postings.some((posting) => posting.id === p))
  if (unknownPosting !== undefined) return fail(400, 'BadRequestError', `posting "${unknownPosting}" does not exist`)
  const phones = Array.isArray(body['phones'])
    ? body['phones'].flatMap((p: unknown) =>
        typeof p === 'object' && p !== null && isNonEmptyString((p as { value?: unknown }).value)
          ? [{ type: String((p as { type?: unknown }).type ?? 'other'), value: (p as { value: string }).value }]
          : []
      )
    : []
  // Lever keeps one contact per person: `contact` (an existing contact's id) or an email it knows
  // joins the new opportunity to that contact (a second opportunity, not a second person); a
  // client that wants none looks first (GET /v1/opportunities?email=).
  const contact = typeof body['contact'] === 'string' ? body['contact'] : undefined
  if (contact !== undefined && !store.hasContact(contact))
    return fail(400, 'BadRequestError', `contact "${contact}" does not exist`)
  const opportunity = store.add(
    {
      name: (body['name'] as string).trim(),
      headline: typeof body['headline'] === 'string' ? body['headline'] : '',
      emails: strings(body['emails']),
      phones,
      links: strings(body['links']),
      tags: strings(body['tags']),
      sources: strings(body['sources']),
      origin: typeof body['origin'] === 'string' ? body['origin'] : 'sourced',
      stage,
      owner: typeof body['owner'] === 'string' ? body['owner'] : actor,
      location: typeof body['location'] === 'string' ? body['location'] : ''
    },
    options.clock.now(),
    options.clock.now(),
    { ...(contact === undefined ? {} : { contact }), postings }
  )
  return { status: 201, body: { data: opportunity } }
}
