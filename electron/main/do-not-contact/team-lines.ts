import type BetterSqlite3 from 'better-sqlite3'
import type { DoNotContactKind, TeamDoNotContactLine } from '../../../shared/ipc/channels/do-not-contact'

/*
 * The team's do-not-contact list as Settings shows it (issue #38 item 4.1): colleagues' entries are
 * hashes here, so a line says kind, why, who and when. A file a colleague shared is one line, its
 * entries counted by team_do_not_contact_counts (kept by triggers:
 * migrations/35-team-do-not-contact-lines.ts); entries added by hand follow, newest first, through
 * the index of their sequence numbers. Nothing is counted row by row, so a page of a list of a
 * million opens as fast as one of ten.
 */

interface Counted {
  source: string
  entries: number
  person_name: string | null
  server_time: string | null
  reason: string | null
}

interface ByHand {
  kind: DoNotContactKind
  hash: Buffer
  person_name: string | null
  server_time: string | null
  reason: string | null
}

const sharedBy = (row: { person_name: string | null; server_time: string | null; reason: string | null }) => ({
  reason: row.reason ?? '',
  personName: row.person_name,
  sharedAt: row.server_time
})

/** A page of the team's lines (files, then entries by hand), how many lines and entries in all. */
export function teamLines(
  db: BetterSqlite3.Database,
  offset: number,
  limit: number
): { lines: TeamDoNotContactLine[]; offset: number; total: number; entries: number } {
  const counted = db
    .prepare(
      `SELECT c.source, c.entries, ch.person_name, ch.server_time, ch.reason
       FROM team_do_not_contact_counts c LEFT JOIN team_do_not_contact_changes ch ON ch.seq = c.seq
       ORDER BY c.seq DESC`
    )
    .all() as Counted[]
  const files = counted.filter((row) => row.source !== '')
  const byHand = counted.find((row) => row.source === '')?.entries ?? 0
  const entries = counted.reduce((sum, row) => sum + row.entries, 0)
  const total = files.length + byHand
  const lines: TeamDoNotContactLine[] = files
    .slice(offset, offset + limit)
    .map((row) => ({ line: 'import', key: `import:${row.source}`, entries: row.entries, ...sharedBy(row) }))
  const handLimit = limit - lines.length
  if (handLimit > 0 && byHand > 0) {
    const rows = db
      .prepare(
        `SELECT t.kind, t.hash, ch.person_name, ch.server_time, ch.reason
         FROM team_do_not_contact t INDEXED BY team_do_not_contact_by_hand
         LEFT JOIN team_do_not_contact_changes ch ON ch.seq = t.seq
         WHERE t.source IS NULL ORDER BY t.seq DESC LIMIT ? OFFSET ?`
      )
      .all(handLimit, Math.max(0, offset - files.length)) as ByHand[]
    for (const row of rows) {
      lines.push({ line: 'entry', key: `${row.kind}:${row.hash.toString('hex')}`, kind: row.kind, ...sharedBy(row) })
    }
  }
  return { lines, offset, total, entries }
}
