import { suppressionLabel, type PersonToCheck, type Suppression } from '../../../shared/ipc/channels/do-not-contact'
import type { DoNotContactChoice } from '../../../shared/ipc/channels/export'
import { mergeTraits, traitsOf } from '../personal-data/person-match'
import type { CsvColumn, ExportRow } from './csv-columns'

/** The column a flagged export adds: why the person must not be contacted, in words. */
export const DO_NOT_CONTACT_COLUMN: CsvColumn = { header: 'Do not contact', path: 'person.doNotContact' }

/** How many people were flagged or left out; filled in as the rows are written. */
export interface DoNotContactTally {
  flagged: number
  leftOut: number
}

/**
 * Rows checked at once: one look-up per batch, not per person, and memory stays flat. A check
 * holds main's loop (it reads the list and the tombstones, then hashes each person): measured on
 * a loaded 2-core machine with 5,000 entries, 100 people took 35–70 ms and 500 took 80–300 ms, so
 * a batch stays small enough to keep one check near the 50 ms a task may take.
 */
const BATCH = 100

/**
 * The rows with those who must not be contacted (the do-not-contact list, or forgotten) flagged
 * with the reason, or left out, as `choice` says. A person is checked by their profile key and
 * the emails and handles their row gives (the profile, its contact result, an imported sheet's
 * own cells). Rows are read a batch at a time, so a lazy source stays lazy.
 */
export function* screenRows(
  rows: Iterable<ExportRow>,
  check: (people: readonly PersonToCheck[]) => Suppression[],
  choice: DoNotContactChoice,
  tally: DoNotContactTally
): Generator<ExportRow> {
  let batch: ExportRow[] = []
  const flush = function* (): Generator<ExportRow> {
    const reasons = new Map<number, string>()
    for (const { index, reasons: why } of check(batch.map(personToCheck))) {
      reasons.set(index, why.map(suppressionLabel).join('; '))
    }
    for (const [index, row] of batch.entries()) {
      const reason = reasons.get(index)
      if (reason === undefined) yield row
      else if (choice === 'leave-out') tally.leftOut += 1
      else {
        tally.flagged += 1
        yield { ...row, person: { name: row.person?.name ?? '', ...row.person, doNotContact: reason } }
      }
    }
    batch = []
  }
  for (const row of rows) {
    batch.push(row)
    if (batch.length >= BATCH) yield* flush()
  }
  if (batch.length > 0) yield* flush()
}

function personToCheck(row: ExportRow): PersonToCheck {
  const key = row.profile.key
  const traits = mergeTraits(traitsOf(row.profile), traitsOf(row.contact), traitsOf({ cells: row.sheet?.cells ?? [] }))
  return {
    ...(typeof key === 'string' && key !== '' ? { key } : {}),
    emails: traits.emails,
    handles: traits.handles
  }
}
