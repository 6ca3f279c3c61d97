import type { Store } from '../store'
import { textWithoutPerson } from '../personal-data/person-match'
import type { Person, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'
import { entryOf, type ExportLogRow } from './export-log-repo'

const LABEL = 'export log lines (an access copy sent to them, or a file named after them)'

/** The words that name a person in a file or folder name: their names, emails, handles, key. */
function wordsOf(person: Person): string[] {
  return [...person.names, ...person.emails, ...person.handles, person.key].filter((word) => word.trim().length > 1)
}

const extensionOf = (name: string) => (name.lastIndexOf('.') > 0 ? name.slice(name.lastIndexOf('.')) : '')

/** Lines about the person: their access copy (by key), or a line whose names or source name them. */
function linesAbout(store: Store, person: Person): ExportLogRow[] {
  const words = wordsOf(person).map((word) => word.toLowerCase())
  return (store.database.db.prepare(`SELECT * FROM export_log`).all() as ExportLogRow[]).filter((row) => {
    if (row.person_key === person.key) return true
    const text = `${row.source}\n${row.files_json}`.toLowerCase()
    return words.some((word) => text.includes(word))
  })
}

/**
 * The export log holds counts and file names, not people. But a file name can name one: an
 * access-request copy is saved as "personal data <their name> <date>.html" (its line keeps their
 * key, so it is found whatever the name became), and a recruiter may name a file or folder after
 * someone. So the table is personal: forgetting a person keeps each line (that a file left, when,
 * how many people: the trace a data-protection officer needs) and blanks what names them.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => ({
  owner: 'export-log',
  tables: [{ table: 'export_log', personal: true }],
  describe(person) {
    const rows = linesAbout(store(), person).length
    return rows === 0 ? [] : [{ table: 'export_log', label: LABEL, rows }]
  },
  export(person) {
    const rows = linesAbout(store(), person).map((row) => ({ ...entryOf(row) }))
    return rows.length === 0 ? [] : [{ table: 'export_log', label: LABEL, rows }]
  },
  erase(person) {
    const db = store().database.db
    const update = db.prepare(`UPDATE export_log SET source = ?, files_json = ?, person_key = NULL WHERE id = ?`)
    const lines = linesAbout(store(), person)
    for (const row of lines) {
      const { files } = entryOf(row)
      const blanked = files.map((file) => ({
        // an access copy's name is their name, however it was folded into a file name
        name:
          row.person_key === person.key ? `[erased]${extensionOf(file.name)}` : textWithoutPerson(file.name, person),
        folder: file.folder === null ? null : textWithoutPerson(file.folder, person)
      }))
      update.run(textWithoutPerson(row.source, person), JSON.stringify(blanked), row.id)
    }
    return lines.length === 0 ? [] : [{ table: 'export_log', deleted: 0, blanked: lines.length }]
  }
})
