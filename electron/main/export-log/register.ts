import type BetterSqlite3 from 'better-sqlite3'
import { randomUUID } from 'node:crypto'
import { z } from 'zod'
import {
  registerWhatLabels,
  registerWhatSchema,
  type RegisterEntry,
  type RegisterWhat
} from '../../../shared/ipc/channels/export-log'
import type { TeamPort } from '../platform/ports'
import { sharedKind, type TeamShare } from '../platform/team-share'
import { csvCell } from './log-csv'

/*
 * The register for the data-protection officer (issue #38 item 4.5): every export, access copy,
 * forget and retention purge, in one table (register_entries, store/migrations/29), this desk's
 * and its colleagues'. A line says who, when, what, how many people and the files' names: a forget
 * is "1 person forgotten", never whom. Each line written here is shared with the team as a
 * "register.entry" change; a colleague's lands in the same table with their name.
 */

export const REGISTER_KIND = 'register.entry'

const entryPayload = z.object({
  at: z.string().max(40),
  what: registerWhatSchema,
  detail: z.string().max(300),
  people: z.number().int().nonnegative(),
  files: z.array(z.string().max(300)).max(20)
})
type EntryPayload = z.infer<typeof entryPayload>

export interface RegisterFilter {
  what?: RegisterWhat | undefined
  month?: string | undefined
}

interface Row {
  id: number
  at: string
  what: RegisterWhat
  detail: string
  people: number
  files_json: string
  person_name: string | null
  desk_id: string | null
}

const entryOf = (row: Row): RegisterEntry => ({
  id: row.id,
  at: row.at,
  what: row.what,
  detail: row.detail,
  people: row.people,
  files: (JSON.parse(row.files_json) as string[]).filter((file) => typeof file === 'string'),
  colleague: row.desk_id === null ? null : (row.person_name ?? '')
})

const WHERE = `(? IS NULL OR what = ?) AND (? IS NULL OR substr(at, 1, 7) = ?)`

/** Writes a line of this desk (in the caller's transaction, or its own) and shares it with the team. */
export function addToRegister(db: BetterSqlite3.Database, team: TeamPort, line: EntryPayload): void {
  db.transaction(() => {
    db.prepare('INSERT INTO register_entries (at, what, detail, people, files_json) VALUES (?, ?, ?, ?, ?)').run(
      line.at,
      line.what,
      line.detail,
      line.people,
      JSON.stringify(line.files)
    )
    team.share(REGISTER_KIND, { ...line, files: line.files.slice(0, 20) })
  })()
}

/** The register, newest first, filtered; how many lines match; the months that have lines. */
export function readRegister(
  db: BetterSqlite3.Database,
  filter: RegisterFilter,
  limit: number
): { entries: RegisterEntry[]; total: number; months: string[] } {
  const what = filter.what ?? null
  const month = filter.month ?? null
  const args = [what, what, month, month]
  const rows = db
    .prepare(`SELECT * FROM register_entries WHERE ${WHERE} ORDER BY at DESC, id DESC LIMIT ?`)
    .all(...args, limit) as Row[]
  const total = db
    .prepare(`SELECT count(*) FROM register_entries WHERE ${WHERE}`)
    .pluck()
    .get(...args) as number
  const months = db
    .prepare('SELECT DISTINCT substr(at, 1, 7) FROM register_entries ORDER BY 1 DESC')
    .pluck()
    .all() as string[]
  return { entries: rows.map(entryOf), total, months }
}

const HEADERS = ['When', 'Who', 'What', 'Detail', 'People', 'Files']

/** The register as CSV text (a byte order mark, so Excel reads UTF-8), newest first. */
export function registerCsv(entries: readonly RegisterEntry[]): string {
  const line = (entry: RegisterEntry) =>
    [
      entry.at,
      entry.colleague ?? 'This desk',
      registerWhatLabels[entry.what],
      entry.detail,
      entry.people,
      entry.files.join('; ')
    ]
      .map(csvCell)
      .join(',')
  return `\uFEFF${[HEADERS.join(','), ...entries.map(line)].join('\r\n')}\r\n`
}

export const registerShare: TeamShare = {
  feature: 'export-log',
  kinds: {
    [REGISTER_KIND]: sharedKind<EntryPayload>({
      payload: entryPayload,
      apply(change, { db }) {
        if (change.payload === null) return
        const line = change.payload
        db.prepare(
          `INSERT OR IGNORE INTO register_entries (at, what, detail, people, files_json, desk_id, person_name, change_id)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
        ).run(
          line.at,
          line.what,
          line.detail,
          line.people,
          JSON.stringify(line.files),
          change.author.deskId,
          change.author.personName,
          change.id || randomUUID()
        )
      }
    })
  }
}
