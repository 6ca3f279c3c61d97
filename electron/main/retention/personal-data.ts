import type { Store } from '../store'
import type { PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

const LABEL = 'when the recruiter last kept or opened them (retention)'

/** Retention: when the recruiter last kept or opened a person (retention_people, by key). Erasing deletes it. */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const rowsOf = (key: string) =>
    db().prepare('SELECT * FROM retention_people WHERE profile_key = ?').all(key) as Record<string, unknown>[]
  return {
    owner: 'retention',
    tables: [{ table: 'retention_people', personal: true }],
    describe: (person) => [{ table: 'retention_people', label: LABEL, rows: rowsOf(person.key).length }],
    export: (person) => [{ table: 'retention_people', label: LABEL, rows: rowsOf(person.key) }],
    erase: (person) => [
      {
        table: 'retention_people',
        deleted: db().prepare('DELETE FROM retention_people WHERE profile_key = ?').run(person.key).changes,
        blanked: 0
      }
    ]
  }
}
