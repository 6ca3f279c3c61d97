import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { normalisedValue, type DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
import { MAX_DO_NOT_CONTACT_BATCH, type DoNotContactBatch } from '../../../shared/team/protocol'
import { teamHash } from '../personal-data/team-hash'
import { BATCH_KIND } from './team-share'

const LETTERS: Readonly<Record<DoNotContactKind, string>> = { email: 'e', domain: 'd', handle: 'h', key: 'k' }
/** The most of an import's note a batch carries (the team server's rule for a reason). */
const REASON_CHARS = 500
/** Outbox rows written per statement (each about 61 KB of JSON at most). */
const CHANGES_AT_ONCE = 20

/**
 * A file's entries as the team gets them (issue #38): while the import reads and hashes each entry
 * (in its worker, off main's thread) this hashes it again with the team's salt; when the import is
 * shown, the same transaction puts them in the team's durable outbox as "do-not-contact.batch"
 * changes of up to MAX_DO_NOT_CONTACT_BATCH entries each (shared/team/protocol.ts). So an import
 * shown is shared whole, a crash keeps both or neither, and the outbox's change ids make a push
 * sent twice kept once. The outbox's rows are written here, through the worker's own connection,
 * as team-repo.ts writes them (team/ is another feature's folder); main then pushes them
 * (TeamPort.pushWaiting). Outside a team nothing is kept.
 */
export class TeamBatches {
  readonly #salt: string | null
  /** Each entry's kind letter and team-salted hash; the same entry twice is shared once. */
  readonly #entries = new Set<string>()

  constructor(db: BetterSqlite3.Database) {
    this.#salt = (db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string | undefined) ?? null
  }

  add(kind: DoNotContactKind, value: string): void {
    if (this.#salt !== null) this.#entries.add(LETTERS[kind] + teamHash(this.#salt, value))
  }

  /**
   * Appends the batches to the outbox, in the caller's transaction (the one that shows the import,
   * which keeps `importId`: its removal takes the same entries off again); how many.
   */
  write(db: BetterSqlite3.Database, note: string, deskTime: string, importId: string): number {
    if (this.#salt === null || this.#entries.size === 0) return 0
    const written = writeBatches(
      db,
      { import: importId, firstPart: 0, reason: note, added: true },
      [...this.#entries],
      deskTime
    )
    this.#entries.clear()
    return written
  }

  /** Whether the entries are shared (this desk is in a team). */
  get sharing(): boolean {
    return this.#salt !== null
  }
}

/** Writes entries (kind letter + team hash) to the outbox as batches of one import; how many changes. */
function writeBatches(
  db: BetterSqlite3.Database,
  of: { import: string; firstPart: number; reason: string; added: boolean },
  entries: readonly string[],
  deskTime: string
): number {
  const reason = of.reason.trim().slice(0, REASON_CHARS)
  const rows: unknown[][] = []
  for (let from = 0; from < entries.length; from += MAX_DO_NOT_CONTACT_BATCH) {
    const batch: DoNotContactBatch = {
      import: of.import,
      part: of.firstPart + from / MAX_DO_NOT_CONTACT_BATCH,
      reason,
      entries: entries.slice(from, from + MAX_DO_NOT_CONTACT_BATCH),
      added: of.added
    }
    rows.push([randomUUID(), BATCH_KIND, JSON.stringify(batch), '[]', deskTime])
  }
  for (let from = 0; from < rows.length; from += CHANGES_AT_ONCE) {
    const part = rows.slice(from, from + CHANGES_AT_ONCE)
    db.prepare(
      `INSERT INTO team_outbox (change_id, kind, payload, subjects, desk_time) VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}`
    ).run(part.flat())
  }
  return rows.length
}

/**
 * Shares that entries of a removed import are taken off (in the caller's transaction, the one that
 * deletes them): batches with `added: false` under the id the import was shared with, each entry
 * hashed again with the team's salt from the value this desk keeps. Only the import's own entries
 * go on a colleague's desk (team-share.ts), so the same slice sent twice changes nothing more.
 * Nothing outside a team, or for an import never shared (read before this desk joined).
 */
export function shareRemoved(
  db: BetterSqlite3.Database,
  teamImport: string | null,
  entries: ReadonlyArray<{ id: number; kind: DoNotContactKind; value: string }>,
  deskTime: string
): number {
  if (teamImport === null || entries.length === 0) return 0
  const salt = db.prepare('SELECT salt FROM team_state WHERE id = 1').pluck().get() as string | undefined
  if (salt === undefined) return 0
  const hashed = new Set<string>()
  for (const { kind, value } of entries) {
    const normal = normalisedValue(kind, value)
    if (normal !== null) hashed.add(LETTERS[kind] + teamHash(salt, normal))
  }
  // a part of the removal, numbered by its first entry's id (a part's number is not read back)
  return writeBatches(
    db,
    { import: teamImport, firstPart: entries[0]!.id, reason: '', added: false },
    [...hashed],
    deskTime
  )
}
