/**
 * How old a saved person's data is, and what says so. A profile carries its own dates
 * (`last_refreshed`: when the service last refreshed it; `last_updated`: when its record last
 * changed there): those date the data, not the moment it was saved here. A profile saved today
 * that the service last refreshed 13 months ago is 13 months old. Without either date, the save
 * (or the refresh job that brought it) is all there is.
 */

/** What dates the data: the service's refresh, the service's update, or the save here. */
export type DataBasis = 'refreshed' | 'updated' | 'saved'

export interface DataAsOf {
  /** An ISO instant. */
  at: string
  basis: DataBasis
}

/** The profile's own dates, as ISO instants; null when absent or not a date. */
export interface ProfileDates {
  refreshedAt: string | null
  updatedAt: string | null
}

/** Reads `last_refreshed` and `last_updated` from a profile, whatever their shape. */
export function profileDates(profile: Record<string, unknown>): ProfileDates {
  return { refreshedAt: instant(profile.last_refreshed), updatedAt: instant(profile.last_updated) }
}

/**
 * The date the data is as of: the newer of the profile's own dates (a refresh before an update on
 * the same instant); a snapshot a refresh job brought in is at least as new as when it arrived;
 * else the time it was saved (or restored).
 */
export function dataAsOf(member: {
  profileCapturedAt: string
  profileSource: 'saved' | 'refreshed' | 'restored'
  dates: ProfileDates
}): DataAsOf {
  const { refreshedAt, updatedAt } = member.dates
  let own: DataAsOf | null = null
  if (refreshedAt !== null) own = { at: refreshedAt, basis: 'refreshed' }
  if (updatedAt !== null && (own === null || Date.parse(updatedAt) > Date.parse(own.at)))
    own = { at: updatedAt, basis: 'updated' }
  const captured = Date.parse(member.profileCapturedAt)
  if (member.profileSource === 'refreshed' && (own === null || captured > Date.parse(own.at)))
    return { at: member.profileCapturedAt, basis: 'refreshed' }
  return own ?? { at: member.profileCapturedAt, basis: 'saved' }
}

function instant(value: unknown): string | null {
  if (typeof value !== 'string' || value.trim() === '') return null
  const at = Date.parse(value.trim())
  return Number.isNaN(at) ? null : new Date(at).toISOString()
}
