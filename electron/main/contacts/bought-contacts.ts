import type { BoughtPerson } from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { PersonContactRow } from '../store'

/** A purchase the service is following right now (New sent or being sent, polling). */
export interface RunningPurchase {
  purchaseId: string
  requestId: string
  connectionId: string
  contactType: string
  keys: readonly string[]
  /** As of the last progress event (null: no answer for that key yet). */
  statuses: ReadonlyMap<string, string | null>
}

const TERMINAL = new Set(['Completed', 'Failed'])

/**
 * The Contacts list: the stored newest result per person and type, with the purchases running
 * now laid over it (a person being bought for the first time has no stored result yet), then
 * filtered. Newest first; running purchases first of all.
 */
export function boughtContacts(
  rows: readonly PersonContactRow[],
  running: readonly RunningPurchase[],
  deps: {
    savedNames: (keys: string[]) => Map<string, string>
    /** The service's words for a failed lookup (contacts-service's failureOf). */
    explain: (source: Record<string, unknown>) => string | null
  },
  filter: HandlerInput<'listBoughtContacts'>
): { people: BoughtPerson[]; total: number } {
  const people = new Map<string, BoughtPerson>()
  for (const row of rows) {
    let person = people.get(row.profileKey)
    if (person === undefined) {
      person = { key: row.profileKey, name: row.name ?? '', headline: row.headline, types: [], lastAt: row.fetchedAt }
      people.set(row.profileKey, person)
    }
    if (person.name === '' && row.name !== null) person.name = row.name
    if (person.headline === null) person.headline = row.headline
    if (person.lastAt === null || row.fetchedAt > person.lastAt) person.lastAt = row.fetchedAt
    person.types.push({
      contactType: row.contactType,
      status: row.status,
      fetchedAt: row.fetchedAt,
      failure:
        row.status === 'Failed' ? (deps.explain(row.failureSource ?? {}) ?? 'The service gave no reason.') : null,
      emails: row.emails,
      phones: row.phones,
      running: null
    })
  }
  const live = new Set<string>()
  for (const purchase of running) {
    for (const key of purchase.keys) {
      let person = people.get(key)
      if (person === undefined) {
        person = { key, name: '', headline: null, types: [], lastAt: null }
        people.set(key, person)
      }
      live.add(key)
      const status = purchase.statuses.get(key) ?? null
      const held = person.types.find((t) => t.contactType === purchase.contactType)
      const running = { purchaseId: purchase.purchaseId, requestId: purchase.requestId }
      if (held) Object.assign(held, { running, status: status ?? held.status })
      else
        person.types.push({
          contactType: purchase.contactType,
          status,
          fetchedAt: null,
          failure: null,
          emails: 0,
          phones: 0,
          running
        })
    }
  }
  const unnamed = [...people.values()].filter((p) => p.name === '').map((p) => p.key)
  const names = unnamed.length > 0 ? deps.savedNames(unnamed) : new Map<string, string>()
  for (const key of unnamed) people.get(key)!.name = names.get(key) ?? key
  for (const person of people.values()) person.types.sort((a, b) => a.contactType.localeCompare(b.contactType))

  const all = [...people.values()]
  const query = filter.query?.trim().toLocaleLowerCase() ?? ''
  const matches = (person: BoughtPerson) => {
    if (
      query !== '' &&
      !`${person.name}\u0000${person.key}\u0000${person.headline ?? ''}`.toLocaleLowerCase().includes(query)
    )
      return false
    const types = person.types.filter((t) => filter.contactType === undefined || t.contactType === filter.contactType)
    if (types.length === 0) return false
    if (filter.status === undefined) return true
    return types.some((t) =>
      filter.status === 'InProgress' ? t.running !== null || !TERMINAL.has(t.status ?? '') : t.status === filter.status
    )
  }
  const order = (a: BoughtPerson, b: BoughtPerson) =>
    Number(live.has(b.key)) - Number(live.has(a.key)) || (b.lastAt ?? '').localeCompare(a.lastAt ?? '')
  return { people: all.filter(matches).sort(order), total: all.length }
}
