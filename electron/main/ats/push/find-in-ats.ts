import type { AtsMatchedBy } from '../../../../shared/ipc/channels/ats-send'
import { allRecords, recordsByEmail } from './ats-records'
import { normalizeLink, normalizeWords, sameNameAndCompany } from './push-people'
import type { AtsRecord, AtsTarget, PushPerson } from './push-ports'

/** A person found already in the ATS, and how. */
export interface Found {
  record: AtsRecord
  by: AtsMatchedBy
}

/**
 * Who among these is already in the ATS: by email first (one search per email), then — for
 * those left — by profile link or by name and company, which neither API searches: one read of
 * the ATS's records (from `since` when given) compared here.
 */
export async function findInAts(
  target: AtsTarget,
  people: readonly PushPerson[],
  signal?: AbortSignal,
  since?: string
): Promise<Map<string, Found>> {
  const found = new Map<string, Found>()
  for (const person of people) {
    for (const email of person.emails) {
      signal?.throwIfAborted()
      const [record] = await recordsByEmail(target, email)
      if (record !== undefined) {
        found.set(person.personKey, { record, by: 'email' })
        break
      }
    }
  }
  // a recovery (since given) reads only what was made after its intent: the name alone is enough there
  const recovery = since !== undefined
  const left = people.filter(
    (p) =>
      !found.has(p.personKey) &&
      (p.links.length > 0 || ((recovery || p.company !== '') && normalizeWords(p.name) !== ''))
  )
  if (left.length === 0) return found
  const byLink = new Map<string, PushPerson>()
  for (const person of left) for (const link of person.links) byLink.set(normalizeLink(link), person)
  const byName = new Map<string, PushPerson[]>()
  for (const person of left) {
    for (const name of new Set([normalizeWords(person.name), normalizeWords(`${person.firstName} ${person.lastName}`)]))
      byName.set(name, [...(byName.get(name) ?? []), person])
  }
  for await (const record of allRecords(target, since, signal)) {
    for (const link of record.links) {
      const person = byLink.get(normalizeLink(link))
      if (person !== undefined && found.get(person.personKey)?.by !== 'link')
        found.set(person.personKey, { record, by: 'link' })
    }
    for (const person of byName.get(normalizeWords(record.name)) ?? []) {
      if (!found.has(person.personKey) && (recovery || sameNameAndCompany(person, record)))
        found.set(person.personKey, { record, by: 'name-company' })
    }
  }
  return found
}
