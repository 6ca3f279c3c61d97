import type BetterSqlite3 from 'better-sqlite3'
import { savedQuerySchema, type SavedQuery } from '../../../shared/ipc/channels/watches'
import { StoreError } from '../store/store-error'
import { statementsOf } from '../store/statements'
import { isoNow, type Clock } from '../store/clock'

export interface SavedSearchRecord {
  id: string
  connectionId: string
  name: string
  query: SavedQuery
  createdAt: string
  deletedAt: string | null
  /** When it first ran: what it found then was the baseline, not news. */
  firstLookedAt: string | null
  seenCount: number
}

interface Row {
  id: string
  connection_id: string
  name: string
  query_json: string
  created_at: string
  deleted_at: string | null
  first_looked_at: string | null
  seen: number
}

const SELECT = `SELECT s.*, (SELECT COUNT(*) FROM saved_search_seen WHERE saved_search_id = s.id) AS seen
  FROM saved_searches s`

/**
 * Searches the recruiter saved by name, per connection, and every profile key each has found:
 * what a watched search finds that is not among them is news.
 */
export class SavedSearchesRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  create(search: { id: string; connectionId: string; name: string; query: SavedQuery }): SavedSearchRecord {
    this.sql('INSERT INTO saved_searches (id, connection_id, name, query_json, created_at) VALUES (?, ?, ?, ?, ?)').run(
      search.id,
      search.connectionId,
      search.name,
      JSON.stringify(search.query),
      isoNow(this.clock)
    )
    return this.get(search.id)
  }

  get(id: string): SavedSearchRecord {
    const row = this.sql(`${SELECT} WHERE s.id = ?`).get(id) as Row | undefined
    if (row === undefined) throw new StoreError('not_found', `No saved search ${id}.`, { details: { id } })
    return toRecord(row)
  }

  /** A connection's saved searches (not deleted), oldest first. */
  list(connectionId: string): SavedSearchRecord[] {
    return (
      this.sql(`${SELECT} WHERE s.connection_id = ? AND s.deleted_at IS NULL ORDER BY s.created_at, s.id`).all(
        connectionId
      ) as Row[]
    ).map(toRecord)
  }

  rename(id: string, name: string): SavedSearchRecord {
    this.get(id)
    this.sql('UPDATE saved_searches SET name = ? WHERE id = ?').run(name, id)
    return this.get(id)
  }

  /** Out of the list (kept, with what it has seen, so Undo brings it back as it was). */
  setDeleted(id: string, deleted: boolean): SavedSearchRecord {
    this.get(id)
    this.sql('UPDATE saved_searches SET deleted_at = ? WHERE id = ?').run(deleted ? isoNow(this.clock) : null, id)
    return this.get(id)
  }

  /** Of these keys, the ones this search has not found before (in the order given). */
  unseen(id: string, keys: readonly string[]): string[] {
    const seen = this.sql('SELECT 1 FROM saved_search_seen WHERE saved_search_id = ? AND profile_key = ?')
    return [...new Set(keys)].filter((key) => seen.get(id, key) === undefined)
  }

  /** Remembers keys as found (already known ones are left as they were); the first call is the first look. */
  markSeen(id: string, keys: readonly string[]): void {
    this.sql('UPDATE saved_searches SET first_looked_at = COALESCE(first_looked_at, ?) WHERE id = ?').run(
      isoNow(this.clock),
      id
    )
    const insert = this.sql(
      'INSERT OR IGNORE INTO saved_search_seen (saved_search_id, profile_key, first_seen_at) VALUES (?, ?, ?)'
    )
    const now = isoNow(this.clock)
    for (const key of keys) insert.run(id, key, now)
  }
}

function toRecord(row: Row): SavedSearchRecord {
  return {
    id: row.id,
    connectionId: row.connection_id,
    name: row.name,
    query: savedQuerySchema.parse(JSON.parse(row.query_json)),
    createdAt: row.created_at,
    deletedAt: row.deleted_at,
    firstLookedAt: row.first_looked_at,
    seenCount: row.seen
  }
}
