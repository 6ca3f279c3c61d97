import type { Store } from '../store'
import type { PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { basisOf, lineOf, type LawfulBasisRow, type ProvenanceRow } from './provenance-repo'

const LINES = 'where they came from (searches, chats, imported rows, purchases, restores)'
const BASIS = 'the lawful basis they are held on, and the notice sent'

/**
 * Provenance names the person by key (and a spreadsheet's name, a query, a contact type beside
 * it): it is theirs. Forgetting them deletes their lines and their basis: a tombstone, not this,
 * says they were held.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => {
  const db = () => store().database.db
  const lines = (key: string) =>
    db().prepare('SELECT * FROM provenance WHERE person_key = ? ORDER BY id').all(key) as ProvenanceRow[]
  const basis = (key: string) =>
    db().prepare('SELECT * FROM lawful_basis WHERE person_key = ?').get(key) as LawfulBasisRow | undefined
  return {
    owner: 'provenance',
    tables: [
      { table: 'provenance', personal: true },
      { table: 'lawful_basis', personal: true }
    ],
    describe(person) {
      const held = lines(person.key).length
      const set = basis(person.key) === undefined ? 0 : 1
      return [
        ...(held === 0 ? [] : [{ table: 'provenance', label: LINES, rows: held }]),
        ...(set === 0 ? [] : [{ table: 'lawful_basis', label: BASIS, rows: set }])
      ]
    },
    export(person) {
      const held = lines(person.key).map((row) => ({ ...lineOf(row) }))
      const row = basis(person.key)
      return [
        ...(held.length === 0 ? [] : [{ table: 'provenance', label: LINES, rows: held }]),
        // the default basis is theirs too: an access copy always says what they are held on
        ...(held.length === 0 && row === undefined
          ? []
          : [{ table: 'lawful_basis', label: BASIS, rows: [{ ...basisOf(row) }] }])
      ]
    },
    erase(person) {
      const deleted = db().prepare('DELETE FROM provenance WHERE person_key = ?').run(person.key).changes
      const basisDeleted = db().prepare('DELETE FROM lawful_basis WHERE person_key = ?').run(person.key).changes
      return [
        ...(deleted === 0 ? [] : [{ table: 'provenance', deleted, blanked: 0 }]),
        ...(basisDeleted === 0 ? [] : [{ table: 'lawful_basis', deleted: basisDeleted, blanked: 0 }])
      ]
    }
  }
}
