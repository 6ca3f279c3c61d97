import type { ImportRow } from '../../../shared/ipc/channels/imports'
import { atsDataOfProfile, type AtsDataToCheck } from '../../../shared/ipc/channels/known-people'
import type { ImportRowRecord } from './imports-repo'
import type { AtsOf } from './known-rows'
import { candidateOf } from './match-outcome'

/* A row of a bulk match as the Import screen shows it, made from its stored record. */

/** The `ats_data` of the profiles matching found for these rows, by key (the service's own ATS match). */
export function atsOfRecords(rows: readonly ImportRowRecord[]): AtsOf {
  const byKey = new Map<string, AtsDataToCheck>()
  for (const row of rows) {
    for (const profile of row.profiles) {
      const ats = atsDataOfProfile(profile)
      if (typeof profile.key === 'string' && ats !== undefined) byKey.set(profile.key, ats)
    }
  }
  return (key) => byKey.get(key)
}

export function rowOf(row: ImportRowRecord): ImportRow {
  return {
    rowNo: row.rowNo,
    sheetRow: row.sheetRow,
    cells: row.cells,
    request: row.request,
    outcome: row.outcome,
    duplicateOf: row.duplicateOf,
    duplicates: row.duplicates,
    transactionId: row.transactionId,
    candidates: row.profiles.map(candidateOf),
    bestKey: row.bestKey,
    reason: row.reason,
    error: row.error,
    decision: row.decision,
    chosenKey: row.chosenKey
  }
}
