/** The `rel="next"` target of an RFC 5988 Link header (Harvest's paging), or null. */
export function nextLink(header: string | null): string | null {
  for (const part of (header ?? '').split(',')) {
    const match = /<([^>]+)>\s*;\s*rel="next"/.exec(part)
    if (match) return match[1] as string
  }
  return null
}
