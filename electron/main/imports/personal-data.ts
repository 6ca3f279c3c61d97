import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mergeTraits,
  parseOrUndefined,
  requestNamesPerson,
  traitsOf
} from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

interface ImportRow {
  batch_id: string
  row_no: number
  sheet_row: number | null
  cells_json: string
  request_json: string | null
  outcome: string
  duplicate_of: number | null
  profiles_json: string | null
  best_key: string | null
  chosen_key: string | null
  [column: string]: unknown
}

type RowId = Pick<ImportRow, 'batch_id' | 'row_no'>
const idOf = (row: RowId) => `${row.batch_id}\n${row.row_no}`
const LIGHT = 'batch_id, row_no, sheet_row, cells_json, request_json, outcome, duplicate_of, best_key, chosen_key'

// the row is the person: chosen for it, or matched to it with confidence
const MATCHED = `chosen_key = @key OR (best_key = @key AND outcome = 'matched')`

const cellsOf = (row: ImportRow): string[] => {
  const cells = parseOrUndefined(row.cells_json)
  return Array.isArray(cells) ? cells.filter((cell): cell is string => typeof cell === 'string') : []
}

/**
 * Bulk match: each spreadsheet row keeps its cells as read, the request made from them, and the
 * candidates the service answered. A row is the person's when it was matched or chosen for them,
 * when its request looks for them (key, email or handle: a name alone may be another's), or when a cell is an email of
 * theirs; its repeats later in the sheet are theirs too. Those rows are deleted (the batch keeps
 * its other rows and counts them without these). A row where they were only a candidate keeps its
 * cells and loses their profile among its candidates (blanked).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  // every row is read once without its candidates (the heavy part), a row at a time
  const rowsOf = (person: Person): { theirs: RowId[]; candidate: RowId[] } => {
    const isTheirs = (row: ImportRow) =>
      row.chosen_key === person.key ||
      (row.best_key === person.key && row.outcome === 'matched') ||
      requestNamesPerson(parseOrUndefined(row.request_json), person, false) ||
      cellsOf(row).some((cell) => person.emails.includes(cell.trim().toLowerCase()))
    const theirs: ImportRow[] = []
    const repeating: ImportRow[] = []
    for (const row of db().prepare(`SELECT ${LIGHT} FROM import_rows`).iterate() as Iterable<ImportRow>) {
      if (isTheirs(row)) theirs.push(row)
      else if (row.duplicate_of !== null) repeating.push(row)
    }
    const sheetRows = new Set(theirs.map((row) => `${row.batch_id}\n${row.sheet_row ?? row.row_no}`))
    const all = [...theirs, ...repeating.filter((row) => sheetRows.has(`${row.batch_id}\n${row.duplicate_of}`))]
    const ids = new Set(all.map(idOf))
    const candidate = (
      db()
        .prepare(
          `SELECT batch_id, row_no FROM import_rows WHERE best_key = @key OR instr(profiles_json, @key) > 0
            ORDER BY batch_id, row_no`
        )
        .all({ key: person.key }) as RowId[]
    ).filter((row) => !ids.has(idOf(row)))
    return { theirs: all.map(({ batch_id, row_no }) => ({ batch_id, row_no })), candidate }
  }
  const read = (rows: RowId[]) => {
    const get = db().prepare('SELECT * FROM import_rows WHERE batch_id = ? AND row_no = ?')
    return rows.map((row) => get.get(row.batch_id, row.row_no) as ImportRow)
  }
  const label = 'spreadsheet rows matched to them'
  const candidateLabel = 'spreadsheet rows where they were a candidate'
  return {
    owner: 'imports',
    tables: [
      { table: 'import_rows', personal: true },
      {
        table: 'import_batches',
        personal: false,
        why: 'a file’s name, sheet, column mapping and progress; its cells are in import_rows'
      }
    ],

    identify(personKey) {
      const rows = db().prepare(`SELECT * FROM import_rows WHERE ${MATCHED}`).all({ key: personKey }) as ImportRow[]
      return mergeTraits(
        ...rows.map((row) => {
          const request = traitsOf(parseOrUndefined(row.request_json))
          const profiles = parseOrUndefined(row.profiles_json)
          const chosen = Array.isArray(profiles)
            ? profiles.find((profile) => (profile as { key?: unknown } | null)?.key === personKey)
            : undefined
          // the request's emails, not every email-shaped cell: a column such as "sourced by" names someone else
          return mergeTraits(request, traitsOf(chosen))
        })
      )
    },

    describe(person: Person) {
      const { theirs, candidate } = rowsOf(person)
      return [
        { table: 'import_rows', label, rows: theirs.length },
        { table: 'import_rows', label: candidateLabel, rows: candidate.length }
      ]
    },

    export(person: Person) {
      const { theirs, candidate } = rowsOf(person)
      return [
        { table: 'import_rows', label, rows: read(theirs) },
        { table: 'import_rows', label: candidateLabel, rows: read(candidate) }
      ]
    },

    erase(person: Person) {
      const { theirs, candidate } = rowsOf(person)
      const remove = db().prepare('DELETE FROM import_rows WHERE batch_id = ? AND row_no = ?')
      for (const row of theirs) remove.run(row.batch_id, row.row_no)
      const blank = db().prepare(
        `UPDATE import_rows SET profiles_json = ?, best_key = NULLIF(best_key, ?), chosen_key = NULLIF(chosen_key, ?)
          WHERE batch_id = ? AND row_no = ?`
      )
      for (const row of read(candidate))
        blank.run(jsonWithoutPerson(row.profiles_json, person), person.key, person.key, row.batch_id, row.row_no)
      return [{ table: 'import_rows', deleted: theirs.length, blanked: candidate.length }]
    }
  }
}
