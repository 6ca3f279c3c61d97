import type { Store } from '../store'
import type { PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { readRetentionSettings } from './retention-settings'

const LABEL = 'when the recruiter last kept or opened them (retention)'
const PERIOD = 'how long people are kept (the retention periods set; none: no automatic erasure)'

/**
 * Retention: when the recruiter last kept or opened a person (retention_people, by key). Erasing
 * deletes it. A copy also carries the periods that apply (the settings row, not theirs to erase).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const rowsOf = (key: string) =>
    db().prepare('SELECT * FROM retention_people WHERE profile_key = ?').all(key) as Record<string, unknown>[]
  return {
    owner: 'retention',
    tables: [{ table: 'retention_people', personal: true }],
    describe: (person) => [{ table: 'retention_people', label: LABEL, rows: rowsOf(person.key).length }],
    // with the periods that apply to them, so an access copy says how long they are kept
    export: (person) => [
      { table: 'retention_people', label: LABEL, rows: rowsOf(person.key) },
      { table: 'retention_period', label: PERIOD, rows: [{ ...readRetentionSettings(store()) }] }
    ],
    erase: (person) => [
      {
        table: 'retention_people',
        deleted: db().prepare('DELETE FROM retention_people WHERE profile_key = ?').run(person.key).changes,
        blanked: 0
      }
    ]
  }
}
