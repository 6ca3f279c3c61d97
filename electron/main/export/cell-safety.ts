import { withoutBidiControls } from '../../../shared/bidi'

/**
 * What an exported cell may not carry, whatever the data says:
 * - bidirectional controls (see shared/bidi.ts): dropped from every text cell and header, as the
 *   app drops them on screen, so "\u202Egnp.exe" is written "gnp.exe" and no cell reverses itself;
 * - a link that is not http(s): in a column of links (a path ending in url, urls, link, links or
 *   websites: "Profile URL", "Match profile link", contact profiles and websites…) only absolute
 *   http:// and https:// addresses are written; `javascript:`, `data:`, `vbscript:`, `file:` and
 *   anything else that is not a web address is left out, so no export hands the recruiter a link
 *   that runs something when clicked.
 */

const LINK_FIELD = /(^|_)(url|urls|link|links)$|^websites$/i

/** Whether a column's path names links (its last segment). */
export function isLinkPath(path: string): boolean {
  return LINK_FIELD.test(path.slice(path.lastIndexOf('.') + 1))
}

/** An absolute http(s) address, nothing else. */
export function isWebLink(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}

/** A text cell as it may be written. */
export function safeText(value: string): string {
  return withoutBidiControls(value)
}
