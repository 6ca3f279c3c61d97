import type BetterSqlite3 from 'better-sqlite3'
import { PULLED_LIST_SOURCE } from '../../../shared/ipc/channels/known-people'
import type { HashKind } from './person-keys'

export interface KnownListRow {
  id: number
  name: string
  connection_id: string | null
  source: string
  file_name: string
  people: number
  imported_at: string
}

/** A person of a list, as a hash or a name-and-employer lookup finds them. */
export interface KnownHit {
  list_id: number
  person_id: number
  ats_id: string | null
  stage: string | null
}

const HASHES_AT_ONCE = 500

/** The known-people tables (store/migrations/21-known-people.ts) as checks read them: only lists `ready`. */
export class KnownPeopleRepo {
  readonly #db: BetterSqlite3.Database

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  lists(): KnownListRow[] {
    return this.#db
      .prepare('SELECT * FROM known_people_lists WHERE ready = 1 ORDER BY imported_at DESC, id DESC')
      .all() as KnownListRow[]
  }

  list(id: number): KnownListRow | null {
    return (
      (this.#db.prepare('SELECT * FROM known_people_lists WHERE id = ? AND ready = 1').get(id) as
        KnownListRow | undefined) ?? null
    )
  }

  /**
   * The lists checked for a connection: the shared ones, its own, and those pulled from a
   * connected ATS (kept under the ATS connection's id: the ATS is the recruiter's, whichever
   * Partner API connection searches).
   */
  listsFor(connectionId: string | null): KnownListRow[] {
    return this.#db
      .prepare(
        'SELECT * FROM known_people_lists WHERE ready = 1 AND (connection_id IS NULL OR connection_id = ? OR source LIKE ?)'
      )
      .all(connectionId, `${PULLED_LIST_SOURCE}%`) as KnownListRow[]
  }

  /** The people any of these hashes names, with the hash and its kind. */
  byHashes(hashes: readonly string[]): Array<KnownHit & { hash: string; kind: HashKind }> {
    const hits: Array<KnownHit & { hash: string; kind: HashKind }> = []
    for (let start = 0; start < hashes.length; start += HASHES_AT_ONCE) {
      const part = hashes.slice(start, start + HASHES_AT_ONCE)
      const rows = this.#db
        .prepare(
          `SELECT h.hash, h.kind, h.list_id, h.person_id, p.ats_id, p.stage
           FROM known_people_hashes h JOIN known_people p ON p.id = h.person_id
           WHERE h.hash IN (${part.map(() => '?').join(', ')})`
        )
        .all(...part) as Array<KnownHit & { hash: string; kind: HashKind }>
      hits.push(...rows)
    }
    return hits
  }

  /** A prepared lookup of people by normalised name and employer (both not empty). */
  byNameAndEmployer(): (name: string, employer: string) => KnownHit[] {
    const statement = this.#db.prepare(
      `SELECT list_id, id AS person_id, ats_id, stage FROM known_people WHERE name = ? AND employer = ? AND name != ''`
    )
    return (name, employer) => statement.all(name, employer) as KnownHit[]
  }
}
