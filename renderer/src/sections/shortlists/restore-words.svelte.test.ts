import { describe, expect, it } from 'vitest'
import { restoreMessage } from './restore-words'

describe('restore words', () => {
  it('says what a restore did, and which shortlists came back as copies', () => {
    const list = (name: string, members: number, renamed = false) => ({
      id: name,
      name,
      members,
      originalId: name,
      renamed,
      deleted: false
    })
    expect(
      restoreMessage({
        shortlists: [list('a', 40), list('b', 40), list('c', 40)],
        stagesAdded: [],
        members: 120,
        skipped: [],
        recentlyDeleted: { shortlists: 0, members: 0 }
      })
    ).toBe('Restored 3 shortlists, 120 people.')
    expect(
      restoreMessage({
        shortlists: [list('a', 1, true)],
        stagesAdded: [],
        members: 1,
        skipped: [],
        recentlyDeleted: { shortlists: 0, members: 0 }
      })
    ).toBe('Restored 1 shortlist, 1 person. One was already here, so it came back as a “(restored)” copy.')
    expect(
      restoreMessage({
        shortlists: [],
        stagesAdded: [],
        members: 0,
        skipped: [],
        recentlyDeleted: { shortlists: 0, members: 0 }
      })
    ).toBe('Restored 0 shortlists, 0 people.')
    expect(
      restoreMessage({
        shortlists: [list('a', 3), { ...list('gone', 0), deleted: true }],
        stagesAdded: [],
        members: 3,
        skipped: [{ shortlist: 'a', person: 'Ana', reason: 'x' }],
        recentlyDeleted: { shortlists: 1, members: 4 }
      })
    ).toBe(
      'Restored 1 shortlist, 3 people. Recently deleted: 1 shortlist, 4 people. 1 record could not be read and stayed out.'
    )
  })

  it('says how many forgotten people a restore left out', () => {
    const summary = {
      shortlists: [{ id: 'a', name: 'a', members: 2, originalId: 'a', renamed: false, deleted: false }],
      stagesAdded: [],
      members: 2,
      skipped: [],
      recentlyDeleted: { shortlists: 0, members: 0 }
    }
    expect(restoreMessage({ ...summary, forgotten: 1 })).toBe(
      'Restored 1 shortlist, 2 people. 1 person was left out: forgotten since the backup was made.'
    )
    expect(restoreMessage({ ...summary, forgotten: 3 })).toBe(
      'Restored 1 shortlist, 2 people. 3 people were left out: forgotten since the backup was made.'
    )
    expect(restoreMessage({ ...summary, forgotten: 0 })).toBe('Restored 1 shortlist, 2 people.')
  })
})
