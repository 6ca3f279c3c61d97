import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import { makeProfile } from './fixtures/profiles'
import type { ManualClock } from './helpers'
import { codeOf, openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: Store
let clock: ManualClock
beforeEach(() => {
  dir = tempDir()
  ;({ store, clock } = openTestStore(dir))
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

describe('ShortlistsRepo', () => {
  it('creates, renames and lists shortlists with member counts, newest change first', () => {
    const a = store.shortlists.create('  Rust backend  ')
    clock.advance(1000)
    const b = store.shortlists.create('Nurses, Lisbon')
    store.members.addMany(
      a.id,
      [0, 1, 2].map((i) => ({ profile: makeProfile(i) }))
    )
    clock.advance(1000)
    expect(a.name).toBe('Rust backend')
    const renamed = store.shortlists.rename(b.id, 'Nurses – Porto')
    expect(renamed.name).toBe('Nurses – Porto')
    expect(store.shortlists.list().map((s) => [s.name, s.memberCount])).toEqual([
      ['Nurses – Porto', 0],
      ['Rust backend', 3]
    ])
    expect(codeOf(() => store.shortlists.create('   '))).toBe('invalid_input')
    expect(codeOf(() => store.shortlists.rename('nope', 'x'))).toBe('not_found')
  })

  it('deletes softly, undoes the delete with members intact, and purges only old deletions', () => {
    const keep = store.shortlists.create('Keep')
    const gone = store.shortlists.create('Gone')
    store.members.addMany(
      gone.id,
      [0, 1].map((i) => ({ profile: makeProfile(i), notes: 'remember me' }))
    )

    const deleted = store.shortlists.delete(gone.id)
    expect(deleted.deletedAt).toBe(clock.now().toISOString())
    expect(store.shortlists.list().map((s) => s.id)).toEqual([keep.id])
    expect(store.shortlists.listDeleted().map((s) => [s.id, s.memberCount])).toEqual([[gone.id, 2]])
    expect(codeOf(() => store.members.list(gone.id))).toBe('not_found')
    expect(codeOf(() => store.shortlists.delete(gone.id))).toBe('not_found')

    const back = store.shortlists.undoDelete(gone.id)
    expect(back.deletedAt).toBeNull()
    expect(store.members.list(gone.id).map((m) => m.notes)).toEqual(['remember me', 'remember me'])
    expect(codeOf(() => store.shortlists.undoDelete(gone.id))).toBe('not_found')

    store.shortlists.delete(gone.id)
    clock.advanceDays(29)
    expect(store.shortlists.purgeDeleted(30)).toBe(0)
    clock.advanceDays(2)
    expect(store.shortlists.purgeDeleted(30)).toBe(1)
    expect(store.shortlists.listDeleted()).toEqual([])
    expect(store.database.db.prepare('SELECT count(*) AS n FROM members').get()).toEqual({ n: 0 })
    expect(store.shortlists.list().map((s) => s.id)).toEqual([keep.id])
  })

  it('purges long-deleted shortlists when the store opens', () => {
    const list = store.shortlists.create('Old')
    store.shortlists.delete(list.id)
    store.close()
    clock.advanceDays(31)
    ;({ store } = openTestStore(dir, { clock }))
    expect(store.shortlists.listDeleted()).toEqual([])
  })
})

describe('StagesRepo', () => {
  it('starts with the default stages and lets the list be edited', () => {
    expect(store.stages.list().map((s) => s.name)).toEqual([
      'New',
      'Contacted',
      'Interviewing',
      'Offer',
      'Hired',
      'Rejected'
    ])
    const screen = store.stages.add('Phone screen')
    const ids = store.stages.list().map((s) => s.id)
    const reordered = store.stages.reorder([ids[0], screen.id, ...ids.slice(1, -1)] as number[])
    expect(reordered.map((s) => s.name).slice(0, 3)).toEqual(['New', 'Phone screen', 'Contacted'])
    expect(store.stages.rename(screen.id, 'Screening').name).toBe('Screening')
    expect(codeOf(() => store.stages.add('offer'))).toBe('invalid_input')
    expect(codeOf(() => store.stages.reorder([screen.id]))).toBe('invalid_input')
  })

  it('will not drop a stage that members are in unless they are moved', () => {
    const list = store.shortlists.create('L')
    const member = store.members.add(list.id, { profile: makeProfile(1), stage: 'Offer' })
    const offer = store.stages.list().find((s) => s.name === 'Offer')
    const hired = store.stages.list().find((s) => s.name === 'Hired')
    if (offer === undefined || hired === undefined) throw new Error('default stages missing')
    expect(codeOf(() => store.stages.remove(offer.id))).toBe('stage_in_use')
    store.stages.remove(offer.id, { reassignTo: hired.id })
    expect(store.members.get(member.id).stage).toBe('Hired')
    expect(store.stages.list().map((s) => s.name)).not.toContain('Offer')
  })
})
