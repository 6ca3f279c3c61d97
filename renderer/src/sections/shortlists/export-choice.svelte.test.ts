import { describe, expect, it } from 'vitest'
import { columnChoiceSchema } from '../../../../shared/ipc/channels/export'
import { columnChoice, presetLabels, progressText, restoreMessage } from './export-choice'

describe('export choices', () => {
  it('builds a contract-valid column choice from a preset or custom columns', () => {
    for (const preset of Object.keys(presetLabels) as Array<keyof typeof presetLabels>) {
      const choice = columnChoice(preset, [])
      expect(choice).toEqual({ preset })
      expect(columnChoiceSchema.safeParse(choice).success).toBe(true)
    }
    const custom = [
      { header: 'Name', path: 'profile.full_name' },
      { header: 'Stage', path: 'member.stage' }
    ]
    expect(columnChoice('custom', custom)).toEqual({ columns: custom })
    // A custom choice with nothing ticked cannot be exported yet.
    expect(columnChoice('custom', [])).toBeNull()
    expect(columnChoice('custom', [{ header: 'Bad', path: 'secret.token' }])).toBeNull()
  })

  it('words progress as counts with a ratio for the bar', () => {
    expect(progressText(1250, 10_000)).toEqual({ text: '1,250 of 10,000 rows', ratio: 0.125 })
    expect(progressText(10_000, 10_000)).toEqual({ text: '10,000 of 10,000 rows', ratio: 1 })
    expect(progressText(300, null)).toEqual({ text: '300 rows', ratio: null })
  })

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
})
