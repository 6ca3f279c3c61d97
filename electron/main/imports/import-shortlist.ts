import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { EventHub } from '../ipc/event-hub'
import type { PeopleHeld } from '../platform/event-bus'
import type { ImportBatchRecord, ImportRowRecord } from './imports-repo'
import type { ImportsStore } from './imports-store'
import { mapStoreErrors } from '../store/store-error'
import { candidateOf } from './match-outcome'

/** What adding a batch's accepted people to a shortlist did. */
export interface ShortlistedImport {
  shortlistId: string
  shortlistName: string
  added: number
  skipped: number
  rejected: Array<{ rowNo: number; sheetRow: number; reason: string }>
}

/**
 * Adds a batch's accepted people to a shortlist (an existing one or a new one), each with the
 * row's kept columns as notes, in one transaction; tells the app its members changed.
 */
export function shortlistAccepted(
  store: ImportsStore,
  events: Pick<EventHub, 'emit'>,
  batch: ImportBatchRecord,
  headers: readonly string[],
  input: HandlerInput<'shortlistImport'>,
  /** Told who was added, with their sheet rows (the bus's peopleHeld: provenance). */
  held: (held: PeopleHeld) => void = () => undefined
): ShortlistedImport {
  const accepted = store.imports.accepted(batch.id)
  if (accepted.length === 0) throw new AppError('invalid_input', 'Accept at least one person first.')
  const rejected: Array<{ rowNo: number; sheetRow: number; reason: string }> = []
  const rows: ImportRowRecord[] = []
  const inputs = accepted.flatMap(({ row, profile }) => {
    if (profile === null) {
      rejected.push({
        rowNo: row.rowNo,
        sheetRow: row.sheetRow,
        reason: 'the chosen candidate is no longer among the row’s answers'
      })
      return []
    }
    rows.push(row)
    return [{ profile, notes: keptNotes(batch, headers, row) }]
  })
  const result = mapStoreErrors(
    () =>
      store.transaction(() => {
        const shortlist =
          'shortlistId' in input ? store.shortlists.get(input.shortlistId) : store.shortlists.create(input.newShortlist)
        const added =
          inputs.length === 0 ? { added: [], skipped: [], rejected: [] } : store.members.addMany(shortlist.id, inputs)
        store.imports.setShortlist(batch.id, shortlist.id)
        return { shortlist, ...added }
      }),
    { not_found: 'That shortlist no longer exists. Choose another or make a new one.' }
  )
  for (const problem of result.rejected) {
    const row = rows[problem.index]
    rejected.push({ rowNo: row?.rowNo ?? 0, sheetRow: row?.sheetRow ?? 0, reason: problem.reason })
  }
  const notAdded = new Set(result.rejected.map((problem) => problem.index))
  const skipped = new Set(result.skipped)
  held({
    kind: 'import',
    what: 'person',
    detail: batch.sheet === null || batch.sheet === '' ? batch.fileName : `${batch.fileName} (${batch.sheet})`,
    connectionId: batch.connectionId,
    shortlistId: result.shortlist.id,
    importBatchId: batch.id,
    people: inputs.flatMap((entry, index) => {
      const key = String(entry.profile['key'] ?? entry.profile['li_id'] ?? '')
      const row = rows[index]
      return notAdded.has(index) || skipped.has(key) || key === '' || row === undefined
        ? []
        : [{ key, importRow: row.sheetRow }]
    })
  })
  events.emit('membersChanged', {
    reason: 'import',
    memberIds: result.added,
    shortlistIds: [result.shortlist.id],
    profileKeys: inputs.map((entry) => String(entry.profile['key'] ?? ''))
  })
  return {
    shortlistId: result.shortlist.id,
    shortlistName: result.shortlist.name,
    added: result.added.length,
    skipped: result.skipped.length,
    rejected
  }
}

/** The people a batch's accepted rows chose, once each, by key and name. */
export function acceptedPeopleOf(store: ImportsStore, batchId: string): Array<{ key: string; name: string }> {
  const people = new Map<string, string>()
  for (const { row, profile } of store.imports.accepted(batchId)) {
    if (row.chosenKey === null || people.has(row.chosenKey)) continue
    people.set(row.chosenKey, profile === null ? row.chosenKey : candidateOf(profile).name || row.chosenKey)
  }
  return [...people].map(([key, name]) => ({ key, name }))
}

/** The row's kept columns as the member's notes ("Header: value" lines), and where it came from. */
function keptNotes(batch: ImportBatchRecord, headers: readonly string[], row: ImportRowRecord): string {
  const lines = batch.mapping.flatMap((field, column) => {
    const value = (row.cells[column] ?? '').trim()
    return field === 'keep' && value !== '' ? [`${headers[column] ?? `Column ${column + 1}`}: ${value}`] : []
  })
  lines.push(`Imported from ${batch.fileName}${batch.sheet === null ? '' : ` (${batch.sheet})`}, row ${row.sheetRow}`)
  return lines.join('\n').slice(0, 20_000)
}
