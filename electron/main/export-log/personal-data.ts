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

const REGISTER_LABEL = 'lines of the register whose file names name them'

interface RegisterRow {
  id: number
  at: string
  what: string
  files_json: string
}

/** Lines of the register (this desk's and colleagues') whose file names name the person. */
function registerAbout(store: Store, person: Person): RegisterRow[] {
  const words = wordsOf(person).map((word) => word.toLowerCase())
  return (
    store.database.db.prepare(`SELECT id, at, what, files_json FROM register_entries`).all() as RegisterRow[]
  ).filter((row) => words.some((word) => row.files_json.toLowerCase().includes(word)))
}

/**
 * The export log holds counts and file names, not people. But a file name can name one: an
 * access-request copy is saved as "personal data <their name> <date>.html" (its line keeps their
 * key, so it is found whatever the name became), and a recruiter may name a file or folder after
 * someone. So the table is personal: forgetting a person keeps each line (that a file left, when,
 * how many people: the trace a data-protection officer needs) and blanks what names them. The
 * register (register_entries: this desk's and colleagues' exports, access copies, forgets and
 * purges, counts only) is treated alike: a file name that names them is blanked.
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store) => ({
  owner: 'export-log',
  tables: [
    { table: 'export_log', personal: true },
    { table: 'register_entries', personal: true }
  ],
  describe(person) {
    const rows = linesAbout(store(), person).length
    const register = registerAbout(store(), person).length
    return [
      ...(rows === 0 ? [] : [{ table: 'export_log', label: LABEL, rows }]),
      ...(register === 0 ? [] : [{ table: 'register_entries', label: REGISTER_LABEL, rows: register }])
    ]
  },
  export(person) {
    const rows = linesAbout(store(), person).map((row) => ({ ...entryOf(row) }))
    const register = registerAbout(store(), person).map(({ at, what, files_json }) => ({
      at,
      what,
      files: JSON.parse(files_json) as unknown
    }))
    return [
      ...(rows.length === 0 ? [] : [{ table: 'export_log', label: LABEL, rows }]),
      ...(register.length === 0 ? [] : [{ table: 'register_entries', label: REGISTER_LABEL, rows: register }])
    ]
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
    const register = registerAbout(store(), person)
    const blank = db.prepare('UPDATE register_entries SET files_json = ? WHERE id = ?')
    for (const row of register) {
      const files = (JSON.parse(row.files_json) as string[]).map((name) => textWithoutPerson(name, person))
      blank.run(JSON.stringify(files), row.id)
    }
    return [
      ...(lines.length === 0 ? [] : [{ table: 'export_log', deleted: 0, blanked: lines.length }]),
      ...(register.length === 0 ? [] : [{ table: 'register_entries', deleted: 0, blanked: register.length }])
    ]
  }
})
