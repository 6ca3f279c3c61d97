import type { ProfileChange } from '../../../shared/ipc/channels/shortlists'

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** City, state and country as one label ("Austin, TX, United States"). */
function placeOf(profile: Record<string, unknown>): string {
  return ['city', 'state', 'country']
    .map((field) => text(profile[field]))
    .filter((part) => part !== '')
    .join(', ')
}

/**
 * What a recruiter refreshes for: a new employer, a new title, a move. Compares the fields a
 * person's headline is made of; a value that appears or disappears counts only when both sides
 * have one (a service that omits a field this time has not told us the person changed).
 */
export function profileChanges(before: Record<string, unknown>, after: Record<string, unknown>): ProfileChange[] {
  const pairs: Array<[ProfileChange['field'], string, string]> = [
    ['company', text(before.cur_company), text(after.cur_company)],
    ['title', text(before.cur_title), text(after.cur_title)],
    ['location', placeOf(before), placeOf(after)]
  ]
  return pairs
    .filter(([, from, to]) => from !== '' && to !== '' && from.toLowerCase() !== to.toLowerCase())
    .map(([field, from, to]) => ({ field, from, to }))
}
