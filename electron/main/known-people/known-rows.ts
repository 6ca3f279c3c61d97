import type { KnownField } from '../../../shared/ipc/channels/known-people'
import { normalisedValue } from '../../../shared/ipc/channels/do-not-contact'
import { withoutBidiControls } from '../../../shared/bidi'
import { normalisedEmployer, normalisedName } from './person-keys'

/** A row of a list's file, read as a person (nothing of it hashed yet). */
export interface KnownRow {
  key: string | undefined
  emails: string[]
  handles: string[]
  /** Normalised ('' when none). */
  name: string
  employer: string
  atsId: string | null
  stage: string | null
}

/** Cells that hold several values: Lever writes "a@x.com,b@y.com" and "https://…, https://…". */
const parts = (cell: string): string[] => cell.split(/[,;\s]+/).filter((part) => part !== '')

/** The person a row names, by the mapping; null when nothing would recognise them. */
export function knownRowOf(cells: readonly string[], mapping: readonly KnownField[]): KnownRow | null {
  const row: KnownRow = { key: undefined, emails: [], handles: [], name: '', employer: '', atsId: null, stage: null }
  let full = ''
  let first = ''
  let last = ''
  mapping.forEach((field, column) => {
    const cell = (cells[column] ?? '').trim()
    if (cell === '') return
    if (field === 'email') row.emails.push(...parts(cell).filter((part) => normalisedValue('email', part) !== null))
    else if (field === 'handle')
      row.handles.push(...parts(cell).filter((part) => normalisedValue('handle', part) !== null))
    else if (field === 'key') row.key = cell
    else if (field === 'name') full = cell
    else if (field === 'first_name') first = cell
    else if (field === 'last_name') last = cell
    else if (field === 'employer') row.employer = normalisedEmployer(cell)
    // shown back in marks and exports: no bidirectional control from the file (shared/bidi.ts)
    else if (field === 'ats_id') row.atsId = withoutBidiControls(cell).trim().slice(0, 200) || null
    else if (field === 'stage') row.stage = withoutBidiControls(cell).trim().slice(0, 200) || null
  })
  row.name = normalisedName(full !== '' ? full : `${first} ${last}`)
  const named = row.name !== '' && row.employer !== ''
  return row.key !== undefined || row.emails.length > 0 || row.handles.length > 0 || named ? row : null
}
