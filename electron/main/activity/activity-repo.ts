import type BetterSqlite3 from 'better-sqlite3'
import {
  activityKindSchema,
  activityLinkSchema,
  type ActivityEntry,
  type ActivityKind,
  type ActivityLink,
  type NewPerson,
  type UnreadCounts
} from '../../../shared/ipc/channels/watches'
import { profileChangeSchema, type ProfileChange } from '../../../shared/ipc/channels/shortlists'
import { statementsOf } from '../store/statements'
import { isoNow, type Clock } from '../store/clock'

export interface NewActivity {
  connectionId: string
  kind: ActivityKind
  text: string
  shortlistId?: string | null
  watchId?: string | null
  link: ActivityLink
  changes?: ProfileChange[]
  people?: NewPerson[]
  /** The news' own id ("job:…:key"): the same news is entered once, however often it is told. */
  sourceKey: string
}

interface Row {
  id: number
  connection_id: string
  kind: ActivityKind
  text: string
  created_at: string
  read_at: string | null
  shortlist_id: string | null
  watch_id: string | null
  link_json: string
  changes_json: string
  people_json: string
}

/** The kinds shared/ names; the store's activity_kinds table holds the same (migration-files.test.ts). */
const KINDS: readonly ActivityKind[] = activityKindSchema.options

/** What the watches (and refreshes) found, per connection, newest first, with read marks. */
export class ActivityRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock
  ) {}

  private readonly sql = statementsOf(() => this.db)

  /** Adds the entries not already there (by source key); answers the ones added. */
  add(entries: readonly NewActivity[]): ActivityEntry[] {
    const insert = this.sql(
      `INSERT OR IGNORE INTO activity (connection_id, kind, text, created_at, shortlist_id, watch_id, link_json,
         changes_json, people_json, source_key) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
    )
    const now = isoNow(this.clock)
    const ids: number[] = []
    this.db.transaction(() => {
      for (const entry of entries) {
        const result = insert.run(
          entry.connectionId,
          entry.kind,
          entry.text,
          now,
          entry.shortlistId ?? null,
          entry.watchId ?? null,
          JSON.stringify(entry.link),
          JSON.stringify(entry.changes ?? []),
          JSON.stringify(entry.people ?? []),
          entry.sourceKey
        )
        if (result.changes > 0) ids.push(Number(result.lastInsertRowid))
      }
    })()
    return ids.map((id) => this.get(id))
  }

  get(id: number): ActivityEntry {
    return toEntry(this.sql('SELECT * FROM activity WHERE id = ?').get(id) as Row)
  }

  list(
    connectionId: string,
    filter: { kind?: ActivityKind; shortlistId?: string; unreadOnly?: boolean; before?: number; limit: number }
  ): { entries: ActivityEntry[]; more: boolean } {
    const where = ['connection_id = ?']
    const args: Array<string | number> = [connectionId]
    if (filter.kind !== undefined) {
      where.push('kind = ?')
      args.push(filter.kind)
    }
    if (filter.shortlistId !== undefined) {
      where.push('shortlist_id = ?')
      args.push(filter.shortlistId)
    }
    if (filter.unreadOnly === true) where.push('read_at IS NULL')
    if (filter.before !== undefined) {
      where.push('id < ?')
      args.push(filter.before)
    }
    const rows = this.sql(`SELECT * FROM activity WHERE ${where.join(' AND ')} ORDER BY id DESC LIMIT ?`).all(
      ...args,
      filter.limit + 1
    ) as Row[]
    return { entries: rows.slice(0, filter.limit).map(toEntry), more: rows.length > filter.limit }
  }

  markRead(connectionId: string, target: { ids?: readonly number[]; all?: boolean }, read: boolean): void {
    const at = read ? isoNow(this.clock) : null
    if (target.all === true) {
      this.sql(
        `UPDATE activity SET read_at = ? WHERE connection_id = ? AND ${read ? 'read_at IS NULL' : 'read_at IS NOT NULL'}`
      ).run(at, connectionId)
      return
    }
    const update = this.sql('UPDATE activity SET read_at = ? WHERE connection_id = ? AND id = ?')
    this.db.transaction(() => {
      for (const id of target.ids ?? []) update.run(at, connectionId, id)
    })()
  }

  unread(connectionId: string): UnreadCounts {
    const rows = this.sql(
      'SELECT kind, COUNT(*) AS n FROM activity WHERE connection_id = ? AND read_at IS NULL GROUP BY kind'
    ).all(connectionId) as Array<{ kind: ActivityKind; n: number }>
    const byKind = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<ActivityKind, number>
    for (const row of rows) byKind[row.kind] = row.n
    return { total: rows.reduce((sum, row) => sum + row.n, 0), byKind }
  }
}

function toEntry(row: Row): ActivityEntry {
  return {
    id: row.id,
    connectionId: row.connection_id,
    kind: row.kind,
    text: row.text,
    createdAt: row.created_at,
    readAt: row.read_at,
    shortlistId: row.shortlist_id,
    watchId: row.watch_id,
    link: activityLinkSchema.parse(JSON.parse(row.link_json)),
    changes: profileChangeSchema.array().parse(JSON.parse(row.changes_json)),
    people: JSON.parse(row.people_json) as NewPerson[]
  }
}
