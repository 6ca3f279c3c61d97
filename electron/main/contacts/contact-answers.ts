import type { ContactQuote, ContactStatus } from '../../../shared/ipc/channels/contacts'
import type { TolerantRecord } from '../api/partner-client'
import { profileKeyOf, type Store } from '../store'

/** What the service's `count` object says, where it says it with whole numbers. */
export function countsOf(count: TolerantRecord | null): {
  available: number | null
  used: number | null
  newRequestedCount: number | null
} {
  const value =
    count?.value !== null && typeof count?.value === 'object' ? (count.value as Record<string, unknown>) : {}
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)
  return {
    available: int(value['available']),
    used: int(value['used']),
    newRequestedCount: int(value['newRequestedCount'])
  }
}

/** Records the results by key in `statuses`; returns the keys the answer had a result for. */
export function applyResults(statuses: Map<string, ContactStatus>, results: TolerantRecord[]): Set<string> {
  const seen = new Set<string>()
  for (const record of results) {
    const value = objectOf(record.value)
    const key = profileKeyOf(value)
    if (key === undefined) continue
    seen.add(key)
    const status = typeof value['status'] === 'string' ? value['status'] : null
    statuses.set(key, { key, status, result: record.value, issues: record.issues, failure: failureOf(value) })
  }
  return seen
}

/** The profile key a result is for, read without trusting its shape. */
export function resultKey(record: TolerantRecord): string | undefined {
  return profileKeyOf(objectOf(record.value))
}

/** Stores an answer's results and counts as received (the contacts repository keeps each request). */
export function saveAnswer(
  store: Store,
  results: TolerantRecord[],
  count: unknown,
  quote: Pick<ContactQuote, 'contactType' | 'connectionId'>,
  requestType: string
): void {
  const objects = results.flatMap((r) =>
    r.value !== null && typeof r.value === 'object' ? [r.value as Record<string, unknown>] : []
  )
  store.contacts.saveResponse(
    { results: objects, count: count as { available?: number } | null },
    { contactType: quote.contactType, requestType, connectionId: quote.connectionId }
  )
}

/** The service's own words for a failed lookup: execution_trace.error, exceptions, provider status. */
export function failureOf(result: Record<string, unknown>): string | null {
  const trace =
    result['execution_trace'] !== null && typeof result['execution_trace'] === 'object'
      ? (result['execution_trace'] as Record<string, unknown>)
      : {}
  const parts: string[] = []
  if (typeof trace['error'] === 'string') parts.push(trace['error'])
  const exceptions = [
    ...(Array.isArray(trace['exceptions']) ? trace['exceptions'] : []),
    ...(Array.isArray(result['exceptions']) ? (result['exceptions'] as unknown[]) : [])
  ]
  for (const exception of exceptions)
    if (typeof exception === 'string' && !parts.includes(exception)) parts.push(exception)
  const providers = Array.isArray(trace['provider_results']) ? trace['provider_results'] : []
  for (const provider of providers) {
    const status =
      provider !== null && typeof provider === 'object' ? (provider as Record<string, unknown>)['status'] : null
    const exception =
      status !== null && typeof status === 'object' ? (status as Record<string, unknown>)['exception'] : null
    if (typeof exception === 'string' && !parts.includes(exception)) parts.push(exception)
  }
  return parts.length === 0 ? null : parts.join(' — ')
}

function objectOf(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : {}
}
