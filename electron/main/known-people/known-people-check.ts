import type BetterSqlite3 from 'better-sqlite3'
import type { KnownBy, KnownMatch, KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import { readSalt } from '../personal-data/tombstones'
import { KnownPeopleRepo, type KnownHit } from './known-people-repo'
import { normalisedEmployer, normalisedName, traitHashes } from './person-keys'

const STRENGTH: Record<KnownBy, number> = { key: 0, email: 1, handle: 2, 'name-employer': 3 }

/**
 * Which of these people the lists of a connection (the shared ones and its own) know: one match
 * per person and list, by the strongest way. Hashes are looked up through their index (a hundred
 * search results cost a few hundred HMACs and one query), names and employers one indexed lookup
 * per person that has both; nothing is read whole.
 */
export function knownAmong(
  db: BetterSqlite3.Database,
  people: readonly KnownPersonToCheck[],
  connectionId: string | null
): KnownMatch[] {
  if (people.length === 0) return []
  const repo = new KnownPeopleRepo(db)
  const lists = new Map(repo.listsFor(connectionId).map((list) => [list.id, list]))
  if (lists.size === 0) return []
  const best = new Map<string, KnownMatch>()
  const keep = (index: number, hit: KnownHit, by: KnownBy) => {
    const list = lists.get(hit.list_id)
    if (list === undefined) return
    const at = `${index}:${hit.list_id}`
    const held = best.get(at)
    if (held !== undefined && STRENGTH[held.by] <= STRENGTH[by]) return
    best.set(at, { index, listId: list.id, listName: list.name, atsId: hit.ats_id, stage: hit.stage, by })
  }

  const salt = readSalt(db)
  if (salt !== null) {
    const whose = new Map<string, number[]>()
    people.forEach((person, index) => {
      for (const hash of traitHashes(salt, person).keys()) {
        const indexes = whose.get(hash)
        if (indexes === undefined) whose.set(hash, [index])
        else indexes.push(index)
      }
    })
    for (const hit of repo.byHashes([...whose.keys()])) {
      for (const index of whose.get(hit.hash) ?? []) keep(index, hit, hit.kind)
    }
  }

  const lookUp = repo.byNameAndEmployer()
  people.forEach((person, index) => {
    const name = normalisedName(person.name)
    const employer = normalisedEmployer(person.employer)
    if (name === '' || employer === '') return
    for (const hit of lookUp(name, employer)) keep(index, hit, 'name-employer')
  })
  return [...best.values()].sort((a, b) => a.index - b.index || a.listId - b.listId)
}
