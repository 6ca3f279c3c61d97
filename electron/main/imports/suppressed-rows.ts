import { suppressionLabel } from '../../../shared/ipc/channels/do-not-contact'
import type { ImportRow } from '../../../shared/ipc/channels/imports'
import type { DoNotContactPort } from '../platform/ports'

/**
 * Flags the rows whose person must not be contacted (the do-not-contact list, or forgotten), with
 * why in the recruiter's words: the person the row chose or matched, and the emails and handles
 * the sheet and the matched candidate give.
 */
export function flagSuppressed(rows: ImportRow[], doNotContact: (() => DoNotContactPort) | undefined): ImportRow[] {
  if (rows.length === 0 || doNotContact === undefined) return rows
  const people = rows.map((row) => {
    const key = row.chosenKey ?? row.bestKey ?? row.request?.key ?? undefined
    const candidate = row.candidates.find((one) => one.key === key)
    const emails = [...(row.request?.emails ?? []), ...(candidate?.email ? [candidate.email] : [])]
    return { ...(key ? { key } : {}), emails, handles: row.request?.handles ?? [] }
  })
  const flagged = [...rows]
  for (const { index, reasons } of doNotContact().check(people)) {
    flagged[index] = { ...rows[index]!, doNotContact: reasons.map(suppressionLabel).join('; ') }
  }
  return flagged
}
