import { withoutBidiControls } from '../../../shared/bidi'

/**
 * What an exported cell may not carry, whatever the data says:
 * - bidirectional controls (see shared/bidi.ts): dropped from every text cell and header, as the
 *   app drops them on screen, so "\u202Egnp.exe" is written "gnp.exe" and no cell reverses itself;
 * - a link that is not http(s): in a column of links (a path ending in url, urls, link, links or
 *   websites: "Profile URL", "Match profile link", contact profiles and websites…) only web
 *   addresses are written: http:// and https://, and an address written without a scheme
 *   ("profilenet.example.com/in/ana") as the https:// link the profile screen opens for it.
 *   `javascript:`, `data:`, `vbscript:`, `file:`, `mailto:`, a UNC path, an address with a user
 *   name or password in it, and anything else is left out, so no export hands the recruiter a
 *   link that runs or fetches something when clicked.
 */

const LINK_FIELD = /(^|_)(url|urls|link|links)$|^websites$/i

/** Whether a column's path names links (its last segment). */
export function isLinkPath(path: string): boolean {
  return LINK_FIELD.test(path.slice(path.lastIndexOf('.') + 1))
}

const SCHEME = /^[a-z][a-z0-9+.-]*:/i
/** Backslashes (a UNC path, or a host in disguise), spaces and control characters. */
// eslint-disable-next-line no-control-regex -- control characters are what must not be in a link
const NOT_IN_A_LINK = /[\\\s\u0000-\u001f\u007f]/

/**
 * The web address a link cell may hold, or undefined: http(s) written out as such, or an address
 * with no scheme made https:// (as the profile screen does, renderer/components/profile/read.ts).
 */
export function webLink(value: string): string | undefined {
  const text = value.trim()
  if (text === '' || NOT_IN_A_LINK.test(text)) return undefined
  const schemed = SCHEME.test(text)
  // "https:evil.example" parses, but no one writes an address so: the scheme is spelled out
  if (schemed && !/^https?:\/\/[^/]/i.test(text)) return undefined
  const link = schemed ? text : `https://${text.replace(/^\/+/, '')}`
  let url: URL
  try {
    url = new URL(link)
  } catch {
    return undefined
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
  if (url.username !== '' || url.password !== '') return undefined
  if (url.hostname === '' || (!schemed && !url.hostname.includes('.'))) return undefined
  return link
}

/** A web address as a link cell holds it (webLink's answer): one that can be a hyperlink. */
export function isWebLink(value: string): boolean {
  return webLink(value) === value
}

/** A text cell as it may be written. */
export function safeText(value: string): string {
  return withoutBidiControls(value)
}
