import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '../../server/clock'
import { sendJson } from '../../server/http/respond'
import { basicAuthKey } from '../basic-auth'
import { BodyProblem, isNonEmptyString, readJsonObject, valueList } from '../json-io'
import { RollingWindow } from '../rolling-window'
import type { HarvestCandidate, HarvestStore } from './harvest-store'

export interface HarvestKeys {
  /** May call every endpoint. */
  full: string
  /** May only read (GET): a write answers 403, as a Harvest key without that endpoint's permission. */
  readOnly: string
}

export interface HarvestOptions {
  store: HarvestStore
  keys: HarvestKeys
  clock: Clock
  /** Requests per rolling window and key (Harvest's X-RateLimit-Limit; default 50). */
  rateLimit: number
  /** The window (Harvest: 10 s). */
  windowMs: number
  /** Switches tests flip to make the fake misbehave (issue #39 item 5); none by default. */
  faults?: HarvestFaults
  /** Every request's method, path and query (`GET /v1/candidates?per_page=500&page=1`), as it came: tests count them. */
  requests?: string[]
}

/**
 * What the fake Greenhouse can be made to do wrong, set on the running fake (`greenhouse.faults`):
 * keys revoked since, a storm of 429s, a candidates page of the wrong shape, an answer nested too
 * deep or too large to read, or a pull cut off at a page.
 */
export interface HarvestFaults {
  /** Keys refused with 401 from now on (revoked in Greenhouse). */
  revoked: Set<string>
  /** The next this-many authenticated requests are answered 429 with `Retry-After: retryAfterSeconds`. */
  tooMany: number
  retryAfterSeconds: number
  /** GET /v1/candidates page N (from 1) answers an object instead of a list. */
  malformedPage: number | null
  /** GET /v1/candidates page N answers this many `[` deep (then as many `]`). */
  deepPage: { page: number; levels: number } | null
  /** GET /v1/candidates page N answers a list this many bytes long, streamed. */
  hugePage: { page: number; bytes: number } | null
  /** GET /v1/candidates page N answers 500 (a pull killed midway, from the app's side). */
  failPage: number | null
}

export const noHarvestFaults = (): HarvestFaults => ({
  revoked: new Set(),
  tooMany: 0,
  retryAfterSeconds: 1,
  malformedPage: null,
  deepPage: null,
  hugePage: null,
  failPage: null
})

type Answer = { status: number; body: unknown; headers?: Record<string, string> }

/** Harvest's error body: `{ message, errors? }` (errors: `[{ message, field }]` on a 422). */
const fail = (status: number, message: string, errors?: { message: string; field: string }[]): Answer => ({
  status,
  body: errors === undefined ? { message } : { message, errors }
})

const ISO_FILTERS = ['created_before', 'created_after', 'updated_before', 'updated_after'] as const

/**
 * A Greenhouse Harvest API v1 on loopback (see sandbox/README.md, "Greenhouse and Lever"): Basic
 * auth with the key as user name, a rolling rate window per key with X-RateLimit-Limit and
 * -Remaining on every authenticated answer and 429 + Retry-After past it, page/per_page paging
 * with RFC 5988 Link headers, On-Behalf-Of on writes, 422 `{ message, errors }` for missing fields.
 */
export function harvestHandler(options: HarvestOptions): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  const window = new RollingWindow(options.rateLimit, options.windowMs, options.clock)
  return async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1')
    options.requests?.push(`${req.method ?? 'GET'} ${url.pathname}${url.search}`)
    const key = basicAuthKey(req)
    const faults = options.faults
    if (
      key === null ||
      (key !== options.keys.full && key !== options.keys.readOnly) ||
      faults?.revoked.has(key) === true
    ) {
      sendJson(res, 401, { message: 'Invalid Basic Auth credentials' }, { 'www-authenticate': 'Basic realm="Harvest"' })
      return
    }
    const taken = window.take(key)
    const rateHeaders = {
      'x-ratelimit-limit': String(taken.limit),
      'x-ratelimit-remaining': String(taken.remaining)
    }
    if (faults !== undefined && faults.tooMany > 0) {
      faults.tooMany -= 1
      sendJson(
        res,
        429,
        { message: 'Too Many Requests' },
        { ...rateHeaders, 'retry-after': String(faults.retryAfterSeconds) }
      )
      return
    }
    if (faults !== undefined && req.method === 'GET' && url.pathname.replace(/\/$/, '') === '/v1/candidates') {
      const pageNo = Number(url.searchParams.get('page') ?? '1')
      if (faults.malformedPage === pageNo) {
        sendJson(res, 200, { candidates: 'not a list' }, rateHeaders)
        return
      }
      if (faults.failPage === pageNo) {
        sendJson(res, 500, { message: 'Internal Server Error' }, rateHeaders)
        return
      }
      if (faults.deepPage?.page === pageNo) {
        const { levels } = faults.deepPage
        res.writeHead(200, { 'content-type': 'application/json', ...rateHeaders })
        res.end('['.repeat(levels) + ']'.repeat(levels))
        return
      }
      if (faults.hugePage?.page === pageNo) {
        streamHuge(res, faults.hugePage.bytes, rateHeaders)
        return
      }
    }
    if (!taken.allowed) {
      options.store.refused++
      sendJson(
        res,
        429,
        { message: 'Too Many Requests' },
        {
          ...rateHeaders,
          'retry-after': String(taken.retryAfterSeconds),
          'x-ratelimit-reset': String(Math.ceil(taken.resetAt / 1000))
        }
      )
      return
    }
    let answer: Answer
    try {
      answer = await route(req, url, key === options.keys.full, options)
    } catch (error) {
      if (!(error instanceof BodyProblem)) throw error
      answer = fail(error.status, error.message)
    }
    sendJson(res, answer.status, answer.body, { ...rateHeaders, ...answer.headers })
  }
}

/** A JSON list `bytes` long (at least 3), written as the client reads it; stops when the client goes. */
function streamHuge(res: ServerResponse, bytes: number, headers: Record<string, string>): void {
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(bytes), ...headers })
  const item = `${JSON.stringify({ id: 1, first_name: 'x'.repeat(1000) })},`
  const chunk = item.repeat(Math.floor(65_536 / item.length))
  // '[' + items and spaces + '{}]'
  let left = bytes - 4
  res.write('[')
  const more = (): void => {
    while (left > 0 && !res.destroyed) {
      const part = left >= chunk.length ? chunk : ' '.repeat(left)
      left -= part.length
      if (!res.write(part)) {
        res.once('drain', more)
        return
      }
    }
    if (!res.destroyed) res.end('{}]')
  }
  res.on('close', () => (left = 0))
  more()
}

async function route(req: IncomingMessage, url: URL, mayWrite: boolean, options: HarvestOptions): Promise<Answer> {
  const { store } = options
  const path = url.pathname.replace(/\/$/, '')
  const method = req.method ?? 'GET'
  let m: RegExpExecArray | null
  if (method === 'GET') {
    if (path === '/v1/candidates') return listCandidates(url, options)
    if ((m = /^\/v1\/candidates\/(\d+)$/.exec(path))) {
      const candidate = store.get(Number(m[1]))
      return candidate === undefined ? fail(404, 'Resource not found') : { status: 200, body: candidate }
    }
    if (path === '/v1/applications')
      return page(
        url,
        store.candidates.flatMap((c) => c.applications)
      )
    if (path === '/v1/jobs')
      return page(
        url,
        store.jobs.map(({ stages: _stages, ...job }) => job)
      )
    if ((m = /^\/v1\/jobs\/(\d+)\/stages$/.exec(path))) {
      const job = store.job(Number(m[1]))
      return job === undefined ? fail(404, 'Resource not found') : { status: 200, body: job.stages }
    }
    if (path === '/v1/sources') return page(url, store.sources)
    if (path === '/v1/users') return page(url, store.users)
    if ((m = /^\/v1\/users\/(\d+)$/.exec(path))) {
      const user = store.user(Number(m[1]))
      return user === undefined ? fail(404, 'Resource not found') : { status: 200, body: user }
    }
    return fail(404, 'Resource not found')
  }
  if (method === 'POST' && (path === '/v1/candidates' || path === '/v1/prospects')) {
    if (!mayWrite) return fail(403, 'This API Key does not have permission to access this endpoint')
    const actor = Number(req.headers['on-behalf-of'])
    const user = Number.isInteger(actor) ? store.user(actor) : undefined
    if (user === undefined || user.disabled) {
      return fail(403, 'Invalid or missing On-Behalf-Of header: it must be the id of an active user')
    }
    const answer = create(await readJsonObject(req), path === '/v1/prospects', user.id, options)
    return answer.status === 201 ? afterCreate(answer, String((answer.body as HarvestCandidate).id), store) : answer
  }
  // Harvest's "Add Application to Candidate/Prospect": a candidate already there, on another job
  if (method === 'POST' && (m = /^\/v1\/candidates\/(\d+)\/applications$/.exec(path))) {
    if (!mayWrite) return fail(403, 'This API Key does not have permission to access this endpoint')
    const actor = Number(req.headers['on-behalf-of'])
    const user = Number.isInteger(actor) ? store.user(actor) : undefined
    if (user === undefined || user.disabled) {
      return fail(403, 'Invalid or missing On-Behalf-Of header: it must be the id of an active user')
    }
    const candidate = store.get(Number(m[1]))
    if (candidate === undefined) return fail(404, 'Resource not found')
    const body = await readJsonObject(req)
    const job = store.job(Number(body['job_id'])) ?? null
    if (job === null)
      return fail(422, 'Validation error', [{ message: 'Must be the id of an open job', field: 'job_id' }])
    let stage = null
    if (body['initial_stage_id'] !== undefined) {
      stage = job.stages.find((s) => s.id === Number(body['initial_stage_id'])) ?? null
      if (stage === null)
        return fail(422, 'Validation error', [{ message: 'Must be a stage of the job', field: 'initial_stage_id' }])
    }
    const source = sourceOf(body['source_id'], store)
    if (source === undefined)
      return fail(422, 'Validation error', [{ message: 'Must be the id of a source', field: 'source_id' }])
    const application = store.addApplication(candidate, job, stage, source, new Date(options.clock.now()).toISOString())
    return afterCreate({ status: 200, body: application }, String(candidate.id), store)
  }
  return fail(
    path.startsWith('/v1/') ? 405 : 404,
    path.startsWith('/v1/') ? 'Method not allowed' : 'Resource not found'
  )
}

function listCandidates(url: URL, options: HarvestOptions): Answer {
  const filters: [(typeof ISO_FILTERS)[number], number][] = []
  for (const name of ISO_FILTERS) {
    const raw = url.searchParams.get(name)
    if (raw === null) continue
    const at = Date.parse(raw)
    if (!Number.isFinite(at))
      return fail(422, 'Validation error', [{ message: 'must be an ISO-8601 timestamp', field: name }])
    filters.push([name, at])
  }
  const email = url.searchParams.get('email')?.trim().toLowerCase()
  const jobId = url.searchParams.has('job_id') ? Number(url.searchParams.get('job_id')) : null
  const ids = url.searchParams.get('candidate_ids')?.split(',').map(Number)
  const selected = options.store.candidates.filter((c) => {
    for (const [name, at] of filters) {
      const value = Date.parse(name.startsWith('created') ? c.created_at : c.updated_at)
      if (name.endsWith('_after') ? value < at : value >= at) return false
    }
    if (email !== undefined && !c.email_addresses.some((e) => e.value.toLowerCase() === email)) return false
    if (jobId !== null && !c.applications.some((a) => a.jobs.some((j) => j.id === jobId))) return false
    if (ids !== undefined && !ids.includes(c.id)) return false
    return true
  })
  return page(url, selected)
}

/** One page of `items` (in id order), `per_page` 1..500 (default 100), `page` from 1; the Link header as Harvest's. */
function page(url: URL, items: readonly unknown[]): Answer {
  const perPage = url.searchParams.has('per_page') ? Number(url.searchParams.get('per_page')) : 100
  const pageNo = url.searchParams.has('page') ? Number(url.searchParams.get('page')) : 1
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 500) {
    return fail(422, 'Validation error', [{ message: 'must be an integer from 1 to 500', field: 'per_page' }])
  }
  if (!Number.isInteger(pageNo) || pageNo < 1) {
    return fail(422, 'Validation error', [{ message: 'must be a positive integer', field: 'page' }])
  }
  const last = Math.max(1, Math.ceil(items.length / perPage))
  const link = (n: number, rel: string): string => {
    const target = new URL(url.href)
    target.searchParams.set('page', String(n))
    target.searchParams.set('per_page', String(perPage))
    return `<${target.pathname}${target.search}>; rel="${rel}"`
  }
  const links = [
    ...(pageNo < last ? [link(pageNo + 1, 'next')] : []),
    ...(pageNo > 1 ? [link(pageNo - 1, 'prev')] : []),
    link(last, 'last')
  ]
  return {
    status: 200,
    body: items.slice((pageNo - 1) * perPage, pageNo * perPage),
    headers: { link: links.join(', ') }
  }
}

/** The application's source by its `source_id`: null when none is given, undefined when it names none. */
function sourceOf(sourceId: unknown, store: HarvestStore): { id: number; public_name: string } | null | undefined {
  if (sourceId === undefined || sourceId === null) return null
  const source = store.sources.find((s) => s.id === Number(sourceId))
  return source === undefined ? undefined : { id: source.id, public_name: source.name }
}

/** The faults a test switched on (store.faults): a 500 although the record was made, a held answer. */
async function afterCreate(answer: Answer, id: string, store: HarvestStore): Promise<Answer> {
  await store.faults.afterCreate?.(id)
  if (store.faults.failAfterCreate > 0) {
    store.faults.failAfterCreate--
    return fail(500, 'Internal Server Error')
  }
  return answer
}

function create(body: Record<string, unknown>, prospect: boolean, actor: number, options: HarvestOptions): Answer {
  const { store } = options
  const errors: { message: string; field: string }[] = []
  if (!isNonEmptyString(body['first_name'])) errors.push({ message: 'Must be present', field: 'first_name' })
  if (!isNonEmptyString(body['last_name'])) errors.push({ message: 'Must be present', field: 'last_name' })
  let job = null
  let stage = null
  let source: { id: number; public_name: string } | null | undefined = null
  if (prospect) {
    const application = body['application'] as { job_ids?: unknown; source_id?: unknown } | undefined
    source = sourceOf(application?.source_id, store)
    if (source === undefined) errors.push({ message: 'Must be the id of a source', field: 'application.source_id' })
    const jobIds = Array.isArray(application?.job_ids) ? (application.job_ids as unknown[]) : []
    if (jobIds.length > 0) {
      job = store.job(Number(jobIds[0])) ?? null
      if (job === null)
        errors.push({ message: `Job ${String(jobIds[0])} does not exist`, field: 'application.job_ids' })
    }
  } else {
    const applications = body['applications']
    if (!Array.isArray(applications) || applications.length === 0) {
      errors.push({ message: 'At least one application is required', field: 'applications' })
    } else {
      const first = applications[0] as { job_id?: unknown; initial_stage_id?: unknown; source_id?: unknown }
      source = sourceOf(first.source_id, store)
      if (source === undefined) errors.push({ message: 'Must be the id of a source', field: 'applications.source_id' })
      job = store.job(Number(first.job_id)) ?? null
      if (job === null) errors.push({ message: 'Must be the id of an open job', field: 'applications.job_id' })
      else if (first.initial_stage_id !== undefined) {
        stage = job.stages.find((s) => s.id === Number(first.initial_stage_id)) ?? null
        if (stage === null)
          errors.push({ message: 'Must be a stage of the job', field: 'applications.initial_stage_id' })
      }
    }
  }
  if (errors.length > 0) return fail(422, 'Validation error', errors)
  // Harvest refuses no duplicate: a second candidate with the same email is created (Greenhouse's
  // Auto-Merge leaves profiles made by integrations alone; its UI flags them for a manual merge).
  // A client that must not duplicate looks first (GET /v1/candidates?email=).
  const candidate: HarvestCandidate = store.add(
    {
      first_name: (body['first_name'] as string).trim(),
      last_name: (body['last_name'] as string).trim(),
      company: typeof body['company'] === 'string' ? body['company'] : null,
      title: typeof body['title'] === 'string' ? body['title'] : null,
      email_addresses: valueList(body['email_addresses']),
      phone_numbers: valueList(body['phone_numbers']),
      website_addresses: valueList(body['website_addresses']),
      social_media_addresses: valueList(body['social_media_addresses']).map(({ value }) => ({ value })),
      can_email: true,
      tags: Array.isArray(body['tags']) ? body['tags'].filter((t): t is string => typeof t === 'string') : []
    },
    // credited to the source named by `source_id` (GET /v1/sources), none without one
    { job, stage, prospect, source: source ?? null },
    new Date(options.clock.now()).toISOString()
  )
  store.createdBy.set(candidate.id, actor)
  if (Array.isArray(body['activity_feed_notes'])) {
    for (const note of body['activity_feed_notes'] as unknown[]) {
      const { body: text, visibility } = (note ?? {}) as { body?: unknown; visibility?: unknown }
      if (isNonEmptyString(text))
        store.notes.push({
          candidateId: candidate.id,
          userId: actor,
          body: text,
          visibility: typeof visibility === 'string' ? visibility : 'public'
        })
    }
  }
  return { status: 201, body: candidate }
}
