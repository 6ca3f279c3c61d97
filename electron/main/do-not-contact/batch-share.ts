import { randomUUID } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import type { DoNotContactKind } from '../../../shared/ipc/channels/do-not-contact'
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

  /** Appends the batches to the outbox, in the caller's transaction (the one that shows the import); how many. */
  write(db: BetterSqlite3.Database, note: string, deskTime: string): number {
    if (this.#salt === null || this.#entries.size === 0) return 0
    const entries = [...this.#entries]
    const importId = randomUUID()
    const reason = note.trim().slice(0, REASON_CHARS)
    const rows: unknown[][] = []
    for (let from = 0; from < entries.length; from += MAX_DO_NOT_CONTACT_BATCH) {
      const batch: DoNotContactBatch = {
        import: importId,
        part: from / MAX_DO_NOT_CONTACT_BATCH,
        reason,
        entries: entries.slice(from, from + MAX_DO_NOT_CONTACT_BATCH),
        added: true
      }
      rows.push([randomUUID(), BATCH_KIND, JSON.stringify(batch), '[]', deskTime])
    }
    for (let from = 0; from < rows.length; from += CHANGES_AT_ONCE) {
      const part = rows.slice(from, from + CHANGES_AT_ONCE)
      db.prepare(
        `INSERT INTO team_outbox (change_id, kind, payload, subjects, desk_time) VALUES ${part.map(() => '(?, ?, ?, ?, ?)').join(', ')}`
      ).run(part.flat())
    }
    this.#entries.clear()
    return rows.length
  }
}
