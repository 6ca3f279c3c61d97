import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { StoreError } from './store-error'
import { StatementCache } from './statements'
import { isoNow, type Clock } from './clock'

import { shortlistNameSchema, type Shortlist } from '../../../shared/ipc/channels/shortlists'
export { shortlistNameSchema, type Shortlist } from '../../../shared/ipc/channels/shortlists'

interface ShortlistRow {
  id: string
  name: string
  created_at: string
  updated_at: string
  deleted_at: string | null
  member_count: number
}

const selectWithCounts = `
  SELECT s.id, s.name, s.created_at, s.updated_at, s.deleted_at,
         (SELECT count(*) FROM members m WHERE m.shortlist_id = s.id AND m.removed_at IS NULL) AS member_count
  FROM shortlists s`

/** Days a deleted shortlist stays restorable before `purgeDeleted` removes it for good. */
export const DEFAULT_PURGE_AFTER_DAYS = 30

/**
 * Shortlists with soft delete: `delete` only stamps deleted_at, `undoDelete` clears it, and
 * members stay untouched until `purgeDeleted` runs (at start, with the injected clock).
 */
export class ShortlistsRepo {
  private readonly statements: StatementCache

  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {
    this.statements = new StatementCache(db)
  }

  private sql(text: string): BetterSqlite3.Statement {
    return this.statements.get(text)
  }

  create(name: string, options: { id?: string } = {}): Shortlist {
    const now = isoNow(this.clock)
    const id = options.id ?? randomUUID()
    this.sql('INSERT INTO shortlists (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(
      id,
      validName(name),
      now,
      now
    )
    return this.get(id)
  }

  rename(id: string, name: string): Shortlist {
    const result = this.sql('UPDATE shortlists SET name = ?, updated_at = ? WHERE id = ? AND deleted_at IS NULL').run(
      validName(name),
      isoNow(this.clock),
      id
    )
    if (result.changes === 0) throw notFound(id)
    return this.get(id)
  }

  /** Soft delete; returns the shortlist as deleted so the UI can offer "Undo". */
  delete(id: string): Shortlist {
    const result = this.sql('UPDATE shortlists SET deleted_at = ? WHERE id = ? AND deleted_at IS NULL').run(
      isoNow(this.clock),
      id
    )
    if (result.changes === 0) throw notFound(id)
    return this.get(id, { includeDeleted: true })
  }

  undoDelete(id: string): Shortlist {
    const result = this.sql('UPDATE shortlists SET deleted_at = NULL WHERE id = ? AND deleted_at IS NOT NULL').run(id)
    if (result.changes === 0) throw notFound(id, 'No deleted shortlist')
    return this.get(id)
  }

  get(id: string, options: { includeDeleted?: boolean } = {}): Shortlist {
    const row = this.sql(`${selectWithCounts} WHERE s.id = ?`).get(id) as ShortlistRow | undefined
    if (row === undefined || (row.deleted_at !== null && options.includeDeleted !== true)) throw notFound(id)
    return toShortlist(row)
  }

  /**
   * A shortlist's name, refused as `get` refuses (not found, or deleted without includeDeleted),
   * without counting its members: a count reads every member's row (60 ms at 100,000).
   */
  nameOf(id: string, options: { includeDeleted?: boolean } = {}): string {
    const row = this.sql('SELECT name, deleted_at FROM shortlists WHERE id = ?').get(id) as
      { name: string; deleted_at: string | null } | undefined
    if (row === undefined || (row.deleted_at !== null && options.includeDeleted !== true)) throw notFound(id)
    return row.name
  }

  /** Live shortlists with member counts, most recently changed first. */
  list(): Shortlist[] {
    const rows = this.sql(
      `${selectWithCounts} WHERE s.deleted_at IS NULL ORDER BY s.updated_at DESC, s.name`
    ).all() as ShortlistRow[]
    return rows.map(toShortlist)
  }

  /** Deleted shortlists that can still be restored with `undoDelete`. */
  listDeleted(): Shortlist[] {
    const rows = this.sql(
      `${selectWithCounts} WHERE s.deleted_at IS NOT NULL ORDER BY s.deleted_at DESC`
    ).all() as ShortlistRow[]
    return rows.map(toShortlist)
  }

  /** Removes shortlists deleted more than `days` ago, with their members; returns how many. */
  purgeDeleted(days = DEFAULT_PURGE_AFTER_DAYS): number {
    const cutoff = new Date(this.clock.now().getTime() - days * 86_400_000).toISOString()
    return this.sql('DELETE FROM shortlists WHERE deleted_at IS NOT NULL AND deleted_at <= ?').run(cutoff).changes
  }

  /** Deletes one deleted shortlist for good, with its people (only from Recently deleted). */
  purge(id: string): void {
    if (this.sql('DELETE FROM shortlists WHERE id = ? AND deleted_at IS NOT NULL').run(id).changes === 0)
      throw notFound(id)
  }

  /** Empties the deleted shortlists of Recently deleted, with their people; answers how many. */
  emptyDeleted(): number {
    return this.sql('DELETE FROM shortlists WHERE deleted_at IS NOT NULL').run().changes
  }

  /** Whether an id is taken, by a live or a deleted shortlist. */
  exists(id: string): boolean {
    return this.sql('SELECT 1 FROM shortlists WHERE id = ?').get(id) !== undefined
  }

  /** Inserts a shortlist exactly as given (backup restore keeps ids and dates). */
  insertRestored(shortlist: Omit<Shortlist, 'memberCount'>): void {
    this.sql('INSERT INTO shortlists (id, name, created_at, updated_at, deleted_at) VALUES (?, ?, ?, ?, ?)').run(
      shortlist.id,
      validName(shortlist.name),
      shortlist.createdAt,
      shortlist.updatedAt,
      shortlist.deletedAt
    )
  }

  /** Marks the shortlist changed (members added, edited, removed). */
  touch(id: string): void {
    this.sql('UPDATE shortlists SET updated_at = ? WHERE id = ?').run(isoNow(this.clock), id)
  }
}

function validName(name: string): string {
  const parsed = shortlistNameSchema.safeParse(name)
  if (!parsed.success) throw new StoreError('invalid_input', 'A shortlist name must be 1 to 200 characters.')
  return parsed.data
}

function notFound(id: string, what = 'No shortlist'): StoreError {
  return new StoreError('not_found', `${what} with id ${id}.`, { details: { id } })
}

function toShortlist(row: ShortlistRow): Shortlist {
  return {
    id: row.id,
    name: row.name,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    deletedAt: row.deleted_at,
    memberCount: row.member_count
  }
}
