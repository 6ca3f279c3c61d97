import type BetterSqlite3 from 'better-sqlite3'
import {
  PULLED_LIST_SOURCE,
  SERVICE_LIST_NAME,
  type KnownBy,
  type KnownMatch,
  type KnownPersonToCheck
} from '../../../shared/ipc/channels/known-people'
import { withoutBidiControls } from '../../../shared/bidi'
import { readSalt } from '../personal-data/tombstones'
import { withHeldTraits } from './held-people'
import { KnownPeopleRepo, type KnownHit } from './known-people-repo'
import { normalisedEmployer, normalisedName, traitHashes } from './person-keys'
import { knownByTeam } from './team-share'

/** A colleague's list is named in a match by its id past this (the desk's own lists count from 1). */
export const TEAM_LIST_IDS = 1_000_000_000

const STRENGTH: Record<KnownBy, number> = { key: 0, email: 1, handle: 2, 'name-employer': 3, service: 4 }

/** Text from a file or the service as it is shown: no bidirectional control (shared/bidi.ts), or null. */
const shown = (text: string | null): string | null => {
  const plain = text === null ? '' : withoutBidiControls(text).trim()
  return plain === '' ? null : plain
}

/**
 * THE answer to "is this person already in your ATS, and how", for every mark, quote, bulk match
 * and export (all of them reach it through the port `knownPeople`): each person is first given
 * what the app holds of them by key (held-people.ts: their saved profile's emails, handles, name,
 * employer and `ats_data`, their bought contacts), then matched against the recruiter's lists of
 * the connection (key, emails, handles, name and employer) and against the service's own ATS match
 * (`ats_data.is_matched`). One line per person and list, by the strongest way, and one line when
 * the service says so (`by: 'service'`, no list).
 */
export function knownAmong(
  db: BetterSqlite3.Database,
  asked: readonly KnownPersonToCheck[],
  connectionId: string | null
): KnownMatch[] {
  if (asked.length === 0) return []
  const people = withHeldTraits(db, asked)
  const byService: KnownMatch[] = []
  people.forEach((person, index) => {
    const ats = person.atsData
    if (ats?.is_matched !== true) return
    byService.push({
      index,
      listId: null,
      listName: SERVICE_LIST_NAME,
      atsId: shown(ats.candidate_id ?? null),
      stage: shown(ats.current_stage ?? null),
      by: 'service',
      recruiter: shown(ats.recruiter ?? null)
    })
  })
  const fromLists = knownByLists(db, people, connectionId)
  const kept = atsWins(db, connectionId, fromLists, byService)
  return [...fromLists, ...knownByTeamLists(db, people), ...kept].sort(
    (a, b) => a.index - b.index || (a.listId ?? Infinity) - (b.listId ?? Infinity)
  )
}

/**
 * The service's ATS match against the ATS itself (issue #39): where a list pulled from the
 * connection's ATS knows the person, its line answers and the service's line goes; when the
 * service named another candidate id or stage, the ATS wins and the line keeps what the service
 * said (`serviceSaid`) so the mark says they disagree. Answers the service's lines that stay.
 */
function atsWins(
  db: BetterSqlite3.Database,
  connectionId: string | null,
  fromLists: KnownMatch[],
  byService: KnownMatch[]
): KnownMatch[] {
  if (byService.length === 0) return byService
  const pulled = new Set(
    new KnownPeopleRepo(db)
      .listsFor(connectionId)
      .filter((list) => list.source.startsWith(PULLED_LIST_SOURCE))
      .map((list) => list.id)
  )
  if (pulled.size === 0) return byService
  return byService.filter((service) => {
    const lines = fromLists.filter((line) => line.index === service.index && pulled.has(line.listId ?? 0))
    for (const line of lines) {
      const otherId = service.atsId !== null && service.atsId !== line.atsId
      const otherStage = service.stage !== null && service.stage !== line.stage
      if (otherId || otherStage) line.serviceSaid = { atsId: service.atsId, stage: service.stage }
    }
    return lines.length === 0
  })
}

/**
 * Which of these people the lists of a connection (the shared ones and its own) know: one match
 * per person and list, by the strongest way. Hashes are looked up through their index (a hundred
 * search results cost a few hundred HMACs and one query), names and employers one indexed lookup
 * per person that has both; nothing is read whole.
 */
function knownByLists(
  db: BetterSqlite3.Database,
  people: readonly KnownPersonToCheck[],
  connectionId: string | null
): KnownMatch[] {
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
    best.set(at, {
      index,
      listId: list.id,
      listName: shown(list.name) ?? '',
      atsId: shown(hit.ats_id),
      stage: shown(hit.stage),
      by
    })
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
  return [...best.values()]
}

/** Which of these people the team's lists know (a colleague's import, issue #38): one match per person and list. */
function knownByTeamLists(db: BetterSqlite3.Database, people: readonly KnownPersonToCheck[]): KnownMatch[] {
  const traits = people.map((person) => ({
    key: person.key,
    emails: person.emails,
    handles: person.handles,
    name: normalisedName(person.name),
    employer: normalisedEmployer(person.employer)
  }))
  const best = new Map<string, KnownMatch>()
  for (const hit of knownByTeam(db, traits)) {
    const at = `${hit.index}:${hit.id}`
    const held = best.get(at)
    if (held !== undefined && STRENGTH[held.by] <= STRENGTH[hit.kind]) continue
    best.set(at, {
      index: hit.index,
      listId: TEAM_LIST_IDS + hit.id,
      listName: `${shown(hit.name) ?? ''} (${shown(hit.author) ?? ''})`,
      atsId: null,
      stage: null,
      by: hit.kind
    })
  }
  return [...best.values()]
}
