import type BetterSqlite3 from 'better-sqlite3'
import { z } from 'zod'
import { MAX_CHANGE_PAYLOAD_BYTES } from '../../../shared/team/protocol'
import { normalisedValue } from '../../../shared/ipc/channels/do-not-contact'
import type { KnownBy, KnownField } from '../../../shared/ipc/channels/known-people'
import type { TeamPort } from '../platform/ports'
import { sharedKind, type TeamShare } from '../platform/team-share'
import { teamHash } from '../personal-data/team-hash'
import type { HashedTraits } from './person-keys'

/*
 * What the known-people lists share with the team (issue #38 item 4.2): a list imported on one
 * desk serves every desk. Its people go as fingerprints only — the team-salted hash of each key,
 * email and handle (normalised as the desk's own lists and the do-not-contact list do) and of the
 * folded name with the employer — in parts that fit a change's payload, then the list itself
 * (its name, the columns it was read by, how many people), which shows it on the other desks and
 * replaces the author's earlier list of that name. A removal is shared too. The ATS's id and
 * stage stay on the desk that imported the list.
 */

export const PART_KIND = 'known-people.part'
export const LIST_KIND = 'known-people.list'
export const REMOVED_KIND = 'known-people.removed'

/** Fingerprints a part carries: its JSON stays well under a change's payload limit. */
const PART_BYTES = MAX_CHANGE_PAYLOAD_BYTES - 4 * 1024

type TeamKnownKind = Exclude<KnownBy, 'service'>
const LETTER: Record<TeamKnownKind, string> = { key: 'k', email: 'e', handle: 'h', 'name-employer': 'n' }
const KIND_OF: Record<string, TeamKnownKind> = { k: 'key', e: 'email', h: 'handle', n: 'name-employer' }

/** A fingerprint as a part carries it: the kind's letter and the team-salted hash. */
const fingerprint = z.string().regex(/^[kehn][0-9a-f]{64}$/)

const partPayload = z.object({
  list: z.number().int().positive(),
  part: z.number().int().nonnegative(),
  people: z.array(z.array(fingerprint).max(50)).max(2000)
})
type PartPayload = z.infer<typeof partPayload>

const listPayload = z.object({
  list: z.number().int().positive(),
  name: z.string().min(1).max(300),
  source: z.string().max(100),
  fileName: z.string().max(300),
  columns: z.array(z.string().max(40)).max(100),
  people: z.number().int().nonnegative(),
  parts: z.number().int().nonnegative(),
  importedAt: z.string().max(40),
  replaces: z.number().int().positive().nullable()
})
type ListPayload = z.infer<typeof listPayload>

const removedPayload = z.object({ list: z.number().int().positive() })
type RemovedPayload = z.infer<typeof removedPayload>

/** The team's salt (store/migrations/27-team.ts), or null outside a team. */
export function teamSaltOf(db: BetterSqlite3.Database): string | null {
  return (db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string | undefined) ?? null
}

/** A person's team fingerprints by kind: key, emails, handles, and the folded name with the employer. */
export function teamFingerprints(
  salt: string,
  person: HashedTraits & { name: string; employer: string }
): Map<string, TeamKnownKind> {
  const prints = new Map<string, TeamKnownKind>()
  const add = (kind: 'key' | 'email' | 'handle', text: string) => {
    const value = normalisedValue(kind, text)
    if (value !== null) prints.set(teamHash(salt, value), kind)
  }
  if (person.key !== undefined) add('key', person.key)
  for (const email of person.emails ?? []) add('email', email)
  for (const handle of person.handles ?? []) add('handle', handle)
  if (person.name !== '' && person.employer !== '')
    prints.set(teamHash(salt, `name-employer:${person.name}\n${person.employer}`), 'name-employer')
  return prints
}

/**
 * Gathers a list's fingerprints into parts as it is written (ListWriter, in the worker), each
 * part kept in known_people_team_parts in the writer's transaction until the import completes.
 */
export class TeamParts {
  readonly #db: BetterSqlite3.Database
  readonly #salt: string
  readonly #listId: number
  #people: string[][] = []
  #bytes = 0
  #part = 0

  constructor(db: BetterSqlite3.Database, salt: string, listId: number) {
    this.#db = db
    this.#salt = salt
    this.#listId = listId
  }

  /** Adds a person (inside the writer's transaction). */
  add(person: HashedTraits & { name: string; employer: string }): void {
    const prints = [...teamFingerprints(this.#salt, person)].map(([hash, kind]) => `${LETTER[kind]}${hash}`)
    if (prints.length === 0) return
    const bytes = prints.length * 68 + 3
    if (this.#bytes + bytes > PART_BYTES || this.#people.length >= 2000) this.flush()
    this.#people.push(prints.slice(0, 50))
    this.#bytes += bytes
  }

  /** Keeps the part being gathered (inside the writer's transaction). */
  flush(): void {
    if (this.#people.length === 0) return
    this.#db
      .prepare('INSERT INTO known_people_team_parts (list_id, part, people) VALUES (?, ?, ?)')
      .run(this.#listId, this.#part, JSON.stringify(this.#people))
    this.#part += 1
    this.#people = []
    this.#bytes = 0
  }
}

export interface ListShared {
  id: number
  name: string
  source: string
  fileName: string
  people: number
  importedAt: string
  columns: readonly KnownField[]
  replaces: number | null
}

/**
 * Shares a list whose import completed (one transaction): its parts, then the list. Its parts are
 * dropped either way; outside a team nothing is shared (a list imported before joining has none).
 */
export function shareList(db: BetterSqlite3.Database, team: TeamPort, list: ListShared): void {
  db.transaction(() => {
    const parts = db
      .prepare('SELECT part, people FROM known_people_team_parts WHERE list_id = ? ORDER BY part')
      .all(list.id) as Array<{ part: number; people: string }>
    db.prepare('DELETE FROM known_people_team_parts WHERE list_id = ?').run(list.id)
    if (!team.joined() || (parts.length === 0 && list.people > 0)) return
    for (const { part, people } of parts)
      team.share(PART_KIND, { list: list.id, part, people: JSON.parse(people) as string[][] })
    team.share(LIST_KIND, {
      list: list.id,
      name: list.name,
      source: list.source,
      fileName: list.fileName,
      columns: [...new Set(list.columns.filter((column) => column !== 'ignore'))],
      people: list.people,
      parts: parts.length,
      importedAt: list.importedAt,
      replaces: list.replaces
    })
    // immediate: it reads, then writes, while the worker may still be writing this file (a deferred
    // transaction would be refused at once with "database is locked" instead of waiting its turn)
  }).immediate()
}

/** Deletes a colleague's list and its fingerprints (in the caller's transaction). */
function dropTeamList(db: BetterSqlite3.Database, deskId: string, listId: number): void {
  db.prepare('DELETE FROM team_known_hashes WHERE desk_id = ? AND list_id = ?').run(deskId, listId)
  db.prepare('DELETE FROM team_known_lists WHERE desk_id = ? AND list_id = ?').run(deskId, listId)
}

export const teamShare: TeamShare = {
  feature: 'known-people',
  kinds: {
    [PART_KIND]: sharedKind<PartPayload>({
      payload: partPayload,
      apply(change, { db }) {
        if (change.payload === null) return
        const { list, people } = change.payload
        const insert = db.prepare('INSERT INTO team_known_hashes (desk_id, list_id, kind, hash) VALUES (?, ?, ?, ?)')
        for (const prints of people)
          for (const print of prints) insert.run(change.author.deskId, list, KIND_OF[print[0]!], print.slice(1))
      }
    }),
    [LIST_KIND]: sharedKind<ListPayload>({
      payload: listPayload,
      apply(change, { db }) {
        if (change.payload === null) return
        const list = change.payload
        const desk = change.author.deskId
        // the author's earlier list of that name (or the one it says it replaces) goes whole
        const earlier = db
          .prepare(
            'SELECT list_id FROM team_known_lists WHERE desk_id = ? AND (name = ? OR list_id = ?) AND list_id != ?'
          )
          .pluck()
          .all(desk, list.name, list.replaces ?? 0, list.list) as number[]
        for (const id of earlier) dropTeamList(db, desk, id)
        db.prepare(
          `INSERT OR REPLACE INTO team_known_lists
             (desk_id, list_id, author, name, source, file_name, columns, people, imported_at, seq)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
        ).run(
          desk,
          list.list,
          change.author.personName,
          list.name,
          list.source,
          list.fileName,
          JSON.stringify(list.columns),
          list.people,
          list.importedAt,
          change.seq
        )
      }
    }),
    [REMOVED_KIND]: sharedKind<RemovedPayload>({
      payload: removedPayload,
      apply(change, { db }) {
        if (change.payload !== null) dropTeamList(db, change.author.deskId, change.payload.list)
      }
    })
  }
}

/** Shares the removal of a list (in the caller's transaction); nothing outside a team. */
export function shareRemoval(team: TeamPort, listId: number): void {
  if (team.joined()) team.share(REMOVED_KIND, { list: listId })
}

/** A colleague's list that knows a person, by the strongest way. */
export interface TeamKnownHit {
  index: number
  /** team_known_lists.id */
  id: number
  name: string
  author: string
  kind: TeamKnownKind
}

/** Which of these people the team's lists know (one query over the fingerprints' index); none outside a team. */
export function knownByTeam(
  db: BetterSqlite3.Database,
  people: ReadonlyArray<HashedTraits & { name: string; employer: string }>
): TeamKnownHit[] {
  const salt = teamSaltOf(db)
  if (salt === null) return []
  if (db.prepare('SELECT 1 FROM team_known_lists LIMIT 1').get() === undefined) return []
  const whose = new Map<string, number[]>()
  people.forEach((person, index) => {
    for (const hash of teamFingerprints(salt, person).keys()) whose.set(hash, [...(whose.get(hash) ?? []), index])
  })
  if (whose.size === 0) return []
  const rows = db
    .prepare(
      `SELECT h.hash, h.kind, l.id, l.name, l.author FROM team_known_hashes h
       JOIN team_known_lists l ON l.desk_id = h.desk_id AND l.list_id = h.list_id
       WHERE h.hash IN (SELECT value FROM json_each(?))`
    )
    .all(JSON.stringify([...whose.keys()])) as Array<{
    hash: string
    kind: TeamKnownKind
    id: number
    name: string
    author: string
  }>
  return rows.flatMap((row) =>
    (whose.get(row.hash) ?? []).map((index) => ({
      index,
      id: row.id,
      name: row.name,
      author: row.author,
      kind: row.kind
    }))
  )
}
