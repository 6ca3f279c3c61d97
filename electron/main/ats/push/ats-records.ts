import { AppError } from '../../../../shared/ipc/errors'
import { ApiError } from '../../api/api-error'
import type { AtsJob, AtsRecord, AtsTarget, PushPerson } from './push-ports'

/** The source every record sent from here carries (Lever's `sources`, Greenhouse's source by name). */
export const SEND_SOURCE = 'Talent Desk'

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')
const values = (list: unknown): string[] =>
  Array.isArray(list)
    ? list.flatMap((item: unknown) => {
        const value = typeof item === 'string' ? item : (item as { value?: unknown } | null)?.value
        return typeof value === 'string' && value.trim() !== '' ? [value.trim()] : []
      })
    : []

const isObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value)

/** A record's id as the ATS gave it (Harvest a number, Lever a string), or null when it has none. */
const idOf = (value: unknown): string | null =>
  (typeof value === 'number' && Number.isSafeInteger(value)) || (typeof value === 'string' && value.trim() !== '')
    ? String(value)
    : null

/**
 * A Harvest candidate as a record to match; null for an entry that is no candidate (not an object,
 * no id): one bad record is passed over, never the reason a whole look fails. Fields of the wrong
 * type read as empty.
 */
function harvestRecord(raw: unknown): AtsRecord | null {
  if (!isObject(raw) || idOf(raw.id) === null) return null
  const c = raw
  return {
    id: String(c.id),
    name: [text(c.first_name), text(c.last_name)].filter(Boolean).join(' '),
    company: text(c.company),
    headline: text(c.title),
    emails: values(c.email_addresses),
    links: [...values(c.social_media_addresses), ...values(c.website_addresses)],
    createdAt: text(c.created_at)
  }
}

/** A Lever opportunity as a record to match; null for an entry that is no opportunity (as harvestRecord). */
function leverRecord(raw: unknown): AtsRecord | null {
  if (!isObject(raw) || idOf(raw.id) === null) return null
  const o = raw
  return {
    id: String(o.id),
    name: text(o.name),
    company: '',
    headline: text(o.headline),
    emails: values(o.emails),
    links: values(o.links),
    createdAt: typeof o.createdAt === 'number' ? new Date(o.createdAt).toISOString() : ''
  }
}

/** The `rel="next"` target of an RFC 5988 Link header, or null. */
function nextLink(header: string | null): string | null {
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>;\s*rel="next"/.exec(part)
    if (match) return match[1] as string
  }
  return null
}

/** Records with this email (Harvest `GET /v1/candidates?email=`, Lever `GET /v1/opportunities?email=`). */
export async function recordsByEmail(target: AtsTarget, email: string): Promise<AtsRecord[]> {
  const q = encodeURIComponent(email)
  if (target.kind === 'greenhouse') {
    const answer = await target.client.call('Look for the candidate', `/v1/candidates?email=${q}&per_page=100`)
    return Array.isArray(answer.body) ? records(answer.body, harvestRecord) : []
  }
  const answer = await target.client.call('Look for the opportunity', `/v1/opportunities?email=${q}&limit=100`)
  const data = (answer.body as { data?: unknown } | null)?.data
  return Array.isArray(data) ? records(data, leverRecord) : []
}

function records(list: readonly unknown[], read: (raw: unknown) => AtsRecord | null): AtsRecord[] {
  return list.flatMap((raw) => read(raw) ?? [])
}

/** Harvest's most ids in one `candidate_ids` filter. */
export const HARVEST_IDS_PER_READ = 50

/**
 * The records of these ids the ATS still has, by id (one missing was deleted or merged there):
 * Harvest reads up to 50 in one `GET /v1/candidates?candidate_ids=`; Lever one `GET
 * /v1/opportunities/{id}` each, a 404 answering none. Other failures throw the client's error.
 */
export async function recordsByIds(target: AtsTarget, ids: readonly string[]): Promise<Map<string, AtsRecord>> {
  const out = new Map<string, AtsRecord>()
  if (target.kind === 'greenhouse') {
    const wanted = [...new Set(ids)].filter((id) => /^\d+$/.test(id))
    for (let at = 0; at < wanted.length; at += HARVEST_IDS_PER_READ) {
      const part = wanted.slice(at, at + HARVEST_IDS_PER_READ)
      const answer = await target.client.call(
        'Read the candidates',
        `/v1/candidates?per_page=${HARVEST_IDS_PER_READ}&candidate_ids=${part.join(',')}`
      )
      if (!Array.isArray(answer.body))
        throw new AppError('invalid_response', 'Greenhouse answered without the candidates.')
      for (const record of records(answer.body, harvestRecord)) out.set(record.id, record)
    }
    return out
  }
  for (const id of new Set(ids)) {
    const answer = await target.client.call('Read the opportunity', `/v1/opportunities/${encodeURIComponent(id)}`, {
      expected: [404]
    })
    if (answer.status === 404) continue
    const record = leverRecord((answer.body as { data?: unknown } | null)?.data)
    if (record === null) throw new AppError('invalid_response', 'Lever answered without the opportunity.')
    out.set(record.id, record)
  }
  return out
}

/**
 * Every record of the ATS, page by page (Harvest's `page`/`per_page`, Lever's `next` cursors),
 * created at or after `since` when given (Harvest `created_after`, Lever `created_at_start`), or
 * with `changed` changed at or after it (`updated_after`, `updated_at_start`: what an incremental
 * pull reads). Neither API searches by profile link or by name, so those matches read the records;
 * `since` keeps a recovery's read to what could have been made since its intent. A Harvest page that
 * cannot be read (a record nested too deep or too large for the answer limits, or not JSON) is
 * read again in smaller pages, down to one record, and only that record is passed over; Lever's
 * next cursor is inside the page, so there a page that cannot be read ends the read (it throws).
 */
export async function* allRecords(
  target: AtsTarget,
  since?: string,
  signal?: AbortSignal,
  changed = false
): AsyncGenerator<AtsRecord> {
  if (target.kind === 'greenhouse') {
    const filter =
      since === undefined ? '' : `&${changed ? 'updated_after' : 'created_after'}=${encodeURIComponent(since)}`
    yield* harvestPages(target, filter, { perPage: 500, first: 1, last: null }, signal)
    return
  }
  const base = `/v1/opportunities?limit=100${
    since === undefined ? '' : `&${changed ? 'updated_at_start' : 'created_at_start'}=${Date.parse(since)}`
  }`
  let cursor: string | null = null
  for (;;) {
    signal?.throwIfAborted()
    const answer = await target.client.call(
      'Read opportunities',
      cursor === null ? base : `${base}&offset=${encodeURIComponent(cursor)}`
    )
    const page = answer.body as { data?: unknown; hasNext?: unknown; next?: unknown } | null
    if (!Array.isArray(page?.data)) return
    yield* records(page.data, leverRecord)
    if (page.hasNext !== true || typeof page.next !== 'string') return
    cursor = page.next
  }
}

/** An answer the limits refused (too deep, too large) or that was not JSON: its records cannot be read. */
const unreadable = (error: unknown): boolean =>
  (error instanceof ApiError && error.kind === 'unreadable') ||
  (error instanceof AppError && error.code === 'invalid_response')

/**
 * Harvest's candidates from page `first` to `last` (to the end when null) of `perPage` each; a
 * page that cannot be read is read again as its 25-record (then 1-record) pages, the same records.
 */
async function* harvestPages(
  target: AtsTarget,
  filter: string,
  range: { perPage: number; first: number; last: number | null },
  signal?: AbortSignal
): AsyncGenerator<AtsRecord> {
  const { perPage, first, last } = range
  for (let page = first; last === null || page <= last; page++) {
    signal?.throwIfAborted()
    let answer
    try {
      answer = await target.client.call('Read candidates', `/v1/candidates?per_page=${perPage}&page=${page}${filter}`)
    } catch (error) {
      if (!unreadable(error)) throw error
      if (perPage === 1) continue // the one record that cannot be read
      const smaller = perPage > 25 ? 25 : 1
      const ratio = perPage / smaller
      yield* harvestPages(
        target,
        filter,
        { perPage: smaller, first: (page - 1) * ratio + 1, last: page * ratio },
        signal
      )
      continue
    }
    if (!Array.isArray(answer.body)) return
    yield* records(answer.body, harvestRecord)
    if (nextLink(answer.headers.get('link')) === null) return
  }
}

/** Open jobs and their stages (Greenhouse), or published postings and the account's stages (Lever). */
export async function jobsOf(target: AtsTarget): Promise<AtsJob[]> {
  const { client } = target
  if (target.kind === 'greenhouse') {
    const answer = await client.call('Read jobs', '/v1/jobs?status=open&per_page=500')
    const jobs = Array.isArray(answer.body) ? (answer.body as Array<Record<string, unknown>>) : []
    const out: AtsJob[] = []
    for (const job of jobs.filter((j) => j.status === undefined || j.status === 'open')) {
      const stages = await client.call('Read the job’s stages', `/v1/jobs/${encodeURIComponent(String(job.id))}/stages`)
      out.push({
        id: String(job.id),
        name: text(job.name),
        stages: (Array.isArray(stages.body) ? (stages.body as Array<Record<string, unknown>>) : []).map((s) => ({
          id: String(s.id),
          name: text(s.name)
        }))
      })
    }
    return out
  }
  const [postings, stages] = [
    await client.call('Read postings', '/v1/postings?state=published&limit=100'),
    await client.call('Read stages', '/v1/stages')
  ]
  const list = (body: unknown) => {
    const data = (body as { data?: unknown } | null)?.data
    return Array.isArray(data) ? (data as Array<Record<string, unknown>>) : []
  }
  const stageList = list(stages.body).map((s) => ({ id: String(s.id), name: text(s.text) }))
  return list(postings.body).map((p) => ({ id: String(p.id), name: text(p.text), stages: stageList }))
}

/**
 * Greenhouse's source named "Talent Desk" (Harvest `GET /v1/sources`), whose id a create sends as
 * `source_id`; null when the account has none (an admin adds it under Configure → Sources). Lever
 * takes the source by name (`sources`), so it is never looked up there.
 */
export async function sourceIdOf(target: AtsTarget): Promise<string | null> {
  if (target.kind !== 'greenhouse') return null
  let path: string | null = '/v1/sources?per_page=500'
  while (path !== null) {
    const answer = await target.client.call('Read sources', path)
    if (!Array.isArray(answer.body)) return null
    for (const raw of answer.body as Array<Record<string, unknown>>) {
      if (text(raw.name).toLowerCase() === SEND_SOURCE.toLowerCase()) return String(raw.id)
    }
    path = nextLink(answer.headers.get('link'))
  }
  return null
}

/** What the ATS requires that the person lacks, in the ATS's field names. */
export function missingFields(kind: AtsTarget['kind'], person: PushPerson): string[] {
  if (kind === 'lever') return person.name.trim() === '' ? ['name'] : []
  return [
    ...(person.firstName.trim() === '' ? ['first_name'] : []),
    ...(person.lastName.trim() === '' ? ['last_name'] : [])
  ]
}

/** Where the person goes: a job (or posting) and a stage, chosen in the preview; none for a prospect or lead. */
export interface SendChoice {
  jobId: string | null
  stageId: string | null
  /** Greenhouse's "Talent Desk" source (sourceIdOf), or null: the records go without a source. */
  sourceId: string | null
}

/** The contact of a Lever opportunity (Lever keeps one contact per person across their opportunities). */
async function leverContact(target: AtsTarget, opportunityId: string): Promise<string> {
  const answer = await target.client.call(
    'Read the opportunity',
    `/v1/opportunities/${encodeURIComponent(opportunityId)}`
  )
  const contact = (answer.body as { data?: { contact?: unknown } } | null)?.data?.contact
  if (typeof contact !== 'string') throw new AppError('invalid_response', 'Lever answered without the contact.')
  return contact
}

/**
 * Whether someone already in the ATS already has an application on this job (looked at before one
 * is added): a Greenhouse candidate's applications; a Lever contact's opportunities for the posting.
 */
export async function hasApplication(target: AtsTarget, candidateId: string, jobId: string): Promise<boolean> {
  if (target.kind === 'lever') {
    const contact = await leverContact(target, candidateId)
    const answer = await target.client.call(
      'Look for the opportunity',
      `/v1/opportunities?contact_id=${encodeURIComponent(contact)}&posting_id=${encodeURIComponent(jobId)}&limit=1`
    )
    const data = (answer.body as { data?: unknown } | null)?.data
    return Array.isArray(data) && data.length > 0
  }
  const answer = await target.client.call('Read the candidate', `/v1/candidates/${encodeURIComponent(candidateId)}`)
  const applications = (answer.body as { applications?: unknown } | null)?.applications
  return (
    Array.isArray(applications) &&
    applications.some(
      (a: unknown) =>
        Array.isArray((a as { jobs?: unknown }).jobs) &&
        ((a as { jobs: unknown[] }).jobs as Array<{ id?: unknown }>).some((job) => String(job?.id) === jobId)
    )
  )
}

/**
 * A new application for someone already there, on the chosen job and stage: Greenhouse's `POST
 * /v1/candidates/{id}/applications` (On-Behalf-Of the acting user), credited to the source; Lever
 * a new opportunity of their contact for the posting (perform_as). Throws the client's ApiError.
 */
export async function addApplication(
  target: AtsTarget,
  candidateId: string,
  person: PushPerson,
  choice: SendChoice
): Promise<void> {
  if (choice.jobId === null) throw new AppError('invalid_input', 'Choose a job for the new applications.')
  if (target.kind === 'lever') {
    await createRecord(target, person, choice, await leverContact(target, candidateId))
    return
  }
  await target.client.call('Add the application', `/v1/candidates/${encodeURIComponent(candidateId)}/applications`, {
    method: 'POST',
    body: {
      job_id: Number(choice.jobId),
      ...(choice.stageId === null ? {} : { initial_stage_id: Number(choice.stageId) }),
      ...(choice.sourceId === null ? {} : { source_id: Number(choice.sourceId) })
    },
    headers: { 'on-behalf-of': target.actingUserId }
  })
}

/**
 * Creates the person's record and answers its id: Greenhouse a candidate on the chosen job and
 * stage, or a prospect when no stage is chosen (On-Behalf-Of the acting user); Lever an
 * opportunity (perform_as), of `contact` when given, its notes added after it. Throws the
 * client's ApiError on failure.
 */
export async function createRecord(
  target: AtsTarget,
  person: PushPerson,
  choice: SendChoice,
  contact?: string
): Promise<string> {
  const { client } = target
  if (target.kind === 'greenhouse') {
    const prospect = choice.jobId === null || choice.stageId === null
    const source = choice.sourceId === null ? {} : { source_id: Number(choice.sourceId) }
    const body = {
      first_name: person.firstName,
      last_name: person.lastName,
      ...(person.company === '' ? {} : { company: person.company }),
      ...(person.title === '' ? {} : { title: person.title }),
      email_addresses: person.emails.map((value, i) => ({ value, type: i === 0 ? 'work' : 'personal' })),
      phone_numbers: person.phones.map((value) => ({ value, type: 'mobile' })),
      social_media_addresses: person.links.map((value) => ({ value })),
      tags: person.tags,
      ...(person.notes === ''
        ? {}
        : {
            activity_feed_notes: [
              { user_id: Number(target.actingUserId), body: person.notes, visibility: 'admin_only' }
            ]
          }),
      ...(prospect
        ? { application: { job_ids: choice.jobId === null ? [] : [Number(choice.jobId)], ...source } }
        : { applications: [{ job_id: Number(choice.jobId), initial_stage_id: Number(choice.stageId), ...source }] })
    }
    const answer = await client.call(
      prospect ? 'Create the prospect' : 'Create the candidate',
      prospect ? '/v1/prospects' : '/v1/candidates',
      {
        method: 'POST',
        body,
        headers: { 'on-behalf-of': target.actingUserId }
      }
    )
    const id = (answer.body as { id?: unknown } | null)?.id
    if (typeof id !== 'number' && typeof id !== 'string')
      throw new AppError('invalid_response', 'Greenhouse answered without the new record’s id.')
    return String(id)
  }
  const performAs = `perform_as=${encodeURIComponent(target.actingUserId)}`
  const answer = await client.call('Create the opportunity', `/v1/opportunities?${performAs}`, {
    method: 'POST',
    body: {
      ...(contact === undefined ? {} : { contact }),
      name: person.name,
      headline: [person.title, person.company].filter(Boolean).join(' at '),
      emails: person.emails,
      phones: person.phones.map((value) => ({ type: 'mobile', value })),
      links: person.links,
      tags: person.tags,
      sources: [SEND_SOURCE],
      origin: 'sourced',
      ...(choice.stageId === null ? {} : { stage: choice.stageId }),
      ...(choice.jobId === null ? {} : { postings: [choice.jobId] })
    }
  })
  const id = (answer.body as { data?: { id?: unknown } } | null)?.data?.id
  if (typeof id !== 'string') throw new AppError('invalid_response', 'Lever answered without the new opportunity’s id.')
  if (person.notes !== '') {
    await client.call('Add the notes', `/v1/opportunities/${encodeURIComponent(id)}/notes?${performAs}`, {
      method: 'POST',
      body: { value: person.notes }
    })
  }
  return id
}
