import type { ProfileSummary } from '../../../shared/ipc/channels/shortlists'
import { displayName } from '../../../shared/display-name'

/**
 * The few fields the detail pane shows, read tolerantly from a stored profile: saved profiles
 * are kept verbatim, so a field of an unexpected type is shown as absent, never as an error.
 */
export function profileSummary(profile: Record<string, unknown>): ProfileSummary {
  const place = [text(profile.city), text(profile.state), text(profile.country)].filter(Boolean).join(', ')
  return {
    name: displayName(profile),
    title: text(profile.cur_title),
    company: text(profile.cur_company),
    location: place || (strings(profile.locations)[0] ?? ''),
    headline: strings(profile.headlines)[0] ?? strings(profile.caption)[0] ?? text(profile.summary),
    skills: strings(profile.skills),
    positions: list(profile.positions).map((position) => ({
      title: text(position.title),
      company: text(position.company),
      start: text(position.start_date),
      end: text(position.end_date)
    })),
    urls: strings(profile.li_urls).filter((url) => /^https?:\/\//i.test(url))
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : ''
}

function strings(value: unknown): string[] {
  return Array.isArray(value)
    ? value.filter((item): item is string => typeof item === 'string' && item.trim() !== '')
    : []
}

function list(value: unknown): Array<Record<string, unknown>> {
  return Array.isArray(value)
    ? value.filter(
        (item): item is Record<string, unknown> => item !== null && typeof item === 'object' && !Array.isArray(item)
      )
    : []
}
