import type BetterSqlite3 from 'better-sqlite3'
import type {
  LawfulBasis,
  LawfulBasisKind,
  ProvenanceKind,
  ProvenanceLine
} from '../../../shared/ipc/channels/provenance'

/** One line as written: the line without its id. */
export type NewProvenanceLine = Omit<ProvenanceLine, 'id'> & { shortlistId: string | null }

export interface ProvenanceRow {
  id: number
  person_key: string
  recorded_at: string
  kind: string
  what: 'person' | 'contact'
  detail: string
  shortlist_id: string | null
  shortlist_name: string | null
  import_batch_id: string | null
  import_row: number | null
  purchase_id: string | null
  connection_id: string | null
  connection_name: string | null
}

export interface LawfulBasisRow {
  person_key: string
  basis: LawfulBasisKind
  consented_on: string | null
  other: string | null
  notice_sent_on: string | null
  set_at: string
}

export const lineOf = (row: ProvenanceRow): ProvenanceLine => ({
  id: row.id,
  key: row.person_key,
  at: row.recorded_at,
  kind: row.kind as ProvenanceKind,
  what: row.what,
  detail: row.detail,
  shortlist: row.shortlist_name,
  importBatchId: row.import_batch_id,
  importRow: row.import_row,
  purchaseId: row.purchase_id,
  connection:
    row.connection_id === null ? null : { id: row.connection_id, name: row.connection_name ?? row.connection_id }
})

/** Held on legitimate interest until the recruiter says otherwise. */
export const DEFAULT_BASIS: LawfulBasis = {
  basis: 'legitimate-interest',
  consentedOn: null,
  other: null,
  noticeSentOn: null,
  setAt: null
}

export const basisOf = (row: LawfulBasisRow | undefined): LawfulBasis =>
  row === undefined
    ? DEFAULT_BASIS
    : {
        basis: row.basis,
        consentedOn: row.consented_on,
        other: row.other,
        noticeSentOn: row.notice_sent_on,
        setAt: row.set_at
      }

/** The provenance and lawful_basis tables. */
export class ProvenanceRepo {
  readonly #db: BetterSqlite3.Database

  constructor(db: BetterSqlite3.Database) {
    this.#db = db
  }

  /** Appends lines in one transaction. */
  add(lines: readonly NewProvenanceLine[]): void {
    const insert = this.#db.prepare(
      `INSERT INTO provenance (person_key, recorded_at, kind, what, detail, shortlist_id, shortlist_name,
         import_batch_id, import_row, purchase_id, connection_id, connection_name)
       VALUES (@key, @at, @kind, @what, @detail, @shortlistId, @shortlist, @importBatchId, @importRow, @purchaseId,
         @connectionId, @connectionName)`
    )
    this.#db.transaction(() => {
      for (const line of lines) {
        insert.run({
          key: line.key,
          at: line.at,
          kind: line.kind,
          what: line.what,
          detail: line.detail,
          shortlistId: line.shortlistId,
          shortlist: line.shortlist,
          importBatchId: line.importBatchId,
          importRow: line.importRow,
          purchaseId: line.purchaseId,
          connectionId: line.connection?.id ?? null,
          connectionName: line.connection?.name ?? null
        })
      }
    })()
  }

  /** A person's lines, oldest first. */
  linesOf(key: string): ProvenanceLine[] {
    return (
      this.#db.prepare(`SELECT * FROM provenance WHERE person_key = ? ORDER BY id`).all(key) as ProvenanceRow[]
    ).map(lineOf)
  }

  basisOf(key: string): LawfulBasis {
    return basisOf(
      this.#db.prepare(`SELECT * FROM lawful_basis WHERE person_key = ?`).get(key) as LawfulBasisRow | undefined
    )
  }

  setBasis(key: string, basis: Omit<LawfulBasis, 'setAt'>, at: string): LawfulBasis {
    this.#db
      .prepare(
        `INSERT INTO lawful_basis (person_key, basis, consented_on, other, notice_sent_on, set_at)
         VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT(person_key) DO UPDATE SET basis = excluded.basis, consented_on = excluded.consented_on,
           other = excluded.other, notice_sent_on = excluded.notice_sent_on, set_at = excluded.set_at`
      )
      .run(key, basis.basis, basis.consentedOn, basis.other, basis.noticeSentOn, at)
    return this.basisOf(key)
  }
}
