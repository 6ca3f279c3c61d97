import { suppressionLabel, type PersonToCheck, type Suppression } from '../../../shared/ipc/channels/do-not-contact'
import type { DoNotContactChoice, KnownChoice } from '../../../shared/ipc/channels/export'
import {
  atsDataOfProfile,
  knownByLabels,
  type KnownMatch,
  type KnownPersonToCheck
} from '../../../shared/ipc/channels/known-people'
import { mergeTraits, traitsOf } from '../personal-data/person-match'
import { nextTurn } from '../work/next-turn'
import type { CsvColumn, ExportRow } from './csv-columns'

/** The column a flagged export adds: why the person must not be contacted, in words. */
export const DO_NOT_CONTACT_COLUMN: CsvColumn = { header: 'Do not contact', path: 'person.doNotContact' }
/** The column an export that flags people already in your ATS adds: where they are, in words. */
export const IN_YOUR_ATS_COLUMN: CsvColumn = { header: 'In your ATS', path: 'person.inYourAts' }

/** How many people were flagged or left out; filled in as the rows are read. */
export interface DoNotContactTally {
  flagged: number
  leftOut: number
}

/** The checks an export makes of its people, each with what to do with those it finds. */
export interface RowScreens {
  doNotContact?: { choice: DoNotContactChoice; check: (people: readonly PersonToCheck[]) => Suppression[] }
  known?: { choice: KnownChoice; check: (people: readonly KnownPersonToCheck[]) => KnownMatch[] }
}

/** What the checks found of one row (by its place): why not to contact them, where they are in your ATS. */
export interface RowVerdict {
  doNotContact?: string
  inYourAts?: string
}

/**
 * Rows checked at once: one look-up per batch, not per person, and memory stays flat. A check
 * holds main's loop (it reads the list and the tombstones, then hashes each person): measured on
 * a loaded 2-core machine with 5,000 entries, 100 people took 35–70 ms and 500 took 80–300 ms, so
 * a batch stays small enough to keep one check near the 50 ms a task may take.
 */
const BATCH = 100

/**
 * Every row checked, a batch per turn of main's event loop, before a line is written: the verdicts
 * of the rows someone must not contact or who are already in your ATS, by their place. Only they
 * are kept (memory stays flat), and the file's columns can then say only what is there: a "Do not
 * contact" or "In your ATS" column only when someone is flagged in it.
 */
export async function verdictsOf(
  rows: Iterable<ExportRow>,
  screens: RowScreens,
  signal?: AbortSignal
): Promise<Map<number, RowVerdict>> {
  const verdicts = new Map<number, RowVerdict>()
  if (screens.doNotContact === undefined && screens.known === undefined) return verdicts
  let batch: ExportRow[] = []
  let start = 0
  const flush = () => {
    if (screens.doNotContact !== undefined) {
      for (const { index, reasons } of screens.doNotContact.check(batch.map(personToCheck))) {
        const at = start + index
        verdicts.set(at, { ...verdicts.get(at), doNotContact: reasons.map(suppressionLabel).join('; ') })
      }
    }
    if (screens.known !== undefined) {
      const byRow = new Map<number, KnownMatch[]>()
      for (const match of screens.known.check(batch.map(knownPersonOf))) {
        byRow.set(match.index, [...(byRow.get(match.index) ?? []), match])
      }
      for (const [index, matches] of byRow) {
        const at = start + index
        verdicts.set(at, { ...verdicts.get(at), inYourAts: knownWords(matches) })
      }
    }
    start += batch.length
    batch = []
  }
  for (const row of rows) {
    batch.push(row)
    if (batch.length >= BATCH) {
      flush()
      signal?.throwIfAborted()
      await nextTurn()
    }
  }
  if (batch.length > 0) flush()
  return verdicts
}

/** The columns the verdicts need: "Do not contact" and "In your ATS", each only when someone is flagged in it. */
export function flagColumns(verdicts: ReadonlyMap<number, RowVerdict>, screens: RowScreens): CsvColumn[] {
  const flagged = [...verdicts.values()]
  // a person left out by one check is not written, so flags nobody in another column
  const written = flagged.filter(
    (verdict) =>
      !(verdict.doNotContact !== undefined && screens.doNotContact?.choice === 'leave-out') &&
      !(verdict.inYourAts !== undefined && screens.known?.choice === 'leave-out')
  )
  return [
    ...(screens.doNotContact?.choice === 'flag' && written.some((verdict) => verdict.doNotContact !== undefined)
      ? [DO_NOT_CONTACT_COLUMN]
      : []),
    ...(screens.known?.choice === 'flag' && written.some((verdict) => verdict.inYourAts !== undefined)
      ? [IN_YOUR_ATS_COLUMN]
      : [])
  ]
}

/**
 * The rows with the verdicts applied (read again, lazily): those someone must not contact, or
 * already in your ATS, flagged with the reason or left out, as each choice says; counted.
 */
export function* screenedRows(
  rows: Iterable<ExportRow>,
  verdicts: ReadonlyMap<number, RowVerdict>,
  screens: RowScreens,
  tally: { doNotContact: DoNotContactTally; known: DoNotContactTally }
): Generator<ExportRow> {
  let index = 0
  for (const row of rows) {
    const verdict = verdicts.get(index)
    index += 1
    if (verdict === undefined) {
      yield row
      continue
    }
    const suppressed = verdict.doNotContact !== undefined ? screens.doNotContact?.choice : undefined
    const known = verdict.inYourAts !== undefined ? screens.known?.choice : undefined
    if (suppressed === 'leave-out' || known === 'leave-out') {
      // counted once, by the first reason it is left out
      if (suppressed === 'leave-out') tally.doNotContact.leftOut += 1
      else tally.known.leftOut += 1
      continue
    }
    if (suppressed === 'flag') tally.doNotContact.flagged += 1
    if (known === 'flag') tally.known.flagged += 1
    yield {
      ...row,
      person: {
        name: row.person?.name ?? '',
        ...row.person,
        ...(suppressed === 'flag' ? { doNotContact: verdict.doNotContact } : {}),
        ...(known === 'flag' ? { inYourAts: verdict.inYourAts } : {})
      }
    }
  }
}

/** "Greenhouse: Offer; in your ATS, per the service: Onsite": where a row's person already is. */
function knownWords(matches: readonly KnownMatch[]): string {
  return matches
    .map((match) =>
      match.by === 'service'
        ? `In your ATS, per the service${match.stage ? `: ${match.stage}` : ''}`
        : `${match.listName}${match.stage ? `: ${match.stage}` : ''} (by ${knownByLabels[match.by]})`
    )
    .join('; ')
}

function traitsOfRow(row: ExportRow) {
  return mergeTraits(traitsOf(row.profile), traitsOf(row.contact), traitsOf({ cells: row.sheet?.cells ?? [] }))
}

function personToCheck(row: ExportRow): PersonToCheck {
  const key = row.profile.key
  const traits = traitsOfRow(row)
  return {
    ...(typeof key === 'string' && key !== '' ? { key } : {}),
    emails: traits.emails.slice(0, 50),
    handles: traits.handles.slice(0, 50)
  }
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** A row's person as the known-people check takes them: as above, with name, employer and `ats_data`. */
function knownPersonOf(row: ExportRow): KnownPersonToCheck {
  const profile = row.profile
  const name = text(row.person?.name) || text(profile.full_name)
  const employer = text(profile.cur_company)
  const atsData = atsDataOfProfile(profile)
  return {
    ...personToCheck(row),
    ...(name === '' ? {} : { name: name.slice(0, 300) }),
    ...(employer === '' ? {} : { employer: employer.slice(0, 300) }),
    ...(atsData === undefined ? {} : { atsData })
  }
}
