import type { ServerResponse } from 'node:http'
import type pg from 'pg'
import {
  MAX_CHANGE_PAYLOAD_BYTES,
  MAX_CHANGES_PER_PULL,
  type ChangeToPush,
  type PullResult,
  type PushResult,
  type TeamChange
} from '../../shared/team/protocol'
import { inTransaction } from '../db/database'
import { fail, ok, type Reply } from '../http/reply'
import { applyChange, checkChange, personalDataTables } from '../kinds'
import { notifyChanges, type Announcement } from '../live'
import type { Caller, RouteContext } from './context'

/**
 * POST /v1/changes. One transaction holds the team's counter row (`FOR UPDATE`) from before the
 * first change is numbered until the commit, so sequence numbers commit in the order they are given
 * (a desk pulling after n never skips one), and a change id pushed twice — by a retry, or twice at
 * once — is kept once and answered with the same sequence number. The author is the caller's desk,
 * never the body's. The changes are written in batches: a few statements a push, not a few a change.
 */
export async function push(context: RouteContext, caller: Caller, changes: ChangeToPush[]): Promise<Reply> {
  const now = context.now()
  const outcome = await inTransaction(context.pool, async (client) => {
    const team = await client.query<{ last_seq: string }>('SELECT last_seq FROM teams WHERE id = $1 FOR UPDATE', [
      caller.teamId
    ])
    let lastSeq = Number(team.rows[0]!.last_seq)
    const result: PushResult = { accepted: [], refused: [] }
    const ids = [...new Set(changes.map((change) => change.id))]
    const existing = await client.query<{ id: string; seq: string; author_desk: string }>(
      'SELECT id, seq, author_desk FROM changes WHERE team_id = $1 AND id = ANY($2::uuid[])',
      [caller.teamId, ids]
    )
    const known = new Map(existing.rows.map((row) => [row.id, { seq: Number(row.seq), author: row.author_desk }]))
    // the subjects of this push the team has already forgotten (erasure tombstones name them)
    const subjects = [...new Set(changes.flatMap((change) => change.subjects))]
    const forgotten = new Set<string>()
    if (subjects.length > 0) {
      const found = await client.query<{ subject: string }>(
        `SELECT DISTINCT s AS subject FROM changes, unnest(subjects) AS s
         WHERE team_id = $1 AND kind = 'erasure.tombstone' AND subjects && $2::text[] AND s = ANY($2::text[])`,
        [caller.teamId, subjects]
      )
      for (const row of found.rows) forgotten.add(row.subject)
    }
    // the desks named as audiences must be desks of this team
    const named = [...new Set(changes.flatMap((change) => change.audience ?? []))]
    const ours = new Set<string>()
    if (named.length > 0) {
      const found = await client.query<{ id: string }>(
        'SELECT id FROM desks WHERE team_id = $1 AND id = ANY($2::uuid[])',
        [caller.teamId, named]
      )
      for (const row of found.rows) ours.add(row.id)
    }
    let pending: NewChange[] = []
    const flush = async (): Promise<void> => {
      if (pending.length === 0) return
      await insertChanges(client, caller, now, pending)
      pending = []
    }
    let erased = 0
    let added = 0
    // what the live streams are told: each desk hears of the changes it may read only
    const announced = { teamWide: 0, audiences: new Map<string, number>() } satisfies Announcement
    for (const change of changes) {
      const before = known.get(change.id)
      if (before !== undefined) {
        if (before.author === caller.deskId) result.accepted.push({ id: change.id, seq: before.seq })
        else
          result.refused.push({
            id: change.id,
            code: 'conflict',
            message: 'Another desk has pushed a change with this id.'
          })
        continue
      }
      const size = Buffer.byteLength(JSON.stringify(change.payload))
      if (size > MAX_CHANGE_PAYLOAD_BYTES) {
        result.refused.push({
          id: change.id,
          code: 'too-large',
          message: `The payload is ${size} bytes; the server keeps at most ${MAX_CHANGE_PAYLOAD_BYTES} per change.`
        })
        continue
      }
      const wrong = checkChange(change, caller.role)
      if (wrong !== null) {
        result.refused.push({ id: change.id, ...wrong })
        continue
      }
      const strangers = (change.audience ?? []).filter((deskId) => !ours.has(deskId))
      if (strangers.length > 0) {
        result.refused.push({
          id: change.id,
          code: 'bad-request',
          message: `The audience names ${strangers.length === 1 ? 'a desk' : `${strangers.length} desks`} not in this team.`
        })
        continue
      }
      const seq = ++lastSeq
      known.set(change.id, { seq, author: caller.deskId })
      const isTombstone = change.kind === 'erasure.tombstone'
      // a change about a person the team has forgotten is kept without its payload
      const keep = isTombstone || !change.subjects.some((subject) => forgotten.has(subject))
      // a forget reaches every desk; any other change with an audience reaches it and its author only
      const audience =
        isTombstone || change.audience === undefined ? null : [...new Set([...change.audience, caller.deskId])]
      pending.push({ seq, change, payload: keep ? change.payload : null, audience })
      if (audience === null) announced.teamWide = seq
      else for (const deskId of audience) announced.audiences.set(deskId, seq)
      if (keep && interpreted.has(change.kind)) {
        // what it does to the team's tables sees every change before it
        await flush()
        erased += (await applyChange(client, { teamId: caller.teamId, deskId: caller.deskId, seq, now }, change)).erased
      }
      if (isTombstone) for (const subject of change.subjects) forgotten.add(subject)
      result.accepted.push({ id: change.id, seq })
      added++
    }
    await flush()
    if (added > 0) {
      await client.query('UPDATE teams SET last_seq = $2 WHERE id = $1', [caller.teamId, lastSeq])
      await notifyChanges(client, caller.teamId, announced)
    }
    return { result, erased }
  })
  if (outcome.erased > 0) {
    // the erased payloads' old row versions go now, not at autovacuum's leisure
    for (const table of personalDataTables) {
      await context.pool
        .query(`VACUUM ${table}`)
        .catch((error: Error) => context.log(`VACUUM ${table} failed: ${error.message}`))
    }
  }
  return ok(outcome.result)
}

/** The kinds whose acceptance changes the team's tables (kinds.ts). */
const interpreted = new Set(['budget.set', 'spend.purchase', 'erasure.tombstone'])

type NewChange = { seq: number; change: ChangeToPush; payload: unknown; audience: string[] | null }

/** Writes a batch of numbered changes in one statement. */
async function insertChanges(client: pg.ClientBase, caller: Caller, now: Date, batch: NewChange[]): Promise<void> {
  const rows = batch.map(({ seq, change, payload, audience }) => ({
    seq,
    id: change.id,
    kind: change.kind,
    payload: payload ?? null,
    subjects: change.subjects,
    desk_time: change.deskTime,
    audience
  }))
  await client.query(
    `INSERT INTO changes (team_id, seq, id, kind, payload, subjects, author_desk, server_time, desk_time, audience)
     SELECT $1, r.seq, r.id, r.kind, NULLIF(r.payload, 'null'::jsonb),
       ARRAY(SELECT jsonb_array_elements_text(r.subjects)), $2, $3, r.desk_time,
       CASE WHEN jsonb_typeof(r.audience) = 'array' THEN ARRAY(SELECT jsonb_array_elements_text(r.audience))::uuid[] END
     FROM jsonb_to_recordset($4::jsonb)
       AS r(seq bigint, id uuid, kind text, payload jsonb, subjects jsonb, desk_time text, audience jsonb)`,
    [caller.teamId, caller.deskId, now, JSON.stringify(rows)]
  )
}

type ChangeRow = {
  seq: string
  id: string
  kind: string
  payload: unknown
  subjects: string[]
  author_desk: string
  person_name: string
  server_time: Date
  desk_time: string
}

/** The payload bytes (as stored) after which a pull's page ends, so no answer grows to 64 MB. */
export const PAGE_BYTES = 4 * 1024 * 1024

/**
 * GET /v1/changes?after=<seq>&limit=<n>: the team's changes in sequence order, those meant for this
 * desk only (no audience, or one naming it). The last page's `last` is the team's sequence number
 * read before the page, so a desk moves past the changes that are not for it: every change up to
 * that number had committed when it was read (numbers commit in order), so none is skipped.
 */
export async function pull(context: RouteContext, caller: Caller, query: URLSearchParams): Promise<Reply> {
  const after = Number(query.get('after') ?? '0')
  const limit = Number(query.get('limit') ?? String(MAX_CHANGES_PER_PULL))
  if (!Number.isSafeInteger(after) || after < 0) return fail('bad-request', '"after" is a sequence number: 0 or more.')
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_CHANGES_PER_PULL) {
    return fail('bad-request', `"limit" is 1 to ${MAX_CHANGES_PER_PULL}.`)
  }
  const team = await context.pool.query<{ last_seq: string }>('SELECT last_seq FROM teams WHERE id = $1', [
    caller.teamId
  ])
  const teamLast = Number(team.rows[0]!.last_seq)
  // a page ends at `limit` changes or once PAGE_BYTES of payload are in it (one change at least)
  const rows = await context.pool.query<ChangeRow & { fetched: string }>(
    `SELECT x.seq, x.id, x.kind, x.payload, x.subjects, x.author_desk, d.person_name, x.server_time, x.desk_time, x.fetched
     FROM (
       SELECT page.*, count(*) OVER () AS fetched,
         coalesce(sum(pg_column_size(page.payload)) OVER (ORDER BY page.seq ROWS BETWEEN UNBOUNDED PRECEDING AND 1 PRECEDING), 0) AS bytes_before
       FROM (
         SELECT * FROM changes WHERE team_id = $1 AND seq > $2 AND (audience IS NULL OR $5::uuid = ANY (audience))
         ORDER BY seq LIMIT $3
       ) AS page
     ) AS x JOIN desks d ON d.id = x.author_desk
     WHERE x.bytes_before < $4
     ORDER BY x.seq`,
    [caller.teamId, after, limit + 1, PAGE_BYTES, caller.deskId]
  )
  const page = rows.rows.slice(0, limit)
  const fetched = Number(rows.rows[0]?.fetched ?? 0)
  const changes: TeamChange[] = page.map((row) => ({
    seq: Number(row.seq),
    id: row.id,
    kind: row.kind,
    payload: (row.payload ?? null) as TeamChange['payload'],
    subjects: row.subjects,
    author: { deskId: row.author_desk, personName: row.person_name },
    serverTime: row.server_time.toISOString(),
    deskTime: row.desk_time
  }))
  const more = fetched > page.length
  const last = changes.at(-1)?.seq ?? after
  const answer: PullResult = { changes, last: more ? last : Math.max(last, teamLast), more }
  return ok(answer)
}

/**
 * GET /v1/events: the desk's live stream (`event: changes`, `{ lastSeq }`), closed when it is
 * revoked. It hears of the changes it may read only (live.ts), and starts with the newest of them.
 */
export async function events(context: RouteContext, caller: Caller, res: ServerResponse): Promise<void> {
  const lastSeq = await newestReadable(context.pool, caller.teamId, caller.deskId)
  context.live.open({ teamId: caller.teamId, deskId: caller.deskId, res }, lastSeq)
}

/** The newest sequence number of the team's changes that a desk may read (0 when none). */
export async function newestReadable(pool: pg.Pool, teamId: string, deskId: string): Promise<number> {
  const newest = await pool.query<{ seq: string | null }>(
    'SELECT max(seq) AS seq FROM changes WHERE team_id = $1 AND (audience IS NULL OR $2::uuid = ANY (audience))',
    [teamId, deskId]
  )
  return Number(newest.rows[0]?.seq ?? 0)
}
