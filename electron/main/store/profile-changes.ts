import type { ProfileChange } from '../../../shared/ipc/channels/shortlists'
import { seniorityOf } from './seniority-words'

type Profile = Record<string, unknown>

/** Text as compared: trimmed, runs of space as one. */
const text = (value: unknown): string => (typeof value === 'string' ? value.replace(/\s+/g, ' ').trim() : '')
const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase()

/** City, state and country as one label ("Austin, TX, United States"). */
function placeOf(profile: Profile): string {
  return ['city', 'state', 'country']
    .map((field) => text(profile[field]))
    .filter((part) => part !== '')
    .join(', ')
}

/** Whether the profile sends any of these fields at all (null counts as not sent). */
const sends = (profile: Profile, fields: readonly string[]): boolean =>
  fields.some((field) => profile[field] !== undefined && profile[field] !== null && text(profile[field]) !== '')

/** A plain value's change: both sides have one and they differ; one the service stopped sending is said so. */
function valueChange(
  field: ProfileChange['field'],
  from: string,
  to: string,
  stillSent: boolean
): ProfileChange | null {
  if (from !== '' && to !== '') return same(from, to) ? null : { field, from, to, kind: 'changed' }
  if (from !== '' && !stillSent) return { field, from, to: '', kind: 'no_longer_sent' }
  return null
}

/** An education as a label ("MSc Computer Science, ETH Zürich") and as its identity. */
function educations(profile: Profile): Map<string, string> {
  const list = Array.isArray(profile.educations) ? (profile.educations as unknown[]) : []
  const out = new Map<string, string>()
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') continue
    const e = entry as Profile
    const school = text(e.school)
    const what = [text(e.degree), text(e.major)].filter((part) => part !== '').join(' ')
    if (school === '' && what === '') continue
    out.set(`${what}|${school}`.toLowerCase(), [what, school].filter((part) => part !== '').join(', '))
  }
  return out
}

/** "Open to a move" as the profile signals it: an explicit flag, else likely_to_switch of 0.5 or more. */
function openness(profile: Profile): boolean | null {
  for (const field of ['open_to_work', 'is_open_to_work']) {
    if (typeof profile[field] === 'boolean') return profile[field] as boolean
  }
  return typeof profile.likely_to_switch === 'number' ? profile.likely_to_switch >= 0.5 : null
}

const OPEN_WORDS = (open: boolean) => (open ? 'Likely to switch' : 'Not looking')

/**
 * What a recruiter refreshes for: a new employer, title, place, seniority (read from the title's
 * words, else cur_seniority), a new education, an "open to a move" signal. Not a change: the
 * order of lists, spacing, letter case, dates and timestamps, any other field. A field the
 * service stopped sending is reported as `no_longer_sent` (never as removed).
 */
export function profileChanges(before: Profile, after: Profile): ProfileChange[] {
  const changes: Array<ProfileChange | null> = [
    valueChange('company', text(before.cur_company), text(after.cur_company), sends(after, ['cur_company'])),
    valueChange('title', text(before.cur_title), text(after.cur_title), sends(after, ['cur_title'])),
    valueChange('location', placeOf(before), placeOf(after), sends(after, ['city', 'state', 'country']))
  ]
  const levelBefore = seniorityOf(text(before.cur_title)) ?? (text(before.cur_seniority) || null)
  const levelAfter = seniorityOf(text(after.cur_title)) ?? (text(after.cur_seniority) || null)
  if (levelBefore !== null && levelAfter !== null && !same(levelBefore, levelAfter)) {
    changes.push({ field: 'seniority', from: levelBefore, to: levelAfter, kind: 'changed' })
  }
  const known = educations(before)
  for (const [identity, label] of educations(after)) {
    if (!known.has(identity)) changes.push({ field: 'education', from: '', to: label, kind: 'added' })
  }
  const openBefore = openness(before)
  const openAfter = openness(after)
  if (openBefore !== null && openAfter !== null && openBefore !== openAfter) {
    changes.push({ field: 'open_to_work', from: OPEN_WORDS(openBefore), to: OPEN_WORDS(openAfter), kind: 'changed' })
  }
  return changes.filter((change): change is ProfileChange => change !== null)
}
