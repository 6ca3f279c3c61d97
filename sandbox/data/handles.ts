/**
 * Handles and emails of a profile, and how a handle typed by a client is normalised, so that
 * the index, refresh jobs and contacts all agree on what "the same handle" means.
 */
import { handleInProfileUrl, type WholePersonProfile } from '../../shared/api'

export const PROFILENET_ORIGIN = 'https://www.profilenet.com'

/**
 * Canonical form of a handle: lowercase, no surrounding spaces, no leading `@`, and for URLs of
 * the known sites the handle part only. Accepts `alice`, `@Alice`, `https://codehost.com/alice`,
 * `profilenet.com/in/alice/`, `https://www.profilenet.com/in/alice?trk=x`,
 * `https://qasite.com/users/123/alice`. Returns '' when nothing handle-like is left.
 */
export function normalizeHandle(input: string): string {
  let s = input.trim().toLowerCase()
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//, '') // scheme
  s = s.replace(/[?#].*$/, '').replace(/\/+$/, '')
  s = s.replace(/^www\./, '')
  const slash = s.indexOf('/')
  if (slash > 0 && s.slice(0, slash).includes('.')) {
    const host = s.slice(0, slash)
    const parts = s
      .slice(slash + 1)
      .split('/')
      .filter(Boolean)
    if (host.startsWith('profilenet.') && (parts[0] === 'in' || parts[0] === 'pub')) s = parts[1] ?? ''
    else if (host.startsWith('qasite.') && parts[0] === 'users') s = parts[2] ?? parts[1] ?? ''
    else s = parts[0] ?? ''
  }
  s = s.replace(/^@/, '')
  try {
    s = decodeURIComponent(s)
  } catch {
    // keep the raw text when it is not valid percent-encoding
  }
  return s
}

/** The profilenet handle in a profilenet profile URL, or undefined. */
export function profilenetHandleOf(url: string): string | undefined {
  if (!/profilenet\.[a-z.]+\//i.test(url)) return undefined
  const handle = handleInProfileUrl(url)
  return handle ? normalizeHandle(handle) : undefined
}

/** Every handle a profile can be found by, normalised: profilenet, codehost, qasite. */
export function handlesOf(profile: WholePersonProfile): string[] {
  const out = new Set<string>()
  for (const url of profile.li_urls ?? []) {
    const h = profilenetHandleOf(url)
    if (h) out.add(h)
  }
  if (profile.codehost_handle) out.add(normalizeHandle(profile.codehost_handle))
  if (profile.qasite_name) out.add(normalizeHandle(profile.qasite_name))
  out.delete('')
  return [...out]
}

/** Normalised email: trimmed, lowercase (the sandbox treats the local part case-insensitively). */
export const normalizeEmail = (email: string): string => email.trim().toLowerCase()

/**
 * Every email of a profile, normalised: the sandbox's `emails` list (an undeclared property the
 * spec permits) and the enterprise `email` field.
 */
export function emailsOf(profile: WholePersonProfile): string[] {
  const out = new Set<string>()
  const list = (profile as { emails?: unknown }).emails
  if (Array.isArray(list))
    for (const e of list) if (typeof e === 'string' && e.includes('@')) out.add(normalizeEmail(e))
  if (profile.email) out.add(normalizeEmail(profile.email))
  return [...out]
}
