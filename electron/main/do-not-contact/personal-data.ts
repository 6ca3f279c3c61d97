import type { Store } from '../store'
import type { Person, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { readSalt } from '../personal-data/tombstones'
import { entryOf, type DoNotContactRow } from './do-not-contact-repo'
import { personHashes } from './person-hashes'

const LABEL = 'do-not-contact list entries naming them'

/** Entries naming the person: by key, email or handle (a domain names a company, not them). */
function entriesAbout(store: Store, person: Person): DoNotContactRow[] {
  const db = store.database.db
  const salt = readSalt(db)
  if (salt === null) return []
  // each hash looked up through the (kind, hash) index: the list may hold a million entries
  const find = db.prepare('SELECT * FROM do_not_contact WHERE kind = ? AND hash = ?')
  const rows: DoNotContactRow[] = []
  for (const [hash, kind] of personHashes(salt, person)) {
    if (kind === 'domain') continue
    const row = find.get(kind, Buffer.from(hash, 'hex')) as DoNotContactRow | undefined
    if (row !== undefined) rows.push(row)
  }
  return rows
}

/**
 * The list is about people: an entry holds their email, handle or key as the recruiter typed it.
 * Forgetting them deletes those entries: their tombstone, written in the same transaction, hashes
 * the same key, emails and handles, so they stay suppressed with nothing of them in clear.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => ({
  owner: 'do-not-contact',
  tables: [
    { table: 'do_not_contact', personal: true },
    {
      table: 'do_not_contact_imports',
      personal: false,
      why: 'an import of a file: whether it is shown, how many it added'
    },
    { table: 'do_not_contact_count', personal: false, why: 'how many entries the list holds: one number' },
    {
      table: 'team_do_not_contact_counts',
      personal: false,
      why: 'how many of the team’s entries each colleague’s import holds here: numbers'
    }
  ],
  describe(person) {
    const rows = entriesAbout(store(), person).length
    return rows === 0 ? [] : [{ table: 'do_not_contact', label: LABEL, rows }]
  },
  export(person) {
    const rows = entriesAbout(store(), person).map((row) => ({ ...entryOf(row) }))
    return rows.length === 0 ? [] : [{ table: 'do_not_contact', label: LABEL, rows }]
  },
  erase(person) {
    const db = store().database.db
    const rows = entriesAbout(store(), person)
    const remove = db.prepare('DELETE FROM do_not_contact WHERE id = ?')
    for (const row of rows) remove.run(row.id)
    return rows.length === 0 ? [] : [{ table: 'do_not_contact', deleted: rows.length, blanked: 0 }]
  }
})
