import type { PersonalDataOwnerFactory } from '../../personal-data/personal-data-owner'

const TABLE = 'ats_send_journal'
const LABEL = 'sends to an ATS (Greenhouse or Lever): the record’s id there'

interface JournalRow {
  connection_id: string
  source_kind: string
  source_id: string
  state: string
  ats_id: string | null
  intent_at: string
  done_at: string | null
}

/**
 * The send journal names a person by key, with the id of their record in the ATS: forgetting them
 * deletes their rows here (the ATS's own record is the ATS's to erase). The ats feature's owner
 * (ats/personal-data.ts) answers for it.
 */
export const sendJournalPart: PersonalDataOwnerFactory = (store) => {
  const rowsOf = (key: string) =>
    store()
      .database.db.prepare(
        `SELECT connection_id, source_kind, source_id, state, ats_id, intent_at, done_at FROM ${TABLE} WHERE person_key = ?`
      )
      .all(key) as JournalRow[]
  return {
    owner: 'ats-send',
    tables: [{ table: TABLE, personal: true }],
    describe(person) {
      const rows = rowsOf(person.key).length
      return rows === 0 ? [] : [{ table: TABLE, label: LABEL, rows }]
    },
    export(person) {
      const rows = rowsOf(person.key)
      return rows.length === 0 ? [] : [{ table: TABLE, label: LABEL, rows: rows.map((row) => ({ ...row })) }]
    },
    erase(person) {
      const deleted = store().database.db.prepare(`DELETE FROM ${TABLE} WHERE person_key = ?`).run(person.key).changes
      return deleted === 0 ? [] : [{ table: TABLE, deleted, blanked: 0 }]
    }
  }
}
