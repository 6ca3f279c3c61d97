import type { CsvColumn } from '../../../shared/ipc/channels/export'
import type { ExportRow } from '../platform/export-row'
import type { BoughtContactsPort } from '../platform/ports'
import type { ImportsStore } from './imports-store'
import { candidateOf } from './match-outcome'

/**
 * The sheet as the recruiter imported it, every original column in its order, followed by what
 * matching found: the outcome and decision, the person (key, name, title, company, location,
 * profile link, score) and the emails and phones bought for them. Rows come in the sheet's order,
 * read a page at a time from the store. `delimiter` is the source file's (null for a workbook), so
 * a CSV goes back to the recruiter as it came.
 */
export function enrichedExport(
  store: Pick<ImportsStore, 'imports'>,
  batchId: string,
  contacts: BoughtContactsPort
): { columns: CsvColumn[]; rows: Iterable<ExportRow>; total: number; delimiter: string | null } {
  const batch = store.imports.get(batchId)
  const [header = []] = store.imports.firstRows(batchId, batch.headerRow + 1).slice(batch.headerRow)
  const counts = store.imports.counts(batchId)
  const width = Math.max(header.length, batch.mapping.length)
  const columns: CsvColumn[] = Array.from({ length: width }, (_, column) => ({
    header: header[column]?.trim() || `Column ${column + 1}`,
    path: `sheet.cells.${column}`
  }))
  const match = (header: string, field: string): CsvColumn => ({ header, path: `sheet.match.${field}` })
  columns.push(
    match('Match outcome', 'outcome'),
    match('Decision', 'decision'),
    match('Match key', 'key'),
    match('Match name', 'name'),
    match('Match title', 'title'),
    match('Match company', 'company'),
    match('Match location', 'location'),
    match('Match profile link', 'link'),
    match('Match score', 'score'),
    { header: 'Bought emails', path: 'contact.emails.email' },
    { header: 'Bought phones', path: 'contact.phone_numbers.number' }
  )
  return { columns, rows: rowsOf(store, batchId, contacts), total: counts.rows, delimiter: batch.delimiter }
}

function* rowsOf(
  store: Pick<ImportsStore, 'imports'>,
  batchId: string,
  contacts: BoughtContactsPort
): Generator<ExportRow> {
  for (const row of store.imports.rowsInOrder(batchId)) {
    // the person: the one accepted, else the match found (not yet reviewed)
    const key = row.decision === 'rejected' ? null : (row.chosenKey ?? row.bestKey)
    const profile = key === null ? undefined : row.profiles.find((candidate) => candidate['key'] === key)
    const person = profile === undefined ? null : candidateOf(profile)
    yield {
      profile: profile ?? {},
      sheet: {
        cells: row.cells,
        match: {
          outcome: row.duplicateOf === null ? row.outcome : `duplicate of row ${row.duplicateOf}`,
          decision: row.decision ?? '',
          key: person?.key ?? '',
          name: person?.name ?? '',
          title: person?.title ?? '',
          company: person?.company ?? '',
          location: person?.location ?? '',
          link: person?.link ?? '',
          score: person?.score ?? ''
        }
      },
      contact: key === null ? null : boughtContacts(contacts, key)
    }
  }
}

function boughtContacts(contacts: BoughtContactsPort, key: string): Record<string, unknown> | null {
  const emails: unknown[] = []
  const phones: unknown[] = []
  for (const result of contacts.newestFor(key)) {
    const value = result as Record<string, unknown>
    if (Array.isArray(value['emails'])) emails.push(...(value['emails'] as unknown[]))
    if (Array.isArray(value['phone_numbers'])) phones.push(...(value['phone_numbers'] as unknown[]))
  }
  return emails.length === 0 && phones.length === 0 ? null : { emails, phone_numbers: phones }
}
