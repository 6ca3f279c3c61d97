import { INCREMENTAL_MARGIN_MS } from '../../../../shared/ipc/channels/ats-pull'
import type { AtsMatchedBy } from '../../../../shared/ipc/channels/ats-send'
import type { KnownMatch, KnownPersonToCheck } from '../../../../shared/ipc/channels/known-people'
import { errorMessage } from '../../../../shared/error-message'
import { allRecords, HARVEST_IDS_PER_READ, recordsByEmail, recordsByIds } from './ats-records'
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
  /** When the list the links and names were matched against was pulled; null when every record was read. */
  pulledAt?: string | null
}

/**
 * The connection's ready pulled list ("Known people, live": ats/pull keeps it current), as the
 * port knownPeople answers from it: `check` is the port's, its lines of other lists are passed over.
 */
export interface PulledList {
  listId: number
  pulledAt: string
  check(people: readonly KnownPersonToCheck[]): KnownMatch[]
}

const LIST_BY: Partial<Record<KnownMatch['by'], AtsMatchedBy>> = {
  handle: 'link',
  'name-employer': 'name-company',
  email: 'email'
}

/**
 * Who among these is already in the ATS: by email first (one search per email: Harvest's and
 * Lever's `email` filters), then — for those left — by profile link or by name and company, which
 * neither API searches. With the connection's pulled `list` (not in a recovery), that is the
 * list's answer, the same the "In your ATS" marks give: the records changed since its pull (less
 * the incremental pull's margin) are read and compared here, and the record the list names for a
 * person is confirmed by reading it by its id (Harvest 50 ids a read; gone from the ATS: not found). Without a list,
 * one read of all the ATS's records (from `since` when given) compared here.
 * One person's failed look is theirs alone (`failed`); a failed read fails only those it was for;
 * a cancel (the signal) still throws.
 */
export async function findInAts(
  target: AtsTarget,
  people: readonly PushPerson[],
  signal?: AbortSignal,
  since?: string,
  list?: PulledList | null
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
  const fromList = list !== undefined && list !== null && !recovery ? list : null
  const pulledAt = fromList?.pulledAt ?? null
  if (left.length === 0) return { found, failed, pulledAt }
  if (fromList === null) {
    await readAndCompare(target, left, found, failed, { since, recovery, changed: false }, signal)
    return { found, failed, pulledAt }
  }
  const changedSince = new Date(Date.parse(fromList.pulledAt) - INCREMENTAL_MARGIN_MS).toISOString()
  const readFailed = new Map<string, string>()
  // the records changed since the pull, compared as they are now: the list's lines naming one of them are past
  const changed = new Set<string>()
  await readAndCompare(
    target,
    left,
    found,
    readFailed,
    { since: changedSince, recovery, changed: true, seen: changed },
    signal
  )
  // the list's lines for those the changes did not show
  const notYet = left.filter((p) => !found.has(p.personKey))
  const lines = fromList.check(
    notYet.map((p) => ({
      emails: p.emails.slice(0, 50),
      handles: p.handles.slice(0, 50),
      name: p.name.slice(0, 300),
      employer: p.company.slice(0, 300)
    }))
  )
  const listed = new Map<string, { atsId: string; by: AtsMatchedBy }>()
  for (const line of lines) {
    const person = notYet[line.index]
    const by = LIST_BY[line.by]
    if (person === undefined || by === undefined || line.listId !== fromList.listId || line.atsId === null) continue
    if (changed.has(line.atsId)) continue
    listed.set(person.personKey, { atsId: line.atsId, by })
  }
  // each named record confirmed by reading it by its id, a part at a time (a failed part fails its people alone)
  const named = notYet.filter((p) => listed.has(p.personKey))
  for (let at = 0; at < named.length; at += HARVEST_IDS_PER_READ) {
    const part = named.slice(at, at + HARVEST_IDS_PER_READ)
    signal?.throwIfAborted()
    try {
      const there = await recordsByIds(
        target,
        part.map((p) => (listed.get(p.personKey) as { atsId: string }).atsId)
      )
      for (const person of part) {
        const line = listed.get(person.personKey) as { atsId: string; by: AtsMatchedBy }
        const record = there.get(line.atsId)
        if (record !== undefined) found.set(person.personKey, { record, by: matchedBy(person, record, line.by) })
      }
    } catch (error) {
      if (signal?.aborted) throw error
      for (const person of part) failed.set(person.personKey, errorMessage(error))
    }
  }
  // not on the list (or gone from the ATS): a failed read of the changes leaves them unknown
  for (const person of notYet) {
    const said = readFailed.get(person.personKey)
    if (said !== undefined && !found.has(person.personKey) && !failed.has(person.personKey))
      failed.set(person.personKey, said)
  }
  return { found, failed, pulledAt }
}

/** How a record the list named is this person, read on the record itself (the list's way when it does not show). */
function matchedBy(person: PushPerson, record: AtsRecord, listed: AtsMatchedBy): AtsMatchedBy {
  const links = new Set(person.links.map(normalizeLink))
  if (record.links.some((link) => links.has(normalizeLink(link)))) return 'link'
  if (sameNameAndCompany(person, record)) return 'name-company'
  return listed
}

/**
 * The ATS's records (from `since` when given: created, or with `changed` changed, since) compared
 * with these people by profile link and by name and company (by name alone in a recovery).
 */
async function readAndCompare(
  target: AtsTarget,
  left: readonly PushPerson[],
  found: Map<string, Found>,
  failed: Map<string, string>,
  read: { since: string | undefined; recovery: boolean; changed: boolean; seen?: Set<string> },
  signal?: AbortSignal
): Promise<void> {
  const { since, recovery, changed } = read
  const byLink = new Map<string, PushPerson>()
  for (const person of left) for (const link of person.links) byLink.set(normalizeLink(link), person)
  const byName = new Map<string, PushPerson[]>()
  for (const person of left) {
    for (const name of new Set([normalizeWords(person.name), normalizeWords(`${person.firstName} ${person.lastName}`)]))
      byName.set(name, [...(byName.get(name) ?? []), person])
  }
  try {
    for await (const record of allRecords(target, since, signal, changed)) {
      read.seen?.add(record.id)
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
}
