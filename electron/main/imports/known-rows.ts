import { knownByLabels, type AtsDataToCheck, type KnownMatch } from '../../../shared/ipc/channels/known-people'
import type { ImportRow } from '../../../shared/ipc/channels/imports'
import type { KnownPeoplePort } from '../platform/ports'
import { nextTurn } from '../work/next-turn'

/** Rows read and checked at a time when a batch is filtered to known people (a turn of main's loop each). */
const ROWS_AT_ONCE = 1000

/** What the service said of a matched profile's ATS (its `ats_data`), by key: the page's own profiles. */
export type AtsOf = (key: string) => AtsDataToCheck | undefined

/**
 * The person a row names, as the known-people check reads them: the row's sheet values, its
 * candidate, and the candidate's `ats_data` (the service's own ATS match).
 */
function personOf(row: ImportRow, atsOf: AtsOf) {
  const key = row.chosenKey ?? row.bestKey ?? row.request?.key ?? undefined
  const candidate = row.candidates.find((one) => one.key === key)
  const emails = [...(row.request?.emails ?? []), ...(candidate?.email ? [candidate.email] : [])]
  const name = row.request?.name ?? candidate?.name
  const employer = row.request?.company ?? candidate?.company
  const atsData = key ? atsOf(key) : undefined
  return {
    ...(key ? { key } : {}),
    ...(atsData === undefined ? {} : { atsData }),
    emails,
    handles: row.request?.handles ?? [],
    ...(name ? { name } : {}),
    ...(employer ? { employer } : {})
  }
}

/**
 * "Greenhouse (Phone Screen), by email": the lists that know a row's person, in the recruiter's
 * words, and "In your ATS, per the service (Onsite)" when the service says so.
 */
function knownWords(matches: readonly KnownMatch[]): string {
  return matches
    .map((match) =>
      match.by === 'service'
        ? `In your ATS, per the service${match.stage ? ` (${match.stage})` : ''}`
        : `${match.listName}${match.stage ? ` (${match.stage})` : ''}, by ${knownByLabels[match.by]}`
    )
    .join('; ')
}

/**
 * Marks the rows whose person is already in one of the recruiter's ATS lists (the shared ones and
 * the batch's connection's), as suppressed-rows.ts flags the do-not-contact ones.
 */
export function flagKnown(
  rows: ImportRow[],
  knownPeople: (() => KnownPeoplePort) | undefined,
  connectionId: string,
  atsOf: AtsOf = () => undefined
): ImportRow[] {
  if (rows.length === 0 || knownPeople === undefined) return rows
  const byRow = new Map<number, KnownMatch[]>()
  for (const match of knownPeople().check(
    rows.map((row) => personOf(row, atsOf)),
    connectionId
  )) {
    byRow.set(match.index, [...(byRow.get(match.index) ?? []), match])
  }
  if (byRow.size === 0) return rows
  return rows.map((row, index) => {
    const matches = byRow.get(index)
    return matches === undefined ? row : { ...row, known: knownWords(matches) }
  })
}

/**
 * The batch's rows whose person is known (the review's "In your ATS" filter): every row read and
 * checked a thousand at a time, a turn of main's event loop each, then the page asked for.
 */
export async function knownRowsOf(
  page: (offset: number, limit: number) => { total: number; rows: ImportRow[]; atsOf?: AtsOf },
  knownPeople: (() => KnownPeoplePort) | undefined,
  connectionId: string,
  offset: number,
  limit: number
): Promise<{ total: number; rows: ImportRow[] }> {
  if (knownPeople === undefined) return { total: 0, rows: [] }
  const known: ImportRow[] = []
  for (let at = 0; ; at += ROWS_AT_ONCE) {
    const { rows, atsOf } = page(at, ROWS_AT_ONCE)
    known.push(...flagKnown(rows, knownPeople, connectionId, atsOf).filter((row) => row.known !== undefined))
    if (rows.length < ROWS_AT_ONCE) break
    await nextTurn()
  }
  return { total: known.length, rows: known.slice(offset, offset + limit) }
}
