import type { AtsMatchedBy } from '../../../../shared/ipc/channels/ats-send'
import { errorMessage } from '../../../../shared/error-message'
import { allRecords, recordsByEmail } from './ats-records'
import { normalizeLink, normalizeWords, sameNameAndCompany } from './push-people'
import type { AtsRecord, AtsTarget, PushPerson } from './push-ports'

/** A person found already in the ATS, and how. */
export interface Found {
  record: AtsRecord
  by: AtsMatchedBy
}

/** Who is there (by person key), and whom the ATS could not be asked about (why, in words). */
export interface Looked {
  found: Map<string, Found>
  failed: Map<string, string>
}

/**
 * Who among these is already in the ATS: by email first (one search per email: Harvest's and
 * Lever's `email` filters), then — for those left — by profile link or by name and company, which
 * neither API searches: one read of the ATS's records (from `since` when given) compared here.
 * One person's failed look is theirs alone (`failed`); a failed read fails only those it was for;
 * a cancel (the signal) still throws.
 */
export async function findInAts(
  target: AtsTarget,
  people: readonly PushPerson[],
  signal?: AbortSignal,
  since?: string
): Promise<Looked> {
  const found = new Map<string, Found>()
  const failed = new Map<string, string>()
  for (const person of people) {
    try {
      for (const email of person.emails) {
        signal?.throwIfAborted()
        const [record] = await recordsByEmail(target, email)
        if (record !== undefined) {
          found.set(person.personKey, { record, by: 'email' })
          break
        }
      }
    } catch (error) {
      if (signal?.aborted) throw error
      failed.set(person.personKey, errorMessage(error))
    }
  }
  // a recovery (since given) reads only what was made after its intent: the name alone is enough there
  const recovery = since !== undefined
  const left = people.filter(
    (p) =>
      !found.has(p.personKey) &&
      !failed.has(p.personKey) &&
      (p.links.length > 0 || ((recovery || p.company !== '') && normalizeWords(p.name) !== ''))
  )
  if (left.length === 0) return { found, failed }
  const byLink = new Map<string, PushPerson>()
  for (const person of left) for (const link of person.links) byLink.set(normalizeLink(link), person)
  const byName = new Map<string, PushPerson[]>()
  for (const person of left) {
    for (const name of new Set([normalizeWords(person.name), normalizeWords(`${person.firstName} ${person.lastName}`)]))
      byName.set(name, [...(byName.get(name) ?? []), person])
  }
  try {
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
  } catch (error) {
    if (signal?.aborted) throw error
    // the read stopped part way: those it was for and did not find could still be there
    const said = errorMessage(error)
    for (const person of left) if (!found.has(person.personKey)) failed.set(person.personKey, said)
  }
  return { found, failed }
}
