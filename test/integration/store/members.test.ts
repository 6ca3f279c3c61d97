import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StoreError } from '../../../electron/main/store'
import { SEARCH_CANDIDATES } from '../../../electron/main/shortlists/member-search'
import { shortlistsStore, type ShortlistsStore } from '../../../electron/main/shortlists/shortlists-store'
import { makeProfile, profileJsonWithBigInt } from './fixtures/profiles'
import type { ManualClock } from './helpers'
import { codeOf, openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: ShortlistsStore
let clock: ManualClock
beforeEach(() => {
  dir = tempDir()
  const opened = openTestStore(dir)
  clock = opened.clock
  store = shortlistsStore(opened.store, clock)
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

describe('MembersRepo', () => {
  it('saves the profile JSON verbatim, with undeclared properties and int64 ids intact', () => {
    const list = store.shortlists.create('Verbatim')
    const json = profileJsonWithBigInt(3)
    const member = store.members.add(list.id, {
      profile: json,
      notes: 'Met at RustConf',
      tags: ['rust', 'remote'],
      rating: 4
    })
    expect(member.profileJson).toBe(json)
    expect(member.profileJson).toContain('"id":9007199254740993')
    expect(member.profileJson).toContain('"ratio":1.50')
    expect(member.profile.x_partner_extension).toEqual({ undeclared: true, index: 3 })
    expect(member).toMatchObject({
      profileKey: 'p-7-3',
      stage: 'New',
      rating: 4,
      tags: ['rust', 'remote'],
      notes: 'Met at RustConf',
      profileSource: 'saved',
      profileCapturedAt: clock.now().toISOString()
    })
    expect(member.name).toBe(String(makeProfile(3, 7).full_name))
  })

  it('keeps a profile that does not match the shared schema, and says which fields do not', () => {
    const list = store.shortlists.create('Tolerant')
    const odd = { ...makeProfile(5), grad_year: 'twenty-twenty', skills: ['Rust', 42] }
    const member = store.members.add(list.id, { profile: odd })
    expect(member.profile).toEqual(odd)
    expect(member.profileIssues.map((issue) => issue.path).sort()).toEqual(['grad_year', 'skills.1'])
    expect(member.skills).toBe('Rust')
    expect(store.members.add(list.id, { profile: makeProfile(6) }).profileIssues).toEqual([])
  })

  it('allows one member per profile key per shortlist, the same profile in two shortlists', () => {
    const a = store.shortlists.create('A')
    const b = store.shortlists.create('B')
    const first = store.members.add(a.id, { profile: makeProfile(1) })
    let error: unknown
    try {
      store.members.add(a.id, { profile: makeProfile(1), notes: 'second try' })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(StoreError)
    expect((error as StoreError).code).toBe('duplicate_member')
    expect((error as StoreError).details).toEqual({ profileKey: 'p-1-1', memberId: first.id })
    expect(store.members.get(first.id).notes).toBe('')
    store.members.add(b.id, { profile: makeProfile(1) })
    expect(
      store.members
        .shortlistsOf('p-1-1')
        .map((s) => s.shortlistId)
        .sort()
    ).toEqual([a.id, b.id].sort())

    const result = store.members.addMany(
      a.id,
      [0, 1, 2].map((i) => ({ profile: makeProfile(i) }))
    )
    expect(result.added).toHaveLength(2)
    expect(result.skipped).toEqual(['p-1-1'])
    expect(store.shortlists.get(a.id).memberCount).toBe(3)
  })

  it('reads a shortlist a page at a time, after the last person read: no one repeated or skipped when others come and go', () => {
    const list = store.shortlists.create('Paged')
    const ids = Array.from({ length: 7 }, (_, i) => {
      clock.advance(1_000)
      return store.members.add(list.id, { profile: makeProfile(i, 1) }).id
    })
    store.removedMembers.remove(ids[1]!)
    const page = (after: { addedAt: string; id: number } | undefined, limit: number) =>
      store.members.list(list.id, { after, limit })
    const first = page(undefined, 3)
    expect(first.map((m) => m.id)).toEqual([ids[0], ids[2], ids[3]])
    // meanwhile: the removed one comes back (before the page boundary) and one after it goes
    store.removedMembers.restore(ids[1]!)
    store.removedMembers.remove(ids[5]!)
    const last = first.at(-1)!
    expect(page({ addedAt: last.addedAt, id: last.id }, 3).map((m) => m.id)).toEqual([ids[4], ids[6]])
    // added at the same instant: one page each, in the order of their ids
    const twins = [8, 9].map((i) => store.members.add(list.id, { profile: makeProfile(i, 1) }).id)
    const after6 = store.members.get(ids[6]!)
    const one = page({ addedAt: after6.addedAt, id: after6.id }, 1)
    expect(one.map((m) => m.id)).toEqual([twins[0]])
    expect(page({ addedAt: one[0]!.addedAt, id: one[0]!.id }, 1).map((m) => m.id)).toEqual([twins[1]])
  })

  it('refuses bad input without writing anything', () => {
    const list = store.shortlists.create('L')
    expect(codeOf(() => store.members.add(list.id, { profile: { full_name: 'No Key' } }))).toBe('profile_without_key')
    expect(codeOf(() => store.members.add(list.id, { profile: '[1,2]' }))).toBe('invalid_input')
    expect(codeOf(() => store.members.add(list.id, { profile: '{"key": ' }))).toBe('invalid_input')
    expect(codeOf(() => store.members.add(list.id, { profile: makeProfile(1), rating: 9 }))).toBe('invalid_input')
    expect(codeOf(() => store.members.add(list.id, { profile: makeProfile(1), stage: 'Nope' }))).toBe('invalid_input')
    expect(codeOf(() => store.members.add('missing', { profile: makeProfile(1) }))).toBe('not_found')
    expect(store.members.list(list.id)).toEqual([])
  })

  it('saves the rest of a batch when one profile cannot be saved, and names that one', () => {
    const list = store.shortlists.create('L')
    const result = store.members.addMany(list.id, [
      { profile: makeProfile(1) },
      { profile: { full_name: 'No Key' } },
      { profile: makeProfile(2) }
    ])
    expect(result.added).toHaveLength(2)
    expect(result.rejected).toEqual([
      { index: 1, name: 'No Key', reason: 'The profile has no key (nor li_id), so it cannot be saved.' }
    ])
    expect(store.members.list(list.id)).toHaveLength(2)
  })

  it('updates notes, tags, stage and rating; removes members', () => {
    const list = store.shortlists.create('L')
    const member = store.members.add(list.id, { profile: makeProfile(1) })
    clock.advance(60_000)
    const updated = store.members.update(member.id, {
      notes: 'Call on Monday',
      tags: ['warm'],
      stage: 'interviewing',
      rating: 5
    })
    expect(updated).toMatchObject({ notes: 'Call on Monday', tags: ['warm'], stage: 'Interviewing', rating: 5 })
    expect(updated.updatedAt).toBe(clock.now().toISOString())
    expect(store.members.update(member.id, { rating: null }).rating).toBeNull()
    expect(store.members.list(list.id, { stage: 'Interviewing' }).map((m) => m.id)).toEqual([member.id])
    expect(store.members.list(list.id, { stage: 'New' })).toEqual([])
    store.removedMembers.remove(member.id)
    expect(store.members.list(list.id)).toEqual([])
    expect(codeOf(() => store.removedMembers.remove(member.id))).toBe('not_found')
  })

  it('keeps refreshed snapshots with their dates, oldest first', () => {
    const list = store.shortlists.create('L')
    const other = store.shortlists.create('Other')
    const saved = store.members.add(list.id, { profile: makeProfile(1) })
    store.members.add(other.id, { profile: makeProfile(1) })
    const savedAt = clock.now().toISOString()
    clock.advanceDays(10)
    const refreshed = { ...makeProfile(1), cur_title: 'Principal Engineer', cur_company: 'Newco' }
    const applied = store.snapshots.applyRefreshedProfile(refreshed)
    expect(applied).toHaveLength(2)
    expect(applied[0]?.changes).toEqual([
      { field: 'company', from: makeProfile(1).cur_company, to: 'Newco', kind: 'changed' },
      { field: 'title', from: makeProfile(1).cur_title, to: 'Principal Engineer', kind: 'changed' },
      // the title's words say a new level too
      { field: 'seniority', from: 'Mid', to: 'Principal', kind: 'changed' }
    ])
    const after = store.members.get(saved.id)
    expect(after.refreshChanges).toEqual(applied[0]?.changes)
    expect(store.members.list(list.id)[0]?.refreshChanges).toEqual(applied[0]?.changes)
    expect(after).toMatchObject({ title: 'Principal Engineer', company: 'Newco', profileSource: 'refreshed' })
    expect(after.profileCapturedAt).toBe(clock.now().toISOString())
    const snapshots = store.snapshots.snapshots(saved.id)
    expect(snapshots.map((s) => [s.capturedAt, s.source, s.current])).toEqual([
      [savedAt, 'saved', false],
      [clock.now().toISOString(), 'refreshed', true]
    ])
    expect(JSON.parse(snapshots[0]?.profileJson ?? '{}').cur_title).toBe(makeProfile(1).cur_title)
    expect(store.memberSearch.search('Principal').map((hit) => hit.id)).toContain(saved.id)
    expect(codeOf(() => store.snapshots.addSnapshot(saved.id, makeProfile(2)))).toBe('invalid_input')
    // A refresh that finds the same person clears the signal; a restored snapshot never sets one.
    clock.advanceDays(1)
    expect(store.snapshots.applyRefreshedProfile(refreshed)[0]?.changes).toEqual([])
    expect(store.snapshots.addSnapshot(saved.id, makeProfile(1), { source: 'restored' }).refreshChanges).toEqual([])
  })

  it('reads everything back after the store is closed and reopened (no network involved)', () => {
    const list = store.shortlists.create('Offline')
    store.members.addMany(
      list.id,
      [0, 1, 2].map((i) => ({ profile: makeProfile(i), notes: `n${i}` }))
    )
    store.close()
    store = shortlistsStore(openTestStore(dir, { clock }).store, clock)
    expect(store.members.list(list.id).map((m) => m.notes)).toEqual(['n0', 'n1', 'n2'])
    expect(store.memberSearch.search('n1', { shortlistId: list.id })).toHaveLength(1)
  })
})

describe('full-text search', () => {
  function seed(): { a: string; b: string } {
    const a = store.shortlists.create('Backend')
    const b = store.shortlists.create('Data')
    store.members.add(a.id, {
      profile: {
        key: 'k1',
        full_name: 'José Álvarez',
        cur_title: 'Staff Engineer',
        cur_company: 'Acme',
        skills: ['Rust', 'Kubernetes']
      },
      notes: 'Prefers remote work'
    })
    store.members.add(a.id, {
      profile: { key: 'k2', full_name: 'Mei Tanaka', cur_title: 'SRE', cur_company: 'Globex', skills: ['Go'] },
      tags: ['referral']
    })
    store.members.add(b.id, {
      profile: {
        key: 'k3',
        full_name: 'Olu Okafor',
        cur_title: 'Data Scientist',
        cur_company: 'Acme',
        skills: ['Python', 'Rust']
      }
    })
    return { a: a.id, b: b.id }
  }
  const keys = (hits: Array<{ profileKey: string }>): string[] => hits.map((h) => h.profileKey).sort()

  it('searches name, title, company, skills, notes and tags within and across shortlists', () => {
    const { a, b } = seed()
    expect(keys(store.memberSearch.search('rust'))).toEqual(['k1', 'k3'])
    expect(keys(store.memberSearch.search('rust', { shortlistId: b }))).toEqual(['k3'])
    expect(keys(store.memberSearch.search('acme staff'))).toEqual(['k1'])
    expect(keys(store.memberSearch.search('remote'))).toEqual(['k1'])
    expect(keys(store.memberSearch.search('referral'))).toEqual(['k2'])
    expect(keys(store.memberSearch.search('globex', { shortlistId: a }))).toEqual(['k2'])
    expect(
      store.memberSearch
        .search('acme')
        .map((hit) => hit.shortlistName)
        .sort()
    ).toEqual(['Backend', 'Data'])
  })

  it('ignores accents, matches the last word as a prefix, and treats operators as text', () => {
    seed()
    expect(keys(store.memberSearch.search('jose alvarez'))).toEqual(['k1'])
    expect(keys(store.memberSearch.search('Kube'))).toEqual(['k1'])
    expect(keys(store.memberSearch.search('tanaka OR'))).toEqual([])
    expect(store.memberSearch.search('"unbalanced (quote* NEAR/3 -x')).toEqual([])
    expect(store.memberSearch.search('   ')).toEqual([])
    expect(store.memberSearch.search('*')).toEqual([])
  })

  it('ranks only the newest matches of a very common word, and all of them when filters leave too few', () => {
    const old = store.shortlists.create('Old')
    const recent = store.shortlists.create('Recent')
    const engineer = (i: number) => ({
      profile: { key: `e${i}`, full_name: `Person ${i}`, cur_title: 'Engineer', skills: i === 0 ? ['Zig'] : ['Go'] }
    })
    store.members.addMany(old.id, [engineer(0)])
    store.members.addMany(
      recent.id,
      Array.from({ length: SEARCH_CANDIDATES + 50 }, (_, i) => engineer(i + 1))
    )
    // 'engineer' matches more people than are ranked: the hits come from the newest ones
    const hits = store.memberSearch.search('engineer', { limit: 200 })
    expect(hits).toHaveLength(200)
    expect(hits.every((hit) => hit.shortlistName === 'Recent')).toBe(true)
    // within the old shortlist the newest candidates are all filtered out: everything is ranked
    expect(keys(store.memberSearch.search('engineer', { shortlistId: old.id }))).toEqual(['e0'])
    // a rarer word is ranked whole, however old
    expect(keys(store.memberSearch.search('zig'))).toEqual(['e0'])
    // asking for more than the candidates hold ranks everyone, as before (all 1,051 here)
    expect(store.memberSearch.search('engineer', { limit: 10_000 })).toHaveLength(SEARCH_CANDIDATES + 51)
  })

  it('follows edits, removals and deleted shortlists', () => {
    const { a } = seed()
    const k2 = store.members.findByKey(a, 'k2')
    if (k2 === undefined) throw new Error('seed missing')
    store.members.update(k2.id, { notes: 'Speaks Japanese' })
    expect(keys(store.memberSearch.search('japanese'))).toEqual(['k2'])
    store.removedMembers.remove(k2.id)
    expect(store.memberSearch.search('japanese')).toEqual([])
    store.shortlists.delete(a)
    expect(keys(store.memberSearch.search('rust'))).toEqual(['k3'])
    store.shortlists.undoDelete(a)
    expect(keys(store.memberSearch.search('rust'))).toEqual(['k1', 'k3'])
    // FTS5's own check that the index matches the members table.
    expect(() =>
      store.database.db.prepare("INSERT INTO members_fts (members_fts) VALUES ('integrity-check')").run()
    ).not.toThrow()
  })
})

describe('Recently deleted', () => {
  it('keeps a removed person with notes, tags, stage and rating, out of lists, counts, search and export', () => {
    const list = store.shortlists.create('Backend')
    const ana = store.members.add(list.id, {
      profile: { key: 'ana', full_name: 'Ana Removed', skills: ['Elixir'] },
      notes: 'Months of notes',
      tags: ['warm'],
      stage: 'Interviewing',
      rating: 5
    })
    store.members.add(list.id, { profile: { key: 'ben', full_name: 'Ben Stays' } })
    clock.advance(60_000)
    store.removedMembers.remove(ana.id)

    expect(store.members.list(list.id).map((m) => m.profileKey)).toEqual(['ben'])
    expect(store.shortlists.get(list.id).memberCount).toBe(1)
    expect(store.memberRecords.count({ shortlistId: list.id })).toBe(1)
    expect(store.memberSearch.search('elixir')).toEqual([])
    expect([...store.memberRecords.records({ shortlistId: list.id })].map((r) => r.profileKey)).toEqual(['ben'])
    expect(store.members.shortlistsOf('ana')).toEqual([])
    expect(store.removedMembers.listRemoved()).toMatchObject([
      {
        id: ana.id,
        name: 'Ana Removed',
        shortlistName: 'Backend',
        shortlistDeleted: false,
        removedAt: clock.now().toISOString()
      }
    ])

    const back = store.removedMembers.restore(ana.id)
    expect(back).toMatchObject({ notes: 'Months of notes', tags: ['warm'], stage: 'Interviewing', rating: 5 })
    expect(store.members.list(list.id)).toHaveLength(2)
    expect(store.memberSearch.search('elixir').map((hit) => hit.id)).toEqual([ana.id])
    expect(store.removedMembers.listRemoved()).toEqual([])
  })

  it('restores a person whose shortlist was deleted too, bringing the shortlist back', () => {
    const list = store.shortlists.create('Gone')
    const ana = store.members.add(list.id, { profile: { key: 'ana', full_name: 'Ana' }, notes: 'keep' })
    store.removedMembers.remove(ana.id)
    store.shortlists.delete(list.id)
    expect(store.removedMembers.listRemoved()[0]).toMatchObject({ shortlistDeleted: true })
    store.removedMembers.restore(ana.id)
    expect(store.shortlists.get(list.id).deletedAt).toBeNull()
    expect(store.members.list(list.id).map((m) => m.notes)).toEqual(['keep'])
  })

  it('adding someone who is in Recently deleted brings them back with their notes', () => {
    const list = store.shortlists.create('L')
    const ana = store.members.add(list.id, { profile: { key: 'ana', full_name: 'Ana' }, notes: 'first call went well' })
    store.removedMembers.remove(ana.id)
    const result = store.members.addMany(list.id, [{ profile: { key: 'ana', full_name: 'Ana' } }])
    expect(result.added).toEqual([ana.id])
    expect(store.members.get(ana.id).notes).toBe('first call went well')
  })

  it('deletes for good after 30 days, or one at a time, or all at once on request', () => {
    const list = store.shortlists.create('L')
    const [a, b, c] = store.members.addMany(list.id, [
      { profile: makeProfile(1) },
      { profile: makeProfile(2) },
      { profile: makeProfile(3) }
    ]).added
    store.removedMembers.remove(a!)
    clock.advanceDays(10)
    store.removedMembers.remove(b!)
    store.removedMembers.remove(c!)
    clock.advanceDays(21)
    expect(store.removedMembers.purgeRemoved(30)).toBe(1)
    expect(
      store.removedMembers
        .listRemoved()
        .map((m) => m.id)
        .sort()
    ).toEqual([b, c].sort())
    expect(codeOf(() => store.removedMembers.purge(a!))).toBe('not_found')
    store.removedMembers.purge(b!)
    expect(codeOf(() => store.removedMembers.purge(list.id as unknown as number))).toBe('not_found')
    expect(store.removedMembers.emptyRemoved()).toBe(1)
    expect(store.removedMembers.listRemoved()).toEqual([])
  })
})
