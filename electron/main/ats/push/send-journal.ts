import type BetterSqlite3 from 'better-sqlite3'

export type SendSourceKind = 'shortlist' | 'import'

/** Where the people of a send come from, and whom it goes to: the journal's key without the person. */
export interface JournalScope {
  connectionId: string
  sourceKind: SendSourceKind
  sourceId: string
}

export interface JournalRow {
  personKey: string
  state: 'intent' | 'done'
  atsId: string | null
  created: boolean
  intentAt: string
}

interface Row {
  person_key: string
  state: 'intent' | 'done'
  ats_id: string | null
  created: number
  intent_at: string
}

const toRow = (row: Row): JournalRow => ({
  personKey: row.person_key,
  state: row.state,
  atsId: row.ats_id,
  created: row.created === 1,
  intentAt: row.intent_at
})

/**
 * The send journal (migration 31): 'intent' is committed before the create call, 'done' with the
 * ATS's id after it. Each write is its own statement (autocommit), so a kill between the two
 * leaves the intent behind, and the next send looks in the ATS before it creates.
 */
export class SendJournal {
  constructor(private readonly db: BetterSqlite3.Database) {}

  get(scope: JournalScope, personKey: string): JournalRow | undefined {
    const row = this.db
      .prepare(
        `SELECT person_key, state, ats_id, created, intent_at FROM ats_send_journal
           WHERE connection_id = ? AND source_kind = ? AND source_id = ? AND person_key = ?`
      )
      .get(scope.connectionId, scope.sourceKind, scope.sourceId, personKey) as Row | undefined
    return row === undefined ? undefined : toRow(row)
  }

  /** Every person of a source sent to any connection, with the ATS id: what the member rows show. */
  sentFrom(sourceKind: SendSourceKind, sourceId: string): Array<JournalRow & { connectionId: string }> {
    const rows = this.db
      .prepare(
        `SELECT connection_id, person_key, state, ats_id, created, intent_at FROM ats_send_journal
           WHERE source_kind = ? AND source_id = ? AND state = 'done' ORDER BY id`
      )
      .all(sourceKind, sourceId) as Array<Row & { connection_id: string }>
    return rows.map((row) => ({ ...toRow(row), connectionId: row.connection_id }))
  }

  /**
   * Records the intent to create (before the call); an intent already there keeps its first time.
   * An intent to add an application to a record already there names that record (`atsId`).
   */
  intend(scope: JournalScope, personKey: string, at: string, atsId: string | null = null): void {
    this.db
      .prepare(
        `INSERT INTO ats_send_journal (connection_id, source_kind, source_id, person_key, state, ats_id, intent_at)
           VALUES (?, ?, ?, ?, 'intent', ?, ?)
           ON CONFLICT (connection_id, source_kind, source_id, person_key) DO NOTHING`
      )
      .run(scope.connectionId, scope.sourceKind, scope.sourceId, personKey, atsId, at)
  }

  /** The ATS's id, once its record exists (made by this send or found there). */
  done(scope: JournalScope, personKey: string, atsId: string, created: boolean, at: string): void {
    this.db
      .prepare(
        `INSERT INTO ats_send_journal (connection_id, source_kind, source_id, person_key, state, ats_id, created, intent_at, done_at)
           VALUES (@connectionId, @sourceKind, @sourceId, @personKey, 'done', @atsId, @created, @at, @at)
           ON CONFLICT (connection_id, source_kind, source_id, person_key)
           DO UPDATE SET state = 'done', ats_id = @atsId, created = @created, done_at = @at`
      )
      .run({ ...scope, personKey, atsId, created: created ? 1 : 0, at })
  }

  /** The ATS refused the create outright (4xx): nothing was made, the intent goes. */
  drop(scope: JournalScope, personKey: string): void {
    this.db
      .prepare(
        `DELETE FROM ats_send_journal
           WHERE connection_id = ? AND source_kind = ? AND source_id = ? AND person_key = ? AND state = 'intent'`
      )
      .run(scope.connectionId, scope.sourceKind, scope.sourceId, personKey)
  }
}
