import type BetterSqlite3 from 'better-sqlite3'
import type { ExportLogEntry, ExportLogFile, ExportLogKind } from '../../../shared/ipc/channels/export-log'

/** One line as written: the entry without its id. */
export type ExportLogLine = Omit<ExportLogEntry, 'id'> & { personKey: string | null }

interface Row {
  id: number
  exported_at: string
  kind: string
  format: string
  source: string
  people: number
  files_json: string
  delivery: ExportLogEntry['delivery']
  connection_id: string | null
  connection_name: string | null
  person_key: string | null
}

const filesOf = (json: string): ExportLogFile[] => {
  try {
    const parsed = JSON.parse(json) as unknown
    return Array.isArray(parsed) ? (parsed as ExportLogFile[]) : []
  } catch {
    return []
  }
}

export const entryOf = (row: Row): ExportLogEntry => ({
  id: row.id,
  exportedAt: row.exported_at,
  kind: row.kind as ExportLogKind,
  format: row.format,
  source: row.source,
  people: row.people,
  files: filesOf(row.files_json),
  delivery: row.delivery,
  connection:
    row.connection_id === null ? null : { id: row.connection_id, name: row.connection_name ?? row.connection_id }
})

/** The export_log table (migration 17): appended to, read newest first. */
export class ExportLogRepo {
  readonly #db: BetterSqlite3.Database

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  add(line: ExportLogLine): ExportLogEntry {
    const { lastInsertRowid } = this.#db
      .prepare(
        `INSERT INTO export_log (exported_at, kind, format, source, people, files_json, delivery, connection_id, connection_name, person_key)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        line.exportedAt,
        line.kind,
        line.format,
        line.source,
        line.people,
        JSON.stringify(line.files),
        line.delivery,
        line.connection?.id ?? null,
        line.connection?.name ?? null,
        line.personKey
      )
    return { ...line, id: Number(lastInsertRowid) }
  }

  /** Newest first, `limit` entries older than `before` (an id), and how many there are in all. */
  page(before: number | undefined, limit: number): { entries: ExportLogEntry[]; total: number; more: boolean } {
    const rows = this.#db
      .prepare(`SELECT * FROM export_log WHERE id < ? ORDER BY id DESC LIMIT ?`)
      .all(before ?? Number.MAX_SAFE_INTEGER, limit + 1) as Row[]
    const { total } = this.#db.prepare(`SELECT count(*) AS total FROM export_log`).get() as { total: number }
    return { entries: rows.slice(0, limit).map(entryOf), total, more: rows.length > limit }
  }

  /**
   * Every entry, newest first (the log's own export). Read at once: lines of counts and names are
   * small, and an open iterator would hold the connection while the file is written.
   */
  all(): ExportLogEntry[] {
    return (this.#db.prepare(`SELECT * FROM export_log ORDER BY id DESC`).all() as Row[]).map(entryOf)
  }
}

export type { Row as ExportLogRow }
