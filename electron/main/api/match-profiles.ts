import type { MatchProfileRequest } from '../../../shared/api/match-request'

// What every caller of Match Profiles does (Search, Chat, a watched search): below the features,
// so none borrows it from another.

/** The request without empty fields: trimmed text, lists without blank items. */
export function cleanRequest(request: MatchProfileRequest): MatchProfileRequest {
  const out: Record<string, string | string[]> = {}
  for (const [name, value] of Object.entries(request)) {
    if (typeof value === 'string') {
      if (value.trim() !== '') out[name] = value.trim()
    } else if (Array.isArray(value)) {
      const items = value.map((item) => item.trim()).filter((item) => item !== '')
      if (items.length > 0) out[name] = items
    }
  }
  return out as MatchProfileRequest
}

export function keyOf(profile: unknown): string | null {
  if (profile === null || typeof profile !== 'object') return null
  const key = (profile as Record<string, unknown>)['key']
  return typeof key === 'string' && key !== '' ? key : null
}
