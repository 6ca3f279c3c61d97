import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mergeTraits,
  parseOrUndefined,
  textWithoutPerson,
  traitsOf
} from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

// a result is the person's by its key; one saved without a key is theirs if its text names the key
const RESULTS_OF = `SELECT * FROM contact_results
  WHERE profile_key = @key OR (profile_key IS NULL AND instr(result_json, @key) > 0)`
const LEDGER_OF = `SELECT * FROM credit_ledger WHERE EXISTS (SELECT 1 FROM json_each(keys_json) WHERE value = @key)`
const PURCHASES_OF = 'SELECT * FROM contact_purchases WHERE profile_key = @key'
const TEAM_COPIES_OF = 'SELECT * FROM team_bought_contacts WHERE profile_key = @key'

/**
 * Bought contacts: each contact result as received (emails, phones, the card), the keys counted
 * as bought, and the credit ledger's lines naming who a purchase was for. Erasing deletes the
 * results and the bought marks; a ledger line keeps what was spent and loses the key (blanked).
 * A person bought again after being forgotten is paid for again: the app no longer knows them.
 * The team's copies of a colleague's purchase (team_bought_contacts, issue #38) are the person's
 * too: erased with them, here and, through the forget's tombstone, on every desk and the server.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const rows = (sql: string, key: string) => db().prepare(sql).all({ key }) as Record<string, unknown>[]
  const count = (sql: string, key: string) =>
    (db().prepare(`SELECT count(*) AS n FROM (${sql})`).get({ key }) as { n: number }).n
  return {
    owner: 'contacts',
    tables: [
      { table: 'contact_results', personal: true },
      { table: 'contact_purchases', personal: true },
      { table: 'credit_ledger', personal: true },
      { table: 'team_bought_contacts', personal: true },
      { table: 'credit_counts', personal: false, why: 'the credit balance over time: counts, never who' }
    ],

    identify(personKey) {
      const results = [
        ...(db().prepare(RESULTS_OF).all({ key: personKey }) as Array<{ result_json: string }>),
        ...(db().prepare(TEAM_COPIES_OF).all({ key: personKey }) as Array<{ result_json: string }>)
      ]
      return mergeTraits(...results.map((row) => traitsOf(parseOrUndefined(row.result_json))))
    },

    describe(person: Person) {
      return [
        { table: 'contact_results', label: 'bought contact details', rows: count(RESULTS_OF, person.key) },
        { table: 'contact_purchases', label: 'counted as bought', rows: count(PURCHASES_OF, person.key) },
        { table: 'credit_ledger', label: 'credit ledger lines naming them', rows: count(LEDGER_OF, person.key) },
        {
          table: 'team_bought_contacts',
          label: 'contact details bought by the team',
          rows: count(TEAM_COPIES_OF, person.key)
        }
      ]
    },

    export(person: Person) {
      return [
        { table: 'contact_results', label: 'bought contact details', rows: rows(RESULTS_OF, person.key) },
        { table: 'contact_purchases', label: 'counted as bought', rows: rows(PURCHASES_OF, person.key) },
        { table: 'credit_ledger', label: 'credit ledger lines naming them', rows: rows(LEDGER_OF, person.key) },
        {
          table: 'team_bought_contacts',
          label: 'contact details bought by the team',
          rows: rows(TEAM_COPIES_OF, person.key)
        }
      ]
    },

    erase(person: Person) {
      const key = person.key
      const results = db()
        .prepare(
          'DELETE FROM contact_results WHERE profile_key = @key OR (profile_key IS NULL AND instr(result_json, @key) > 0)'
        )
        .run({ key }).changes
      const purchases = db().prepare('DELETE FROM contact_purchases WHERE profile_key = @key').run({ key }).changes
      const teamCopies = db().prepare('DELETE FROM team_bought_contacts WHERE profile_key = @key').run({ key }).changes
      const lines = db().prepare(LEDGER_OF).all({ key }) as Array<{
        id: number
        keys_json: string
        message: string | null
      }>
      // the message may quote the service's answer, which may name them
      const blank = db().prepare('UPDATE credit_ledger SET keys_json = ?, message = ? WHERE id = ?')
      for (const line of lines) {
        const message = line.message === null ? null : textWithoutPerson(line.message, person)
        blank.run(jsonWithoutPerson(line.keys_json, person), message, line.id)
      }
      return [
        { table: 'contact_results', deleted: results, blanked: 0 },
        { table: 'contact_purchases', deleted: purchases, blanked: 0 },
        { table: 'credit_ledger', deleted: 0, blanked: lines.length },
        { table: 'team_bought_contacts', deleted: teamCopies, blanked: 0 }
      ]
    }
  }
}
