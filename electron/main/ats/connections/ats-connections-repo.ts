import type BetterSqlite3 from 'better-sqlite3'
import type { AtsKind } from '../ats-client'

/** A saved ATS connection (ats/migrations/33-ats-connections.ts). */
export interface AtsConnectionRow {
  id: string
  kind: AtsKind
  name: string
  /** The API root the key is bound to; a Sandbox connection's is a placeholder (its fake's port changes). */
  baseUrl: string
  actingUser: string
  sandbox: boolean
  rateLimit: number | null
  createdAt: string
}

interface Stored {
  id: string
  kind: AtsKind
  name: string
  base_url: string
  acting_user: string
  sandbox: number
  rate_limit: number | null
  created_at: string
}

const row = (stored: Stored): AtsConnectionRow => ({
  id: stored.id,
  kind: stored.kind,
  name: stored.name,
  baseUrl: stored.base_url,
  actingUser: stored.acting_user,
  sandbox: stored.sandbox === 1,
  rateLimit: stored.rate_limit,
  createdAt: stored.created_at
})

/** The ATS connections table: the live ones, and the removed ones still offered for undo. */
export class AtsConnectionsRepo {
  constructor(private readonly db: BetterSqlite3.Database) {}

  list(): AtsConnectionRow[] {
    return (
      this.db
        .prepare('SELECT * FROM ats_connections WHERE removed_at IS NULL ORDER BY created_at, id')
        .all() as Stored[]
    ).map(row)
  }

  get(id: string): AtsConnectionRow | null {
    const found = this.db.prepare('SELECT * FROM ats_connections WHERE id = ? AND removed_at IS NULL').get(id) as
      Stored | undefined
    return found === undefined ? null : row(found)
  }

  insert(connection: AtsConnectionRow): void {
    this.db
      .prepare(
        `INSERT INTO ats_connections (id, kind, name, base_url, acting_user, sandbox, rate_limit, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        connection.id,
        connection.kind,
        connection.name,
        connection.baseUrl,
        connection.actingUser,
        connection.sandbox ? 1 : 0,
        connection.rateLimit,
        connection.createdAt
      )
  }

  /** The address a connection's calls go to (tests move it; the key stays bound to the old one). */
  setBaseUrl(id: string, baseUrl: string): void {
    this.db.prepare('UPDATE ats_connections SET base_url = ? WHERE id = ?').run(baseUrl, id)
  }

  /** A live connection's name and acting user (an edit in Settings → ATS, or its undo). */
  update(id: string, fields: { name: string; actingUser: string }): void {
    this.db
      .prepare('UPDATE ats_connections SET name = ?, acting_user = ? WHERE id = ? AND removed_at IS NULL')
      .run(fields.name, fields.actingUser, id)
  }

  setRateLimit(id: string, limit: number): void {
    this.db.prepare('UPDATE ats_connections SET rate_limit = ? WHERE id = ?').run(limit, id)
  }

  /** Marks it removed; false when there was no such live connection. */
  remove(id: string, at: string): boolean {
    return (
      this.db.prepare('UPDATE ats_connections SET removed_at = ? WHERE id = ? AND removed_at IS NULL').run(at, id)
        .changes === 1
    )
  }

  /** Brings back a removed one; false when there is none to bring back. */
  restore(id: string): boolean {
    return (
      this.db.prepare('UPDATE ats_connections SET removed_at = NULL WHERE id = ? AND removed_at IS NOT NULL').run(id)
        .changes === 1
    )
  }

  /** The ids of connections removed before `before` (their undo is over), deleted. */
  purgeRemoved(before: string): string[] {
    const ids = (
      this.db
        .prepare('SELECT id FROM ats_connections WHERE removed_at IS NOT NULL AND removed_at <= ?')
        .all(before) as Array<{
        id: string
      }>
    ).map(({ id }) => id)
    const drop = this.db.prepare('DELETE FROM ats_connections WHERE id = ?')
    for (const id of ids) drop.run(id)
    return ids
  }
}
