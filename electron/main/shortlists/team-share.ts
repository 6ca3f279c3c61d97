import { z } from 'zod'
import type BetterSqlite3 from 'better-sqlite3'
import type { Store } from '../store'
import { isoNow, type Clock } from '../store/clock'
import { sharedKind, type ApplyContext, type IncomingChange, type TeamShare } from '../platform/team-share'

/*
 * What a shared shortlist shares with the team (issue #38 item 4.4): the list itself (its team id,
 * name and audience), each member added or removed (with the saved profile: the server holds
 * personal data only for shared shortlists), each field of the list and of a member (name; stage,
 * tags, rating) and each note. A member is named across desks by the team-salted hash of their
 * profile key; every change about a member carries the person's salted hashes as its subjects, so
 * a forget on any desk deletes its payload on the server.
 *
 * Merge: each field holds (value, author, the server's sequence number of the change that set it)
 * in shared_field_clocks; a colleague's change of a field applies only when it comes later in the
 * server's order than the value held. This desk's own edit holds its field (seq NULL) until it
 * comes back from the server with its number (kinds here ask for `mineToo`). Notes are entries,
 * never overwritten: two written at once are both kept, each with who and when.
 *
 * Audience: `to` is null (the whole team) or the desks named. Each kind declares it as the change's
 * audience, so the server gives the change to those desks only (a colleague taken out of a list's
 * audience gets none of its later changes); a desk not named also applies nothing of it.
 */

export const LIST_KIND = 'shortlist.shared'
export const MEMBER_KIND = 'shortlist.member'
export const FIELD_KIND = 'shortlist.field'
export const NOTE_KIND = 'shortlist.note'

const hashSchema = z.string().regex(/^[0-9a-f]{64}$/)
export const audienceSchema = z
  .array(z.object({ deskId: z.string().max(200), personName: z.string().max(120) }))
  .max(200)
const toSchema = audienceSchema.nullable()

const listPayload = z.object({ list: z.string().max(100), name: z.string().max(200), to: toSchema })
const memberPayload = z.object({
  list: z.string().max(100),
  to: toSchema,
  member: hashSchema,
  added: z.boolean(),
  profile: z.record(z.string(), z.json()).optional()
})
export const fieldValueSchema = z.discriminatedUnion('field', [
  z.object({ field: z.literal('name'), value: z.string().min(1).max(200) }),
  z.object({ field: z.literal('stage'), value: z.string().min(1).max(60) }),
  z.object({ field: z.literal('tags'), value: z.array(z.string().min(1).max(100)).max(200) }),
  z.object({ field: z.literal('rating'), value: z.number().int().min(0).max(5).nullable() })
])
export type FieldValue = z.infer<typeof fieldValueSchema>
const fieldPayload = z.intersection(
  z.object({ list: z.string().max(100), to: toSchema, member: hashSchema.nullable(), edit: z.string().max(100) }),
  fieldValueSchema
)
const notePayload = z.object({
  list: z.string().max(100),
  to: toSchema,
  member: hashSchema,
  note: z.string().max(100),
  text: z.string().max(20_000)
})
type ListPayload = z.infer<typeof listPayload>
type MemberPayload = z.infer<typeof memberPayload>
type FieldPayload = z.infer<typeof fieldPayload>
type NotePayload = z.infer<typeof notePayload>

/** What a colleague did, told after the page committed: the page's views read again, Activity says it. */
export interface TeamNews {
  shortlistIds: Set<string>
  memberIds: Set<number>
  profileKeys: Set<string>
  lines: Array<{ shortlistId: string; memberId: number | null; text: string; sourceKey: string }>
}

export interface ShortlistsShareDeps {
  store: () => Store
  clock: Clock
  /** Told after a page of colleagues' changes committed (settle). */
  told: (news: TeamNews) => void
  /** A colleague's shared list brought a person here (in the page's transaction): where they came from. */
  held: (held: { shortlistId: string; key: string; by: string }) => void
}

/** The change's audience on the server: the desks named, or the whole team. */
const audience = (payload: { to: ListPayload['to'] }) =>
  payload.to === null ? null : payload.to.map((desk) => desk.deskId)

const forMe = (to: ListPayload['to'], context: ApplyContext) =>
  to === null || to.some((desk) => desk.deskId === context.deskId)

/** The local shortlist shared under a team id (null when this desk does not have it, or deleted it). */
export function localList(db: BetterSqlite3.Database, teamListId: string): string | null {
  const id = db
    .prepare(
      `SELECT s.shortlist_id FROM shared_shortlists s JOIN shortlists l ON l.id = s.shortlist_id
        WHERE s.team_list_id = ? AND l.deleted_at IS NULL`
    )
    .pluck()
    .get(teamListId) as string | undefined
  return id ?? null
}

/** The member of a local list whose salted key is `ref` (removed ones included), or null. */
export function memberByRef(
  db: BetterSqlite3.Database,
  salted: (value: string) => string | null,
  shortlistId: string,
  ref: string
): { id: number; key: string; name: string; removed: boolean } | null {
  const rows = db
    .prepare('SELECT id, profile_key AS key, name, removed_at FROM members WHERE shortlist_id = ?')
    .all(shortlistId) as Array<{ id: number; key: string; name: string; removed_at: string | null }>
  const row = rows.find((member) => salted(member.key.trim()) === ref)
  return row === undefined ? null : { id: row.id, key: row.key, name: row.name, removed: row.removed_at !== null }
}

/** The field's clock: the server's seq of the value held (null: this desk's edit on its way), and which edit. */
function clockOf(db: BetterSqlite3.Database, shortlistId: string, memberId: number, field: string) {
  return db
    .prepare('SELECT seq, edit FROM shared_field_clocks WHERE shortlist_id = ? AND member_id = ? AND field = ?')
    .get(shortlistId, memberId, field) as { seq: number | null; edit: string } | undefined
}

export function setClock(
  db: BetterSqlite3.Database,
  clock: {
    shortlistId: string
    memberId: number
    field: string
    seq: number | null
    edit: string
    author: string
    at: string
  }
): void {
  db.prepare(
    `INSERT OR REPLACE INTO shared_field_clocks (shortlist_id, member_id, field, seq, edit, author, at)
     VALUES (?, ?, ?, ?, ?, ?, ?)`
  ).run(clock.shortlistId, clock.memberId, clock.field, clock.seq, clock.edit, clock.author, clock.at)
}

const ratingWords = (rating: number | null) => (rating === null || rating === 0 ? 'no rating' : `${rating} of 5`)

export function shortlistsTeamShare(deps: ShortlistsShareDeps): TeamShare {
  let news: TeamNews = { shortlistIds: new Set(), memberIds: new Set(), profileKeys: new Set(), lines: [] }
  const tell = (
    change: IncomingChange<unknown>,
    shortlistId: string,
    member: { id: number; key: string } | null,
    text: string
  ) => {
    news.shortlistIds.add(shortlistId)
    if (member !== null) {
      news.memberIds.add(member.id)
      news.profileKeys.add(member.key)
    }
    const sourceKey = `team:${change.seq}${member === null ? '' : `:${member.key}`}`
    news.lines.push({ shortlistId, memberId: member?.id ?? null, text, sourceKey })
  }
  const settle = () => {
    const told = news
    news = { shortlistIds: new Set(), memberIds: new Set(), profileKeys: new Set(), lines: [] }
    if (told.shortlistIds.size > 0) deps.told(told)
  }
  const listName = (shortlistId: string) => deps.store().shortlists.get(shortlistId).name

  return {
    feature: 'shortlists',
    kinds: {
      [LIST_KIND]: sharedKind<ListPayload>({
        payload: listPayload,
        audience,
        mineToo: true,
        apply(change, context) {
          const { db } = context
          const payload = change.payload
          if (payload === null || change.mine === true || !forMe(payload.to, context)) return
          const store = deps.store()
          let shortlistId = localList(db, payload.list)
          const who = change.author.personName
          if (shortlistId === null) {
            shortlistId = store.shortlists.create(payload.name).id
            db.prepare(
              'INSERT OR REPLACE INTO shared_shortlists (shortlist_id, team_list_id, audience, shared_by, shared_at) VALUES (?, ?, ?, ?, ?)'
            ).run(
              shortlistId,
              payload.list,
              payload.to === null ? null : JSON.stringify(payload.to),
              who,
              change.serverTime
            )
            setClock(db, {
              shortlistId,
              memberId: 0,
              field: 'name',
              seq: change.seq,
              edit: change.id,
              author: who,
              at: change.serverTime
            })
            tell(change, shortlistId, null, `${who} shared ‘${payload.name}’ with you`)
          } else {
            db.prepare('UPDATE shared_shortlists SET audience = ? WHERE shortlist_id = ?').run(
              payload.to === null ? null : JSON.stringify(payload.to),
              shortlistId
            )
            news.shortlistIds.add(shortlistId)
          }
        },
        settle
      }),
      [MEMBER_KIND]: sharedKind<MemberPayload>({
        payload: memberPayload,
        audience,
        apply(change, context) {
          const { db, salted } = context
          const payload = change.payload
          if (payload === null || !forMe(payload.to, context)) return
          const shortlistId = localList(db, payload.list)
          if (shortlistId === null) return
          const store = deps.store()
          const who = change.author.personName
          const found = memberByRef(db, salted, shortlistId, payload.member)
          if (payload.added) {
            if (found !== null && !found.removed) return
            if (found !== null) db.prepare('UPDATE members SET removed_at = NULL WHERE id = ?').run(found.id)
            else if (payload.profile !== undefined) store.members.insertRow(shortlistId, { profile: payload.profile })
            const added = memberByRef(db, salted, shortlistId, payload.member)
            if (added === null) return
            deps.held({ shortlistId, key: added.key, by: who })
            store.shortlists.touch(shortlistId)
            tell(change, shortlistId, added, `${who} added ${added.name} to ‘${listName(shortlistId)}’`)
          } else if (found !== null && !found.removed) {
            db.prepare('UPDATE members SET removed_at = ? WHERE id = ?').run(isoNow(deps.clock), found.id)
            store.shortlists.touch(shortlistId)
            tell(change, shortlistId, found, `${who} removed ${found.name} from ‘${listName(shortlistId)}’`)
          }
        },
        settle
      }),
      [FIELD_KIND]: sharedKind<FieldPayload>({
        payload: fieldPayload,
        audience,
        mineToo: true,
        apply(change, context) {
          const { db, salted } = context
          const payload = change.payload
          if (payload === null || !forMe(payload.to, context)) return
          const shortlistId = localList(db, payload.list)
          if (shortlistId === null) return
          const member = payload.member === null ? null : memberByRef(db, salted, shortlistId, payload.member)
          if (payload.member !== null && member === null) return
          const memberId = member?.id ?? 0
          const held = clockOf(db, shortlistId, memberId, payload.field)
          if (change.mine === true) {
            // our own edit back with its number: from here a colleague's later edit wins over it
            if (held !== undefined && held.seq === null && held.edit === payload.edit) {
              db.prepare(
                'UPDATE shared_field_clocks SET seq = ? WHERE shortlist_id = ? AND member_id = ? AND field = ?'
              ).run(change.seq, shortlistId, memberId, payload.field)
            }
            return
          }
          // the value held was set later in the server's order, or is ours still on its way (it will be later)
          if (held !== undefined && (held.seq === null || held.seq > change.seq)) return
          const who = change.author.personName
          const store = deps.store()
          const name = listName(shortlistId)
          if (payload.field === 'name') {
            store.shortlists.rename(shortlistId, payload.value)
            tell(change, shortlistId, null, `${who} renamed ‘${name}’ to ‘${payload.value}’`)
          } else if (member !== null) {
            if (payload.field === 'stage') store.stages.ensure(payload.value)
            store.members.update(member.id, { [payload.field]: payload.value })
            const text =
              payload.field === 'stage'
                ? `${who} moved ${member.name} to ${payload.value} in ‘${name}’`
                : payload.field === 'tags'
                  ? `${who} tagged ${member.name} ${payload.value.length === 0 ? '(no tags)' : payload.value.join(', ')} in ‘${name}’`
                  : `${who} rated ${member.name} ${ratingWords(payload.value)} in ‘${name}’`
            tell(change, shortlistId, member, text)
          }
          setClock(db, {
            shortlistId,
            memberId,
            field: payload.field,
            seq: change.seq,
            edit: payload.edit,
            author: who,
            at: change.serverTime
          })
        },
        settle
      }),
      [NOTE_KIND]: sharedKind<NotePayload>({
        payload: notePayload,
        audience,
        mineToo: true,
        apply(change, context) {
          const { db, salted } = context
          const payload = change.payload
          if (payload === null || !forMe(payload.to, context)) return
          if (change.mine === true) {
            db.prepare('UPDATE shared_notes SET seq = ?, at = ? WHERE note_id = ?').run(
              change.seq,
              change.serverTime,
              payload.note
            )
            return
          }
          const shortlistId = localList(db, payload.list)
          if (shortlistId === null) return
          const member = memberByRef(db, salted, shortlistId, payload.member)
          if (member === null) return
          const who = change.author.personName
          const added = db
            .prepare(
              'INSERT OR IGNORE INTO shared_notes (member_id, note_id, text, author, at, seq) VALUES (?, ?, ?, ?, ?, ?)'
            )
            .run(member.id, payload.note, payload.text, who, change.serverTime, change.seq).changes
          if (added > 0)
            tell(change, shortlistId, member, `${who} wrote a note on ${member.name} in ‘${listName(shortlistId)}’`)
        },
        settle
      })
    }
  }
}
