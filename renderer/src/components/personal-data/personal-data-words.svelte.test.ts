import { describe, expect, it } from 'vitest'
import type { PersonDescription } from '../../../../shared/ipc/channels/personal-data'
import { forgottenLine, heldLines, outcomeLines, reasonChoices, recognisedBy } from './personal-data-words'

const description = (over: Partial<PersonDescription> = {}): PersonDescription => ({
  person: { key: 'k', names: ['Ana'], emails: ['a@x.org', 'b@x.org'], phones: [], handles: ['ana'] },
  holdings: [
    { owner: 'shortlists', table: 'members_fts', label: 'words in the saved-people search', rows: 2 },
    { owner: 'contacts', table: 'contact_results', label: 'bought contacts', rows: 0 },
    { owner: 'shortlists', table: 'members', label: 'saved in shortlists', rows: 2 },
    { owner: 'chat', table: 'conversation_turns', label: 'chat answers', rows: 5 }
  ],
  rows: 9,
  forgotten: null,
  problems: [],
  ...over
})

describe('personal data words', () => {
  it('lists what is held, largest first, leaving out the tables that hold nothing', () => {
    expect(heldLines(description())).toEqual([
      { label: 'Chat answers', rows: 5 },
      { label: 'Saved in shortlists', rows: 2 },
      { label: 'Words in the saved-people search', rows: 2 }
    ])
    expect(recognisedBy(description())).toBe('Also recognised by 2 emails, 1 profile handle.')
    expect(recognisedBy(description({ person: { key: 'k', names: [], emails: [], phones: [], handles: [] } }))).toBe('')
  })

  it('says when and why they were forgotten before, in the shared labels', () => {
    expect(forgottenLine(description())).toBe('')
    const line = forgottenLine(description({ forgotten: { forgottenAt: '2026-03-01T10:00:00Z', reason: 'objected' } }))
    expect(line).toMatch(/^Forgotten on .*2026 \(They objected to being contacted or kept\)$/)
    expect(reasonChoices.map((choice) => choice.value)).toEqual([
      'person-asked',
      'consent-withdrawn',
      'objected',
      'no-longer-needed',
      'retention-period',
      'other'
    ])
  })

  it('says per person what forgetting did, the ones left whole first', () => {
    const lines = outcomeLines(
      {
        forgotten: [
          {
            key: 'a',
            tables: [
              { owner: 'shortlists', table: 'members', deleted: 2, blanked: 0 },
              { owner: 'chat', table: 'conversation_turns', deleted: 0, blanked: 3 }
            ],
            nothingHeld: false
          },
          { key: 'c', tables: [], nothingHeld: true }
        ],
        failed: [{ key: 'b', code: 'store_error', owner: 'contacts', message: 'The data file refused.' }],
        compacted: true,
        notice: 'Backups…'
      },
      (key) => key.toUpperCase()
    )
    expect(lines.map((line) => [line.name, line.ok, line.text])).toEqual([
      ['B', false, 'Left as they were: The data file refused.'],
      ['A', true, 'Forgotten: 5 records erased in 2 places.'],
      ['C', true, 'Forgotten: nothing was held about them; they will be recognised if they come back.']
    ])
  })
})
