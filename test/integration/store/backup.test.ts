import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { StoreError, type Store } from '../../../electron/main/store'
import { shortlistsStore, type ShortlistsStore } from '../../../electron/main/shortlists/shortlists-store'
import { BACKUP_FORMAT, BackupService } from '../../../electron/main/export/backup'
import { makeProfile, profileJsonWithBigInt } from './fixtures/profiles'
import type { ManualClock } from './helpers'
import { openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: ShortlistsStore
let clock: ManualClock
beforeEach(() => {
  dir = tempDir('td-backup-')
  const opened = openTestStore(path.join(dir, 'a'))
  clock = opened.clock
  store = shortlistsStore(opened.store, clock)
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

/** Every row a backup is about, for "nothing changed" comparisons. */
function dump(target: Store): unknown {
  const db = target.database.db
  return ['shortlists', 'members', 'member_snapshots', 'stages'].map((table) =>
    db.prepare(`SELECT * FROM ${table} ORDER BY 1`).all()
  )
}

/** The same rows without the database's own row ids, which a restore is free to renumber. */
function content(target: Store): unknown {
  const db = target.database.db
  return [
    db.prepare('SELECT * FROM shortlists ORDER BY id').all(),
    db.prepare('SELECT name, position FROM stages ORDER BY position').all(),
    db
      .prepare(
        `SELECT shortlist_id, profile_key, profile_json, profile_captured_at, profile_source, name, title, company, skills,
         notes, tags, (SELECT name FROM stages WHERE id = stage_id) AS stage, rating, added_at, updated_at
         FROM members ORDER BY shortlist_id, profile_key`
      )
      .all(),
    db
      .prepare(
        `SELECT m.shortlist_id, m.profile_key, s.captured_at, s.source, s.profile_json
         FROM member_snapshots s JOIN members m ON m.id = s.member_id ORDER BY 1, 2, 3`
      )
      .all()
  ]
}

function populate(target: Store): void {
  target.stages.add('Phone screen')
  const backend = target.shortlists.create('Backend, Lisbon')
  target.members.add(backend.id, {
    profile: profileJsonWithBigInt(1),
    notes: 'Line one\r\nline "two", =cmd\ttab 😀 שלום',
    tags: ['rust', 'referral'],
    stage: 'Phone screen',
    rating: 5
  })
  const plain = target.members.add(backend.id, { profile: makeProfile(2), rating: null })
  clock.advanceDays(3)
  target.snapshots.addSnapshot(plain.id, { ...makeProfile(2), cur_title: 'CTO' })
  const nurses = target.shortlists.create('Nurses')
  target.members.addMany(
    nurses.id,
    Array.from({ length: 25 }, (_, i) => ({ profile: makeProfile(100 + i), stage: 'Contacted' }))
  )
  const old = target.shortlists.create('Deleted but restorable')
  target.members.add(old.id, { profile: makeProfile(500) })
  clock.advance(1000)
  target.shortlists.delete(old.id)
}

function codeAndReason(fn: () => unknown): [string, string] | undefined {
  try {
    fn()
  } catch (error) {
    if (!(error instanceof StoreError)) throw error
    return [error.code, (error.details as { reason: string }).reason]
  }
  return undefined
}

describe('BackupService', () => {
  it('round-trips every shortlist, member, snapshot and stage losslessly', async () => {
    populate(store)
    const file = path.join(dir, 'backup.json')
    const written = await new BackupService(store, clock).writeBackup(file)
    // Counted as the recruiter sees them; the deleted shortlist and its person apart.
    expect(written).toMatchObject({ shortlists: 2, members: 27, recentlyDeleted: { shortlists: 1, members: 1 } })
    expect(fs.readdirSync(dir).filter((name) => name.includes('.part-'))).toEqual([])

    const { store: fresh } = openTestStore(path.join(dir, 'b'), { clock })
    try {
      const summary = new BackupService(fresh, clock).restore(file)
      expect(summary.stagesAdded).toEqual(['Phone screen'])
      // The deleted shortlist comes back into Recently deleted; its person is counted there.
      expect(summary.shortlists.map((s) => [s.name, s.members, s.renamed, s.deleted]).sort()).toEqual([
        ['Backend, Lisbon', 2, false, false],
        ['Deleted but restorable', 0, false, true],
        ['Nurses', 25, false, false]
      ])
      expect(summary.recentlyDeleted).toEqual({ shortlists: 1, members: 1 })
      const again = path.join(dir, 'again.json')
      await new BackupService(fresh, clock).writeBackup(again)
      expect(fs.readFileSync(again, 'utf8')).toBe(fs.readFileSync(file, 'utf8'))
      expect(content(fresh)).toEqual(content(store))
      expect(fs.readFileSync(file, 'utf8')).toContain('9007199254740993')
    } finally {
      fresh.close()
    }
  })

  it('carries Recently deleted: a removed person comes back removed, with notes, and is counted apart', async () => {
    const list = store.shortlists.create('Backend')
    const [kept, removed] = store.members.addMany(list.id, [
      { profile: makeProfile(1) },
      { profile: makeProfile(2) }
    ]).added
    store.members.update(removed!, { notes: 'Not now; maybe in spring' })
    store.removedMembers.remove(removed!)
    const file = path.join(dir, 'removed.json')
    const written = await new BackupService(store, clock).writeBackup(file)
    expect(written).toMatchObject({ shortlists: 1, members: 1, recentlyDeleted: { shortlists: 0, members: 1 } })

    const { store: fresh } = openTestStore(path.join(dir, 'c'), { clock })
    try {
      const summary = new BackupService(fresh, clock).restore(file)
      expect(summary).toMatchObject({ members: 1, recentlyDeleted: { shortlists: 0, members: 1 } })
      const id = summary.shortlists[0]!.id
      expect(fresh.members.list(id).map((m) => m.profileKey)).toEqual([store.members.get(kept!).profileKey])
      expect(shortlistsStore(fresh, clock).removedMembers.listRemoved()).toMatchObject([
        { notes: 'Not now; maybe in spring', shortlistName: 'Backend' }
      ])
    } finally {
      fresh.close()
    }
  })

  it('never overwrites: restoring into a store that has the same shortlists adds renamed copies', async () => {
    populate(store)
    const file = path.join(dir, 'backup.json')
    await new BackupService(store, clock).writeBackup(file)
    const before = store.shortlists.list().map((s) => [s.id, s.name, s.memberCount])
    const summary = new BackupService(store, clock).restore(file)
    // the live ones come back as copies; the one in Recently deleted is that same shortlist
    const live = summary.shortlists.filter((s) => !s.deleted)
    expect(live.length).toBe(2)
    expect(live.every((s) => s.renamed && s.id !== s.originalId)).toBe(true)
    expect(summary.shortlists.find((s) => s.deleted)).toMatchObject({ renamed: false, name: 'Deleted but restorable' })
    expect(summary.stagesAdded).toEqual([])
    const after = store.shortlists.list().map((s) => [s.id, s.name, s.memberCount])
    for (const row of before) expect(after).toContainEqual(row)
    const backend = summary.shortlists.find((s) => s.name === 'Backend, Lisbon (restored)')
    expect(after).toContainEqual([backend?.id, 'Backend, Lisbon (restored)', 2])
  })

  it('brings back a shortlist that is only in Recently deleted, as itself: no "(restored)" copy, nothing lost', async () => {
    const list = store.shortlists.create('Backend, Lisbon')
    store.members.addMany(list.id, [{ profile: makeProfile(1), notes: 'Call in May' }, { profile: makeProfile(2) }])
    const file = path.join(dir, 'binned.json')
    await new BackupService(store, clock).writeBackup(file)
    // after the backup: one more person, then the shortlist goes to Recently deleted
    store.members.add(list.id, { profile: makeProfile(3) })
    store.shortlists.delete(list.id)

    const summary = new BackupService(store, clock).restore(file)
    expect(summary.shortlists).toEqual([
      { id: list.id, name: 'Backend, Lisbon', members: 3, originalId: list.id, renamed: false, deleted: false }
    ])
    expect(store.shortlists.list().map((s) => [s.id, s.name, s.memberCount])).toEqual([[list.id, 'Backend, Lisbon', 3]])
    expect(store.shortlists.listDeleted()).toEqual([])
    // the person added after the backup stays; the backed-up ones keep what the store has
    expect(
      store.members
        .list(list.id)
        .map((m) => [m.profileKey, m.notes])
        .sort()
    ).toEqual(
      [
        [makeProfile(1).key, 'Call in May'],
        [makeProfile(2).key, ''],
        [makeProfile(3).key, '']
      ].sort()
    )
  })

  it('checks the whole file first: a bad or foreign file changes nothing', async () => {
    populate(store)
    const good = path.join(dir, 'good.json')
    await new BackupService(store, clock).writeBackup(good)
    const text = fs.readFileSync(good, 'utf8')
    const backup = JSON.parse(text) as { shortlists: Array<{ members: Array<Record<string, unknown>> }> }
    const variants: Array<[string, string, string]> = [
      ['not json', 'garbage{{', 'not_json'],
      ['truncated', text.slice(0, Math.floor(text.length * 0.8)), 'not_json'],
      ['foreign json', JSON.stringify({ shortlists: [] }), 'foreign'],
      ['another format', JSON.stringify({ format: 'other-app/backup', version: 1 }), 'foreign'],
      ['newer version', JSON.stringify({ ...backup, version: 3 }), 'newer_version']
    ]
    const mutate = (change: (copy: typeof backup) => void): string => {
      const copy = JSON.parse(text) as typeof backup
      change(copy)
      return JSON.stringify(copy)
    }
    // Damage deep inside the last shortlist: a restore that wrote as it went would have added the first ones.
    variants.push([
      'wrong profile key',
      mutate((c) => void (c.shortlists[2]!.members[0]!.profileKey = 'someone-else')),
      'invalid'
    ])
    variants.push([
      'profile not JSON',
      mutate((c) => void (c.shortlists[2]!.members[0]!.profileJson = '{"key":')),
      'invalid'
    ])
    variants.push(['bad rating', mutate((c) => void (c.shortlists[2]!.members[0]!.rating = 11)), 'invalid'])
    variants.push([
      'duplicate member',
      mutate((c) => c.shortlists[1]!.members.push(c.shortlists[1]!.members[0]!)),
      'invalid'
    ])
    variants.push(['unknown field', mutate((c) => void (c.shortlists[2]!.members[0]!.apiKey = 'x')), 'invalid'])

    const before = dump(store)
    const service = new BackupService(store, clock)
    for (const [name, content, reason] of variants) {
      const file = path.join(dir, `${name.replace(/ /g, '-')}.json`)
      fs.writeFileSync(file, content)
      expect(
        codeAndReason(() => service.restore(file)),
        name
      ).toEqual(['backup_invalid', reason])
      expect(dump(store), name).toEqual(before)
    }
    expect(codeAndReason(() => service.restore(path.join(dir, 'missing.json')))).toEqual([
      'backup_invalid',
      'unreadable'
    ])
  })

  it('writes a file that declares its format and accepts a leading BOM', async () => {
    populate(store)
    const file = path.join(dir, 'bom.json')
    await new BackupService(store, clock).writeBackup(file)
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as {
      format: string
      version: number
      schemaVersion: number
    }
    expect(parsed).toMatchObject({ format: BACKUP_FORMAT, version: 2, schemaVersion: store.schemaVersion })
    fs.writeFileSync(file, `\uFEFF${fs.readFileSync(file, 'utf8')}`)
    expect(new BackupService(store, clock).readBackup(file).shortlists.size).toBe(3)
  })
})
