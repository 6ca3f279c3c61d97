import { describe, expect, it } from 'vitest'
import type { ProvenanceLine } from '../../../../shared/ipc/channels/provenance'
import { draftOf, draftProblem, provenanceText } from './provenance-words'

const line = (over: Partial<ProvenanceLine>): ProvenanceLine => ({
  id: 1,
  key: 'k1',
  at: '2026-11-26T09:30:00.000Z',
  kind: 'search',
  what: 'person',
  detail: '',
  shortlist: null,
  importBatchId: null,
  importRow: null,
  purchaseId: null,
  connection: null,
  ...over
})

describe('provenance words', () => {
  it('says where a line came from, its row and the shortlist it went into', () => {
    expect(provenanceText(line({ detail: 'backend engineers', shortlist: 'Backend Q4' }))).toBe(
      'Found by a search: backend engineers, into Backend Q4'
    )
    expect(provenanceText(line({ kind: 'import', detail: 'fair.csv', importRow: 7, shortlist: 'Fair' }))).toBe(
      'From an imported spreadsheet: fair.csv, row 7, into Fair'
    )
    expect(provenanceText(line({ kind: 'manual' }))).toBe('Added by hand')
  })

  it('says a purchase once, the contact type with it (issue 36: "Email contact details bought" twice)', () => {
    expect(provenanceText(line({ kind: 'purchase', what: 'contact', detail: 'Email contact details bought' }))).toBe(
      'Email contact details bought'
    )
    expect(
      provenanceText(
        line({ kind: 'purchase', what: 'contact', detail: 'Phone contact details bought through the tool “lookup”' })
      )
    ).toBe('Phone contact details bought through the tool “lookup”')
  })

  it('asks for consent s day and another basis s name before saving', () => {
    const draft = draftOf({
      basis: 'legitimate-interest',
      consentedOn: null,
      other: null,
      noticeSentOn: null,
      setAt: null
    })
    expect(draft).toEqual({ basis: 'legitimate-interest', consentedOn: '', other: '', noticeSentOn: '' })
    expect(draftProblem(draft)).toBe('')
    expect(draftProblem({ ...draft, basis: 'consent' })).toBe('Consent needs the day it was given.')
    expect(draftProblem({ ...draft, basis: 'consent', consentedOn: '2026-11-20' })).toBe('')
    expect(draftProblem({ ...draft, basis: 'other', other: '  ' })).toBe('Name the basis they are held on.')
  })
})
