import { provenanceKindLabels, type LawfulBasis, type ProvenanceLine } from '../../../../shared/ipc/channels/provenance'

/**
 * One provenance line in the recruiter's words: "Found by a search: backend engineers, into Backend
 * Q4". A detail that already says what the kind says ("Email contact details bought") stands alone.
 */
export function provenanceText(line: ProvenanceLine): string {
  const label = provenanceKindLabels[line.kind]
  const what =
    line.detail === ''
      ? label
      : line.detail.toLowerCase().includes(label.toLowerCase())
        ? line.detail.charAt(0).toUpperCase() + line.detail.slice(1)
        : `${label}: ${line.detail}`
  const row = line.importRow === null ? '' : `, row ${line.importRow}`
  const into = line.shortlist === null ? '' : `, into ${line.shortlist}`
  return `${what}${row}${into}`
}

/** The basis as the form edits it: dates and names as text, '' for none. */
export interface BasisDraft {
  basis: LawfulBasis['basis']
  consentedOn: string
  other: string
  noticeSentOn: string
}

export const draftOf = (basis: LawfulBasis): BasisDraft => ({
  basis: basis.basis,
  consentedOn: basis.consentedOn ?? '',
  other: basis.other ?? '',
  noticeSentOn: basis.noticeSentOn ?? ''
})

/** What is missing before the draft can be saved, in words; '' when nothing is. */
export function draftProblem(draft: BasisDraft): string {
  if (draft.basis === 'consent' && draft.consentedOn === '') return 'Consent needs the day it was given.'
  if (draft.basis === 'other' && draft.other.trim() === '') return 'Name the basis they are held on.'
  return ''
}
