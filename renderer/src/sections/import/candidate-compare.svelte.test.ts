import { render } from 'svelte/server'
import { describe, expect, it } from 'vitest'
import type { ImportRow } from '../../../../shared/ipc/channels/imports'
import type { ImportState } from './import-state.svelte'
import CandidateCompare from './CandidateCompare.svelte'

// Issue 29, item 1: the review says why a row is matched, doubtful or not matched, beside its
// candidates, in the words main gave with the row's answer (match-reason.ts).
const row: ImportRow = {
  rowNo: 4,
  sheetRow: 4,
  cells: ['Anna Fischer', 'Hafenkran Systems AG', 'Köln'],
  request: { name: 'Anna Fischer', company: 'Hafenkran Systems AG', location: 'Köln' },
  outcome: 'doubtful',
  duplicateOf: null,
  duplicates: 0,
  transactionId: 'import-abc-4',
  candidates: [
    {
      key: 'p_hanna',
      name: 'Anna Fischer',
      title: 'Principal Engineer',
      company: 'Quantum Ledger',
      location: 'Brooklyn, New York, United States',
      link: '',
      email: '',
      score: 44,
      matchType: 'PARTIAL'
    }
  ],
  bestKey: null,
  reason: 'same name, different employer and city',
  error: null,
  decision: null,
  chosenKey: null
}

describe('the Import review beside a row’s candidates', () => {
  it('says the outcome and why', () => {
    const { body } = render(CandidateCompare, { props: { imports: {} as ImportState, row } })
    expect(body).toMatch(
      /data-testid="import-reason"[^>]*>\s*<strong>Doubtful:<\/strong>\s*same name, different employer and city/
    )
    const matched = render(CandidateCompare, {
      props: {
        imports: {} as ImportState,
        row: { ...row, outcome: 'matched', bestKey: 'p_hanna', reason: 'same email' }
      }
    })
    expect(matched.body).toMatch(/<strong>Matched:<\/strong>\s*same email/)
  })

  it('says why a row’s person must not be contacted, and nothing when they may be', () => {
    const flagged = render(CandidateCompare, {
      props: { imports: {} as ImportState, row: { ...row, doNotContact: 'On the do-not-contact list (email)' } }
    })
    expect(flagged.body).toMatch(
      /data-testid="import-do-not-contact"[^>]*>\s*<strong>Do not contact:<\/strong>\s*On the do-not-contact list \(email\)/
    )
    expect(render(CandidateCompare, { props: { imports: {} as ImportState, row } }).body).not.toContain(
      'import-do-not-contact'
    )
  })

  it('says nothing of a reason for a row answered before reasons were kept', () => {
    const { body } = render(CandidateCompare, { props: { imports: {} as ImportState, row: { ...row, reason: null } } })
    expect(body).not.toContain('import-reason')
  })
})
