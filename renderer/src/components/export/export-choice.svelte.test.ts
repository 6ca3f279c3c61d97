import { describe, expect, it } from 'vitest'
import { columnChoiceSchema } from '../../../../shared/ipc/channels/export'
import {
  atsLabels,
  columnChoice,
  defaultKnownChoice,
  doNotContactText,
  knownText,
  presetLabels,
  progressText
} from './export-choice'

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

  it('asks for an ATS layout by name', () => {
    for (const ats of Object.keys(atsLabels) as Array<keyof typeof atsLabels>) {
      const choice = columnChoice(ats, [])
      expect(choice).toEqual({ ats })
      expect(columnChoiceSchema.safeParse(choice).success).toBe(true)
    }
  })

  it('says how many people were left out or marked do not contact', () => {
    expect(doNotContactText({ flagged: 0, leftOut: 3 })).toBe('3 people left out: do not contact')
    expect(doNotContactText({ flagged: 0, leftOut: 1 })).toBe('1 person left out: do not contact')
    expect(doNotContactText({ flagged: 2, leftOut: 0 })).toBe('2 people marked “Do not contact”')
    expect(doNotContactText({ flagged: 0, leftOut: 0 })).toBeNull()
  })

  it('words progress as counts with a ratio for the bar', () => {
    expect(progressText(1250, 10_000)).toEqual({ text: '1,250 of 10,000 rows', ratio: 0.125 })
    expect(progressText(10_000, 10_000)).toEqual({ text: '10,000 of 10,000 rows', ratio: 1 })
    expect(progressText(300, null)).toEqual({ text: '300 rows', ratio: null })
  })

  it('leaves people already in your ATS out of an ATS’s file by default, marks them elsewhere, and says how many', () => {
    expect(defaultKnownChoice('greenhouse')).toBe('leave-out')
    expect(defaultKnownChoice('ats')).toBe('leave-out')
    expect(defaultKnownChoice('basic')).toBe('flag')
    expect(defaultKnownChoice('custom')).toBe('flag')
    expect(knownText({ flagged: 0, leftOut: 2 })).toBe('2 people left out: already in your ATS')
    expect(knownText({ flagged: 1, leftOut: 0 })).toBe('1 person marked “In your ATS”')
    expect(knownText({ flagged: 0, leftOut: 0 })).toBeNull()
  })
})
