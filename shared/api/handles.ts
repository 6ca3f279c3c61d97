// Which handle names a person in a refresh job. The spec says only "profileHandles (array of
// string)"; a profile carries its handles in li_urls (…/in/<handle>), codehost_handle and
// qasite_name, in that order of preference.

/** The handle in a profile URL of the form …/in/<handle> or …/pub/<handle>, or undefined. */
export function handleInProfileUrl(url: string): string | undefined {
  const match = /\/(?:in|pub)\/([^/?#]+)/i.exec(url)
  return match?.[1]
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '')

/** The handle to refresh a saved profile by, or null when it has none. */
export function refreshHandleOf(profile: Record<string, unknown>): string | null {
  const urls = Array.isArray(profile.li_urls) ? profile.li_urls : []
  for (const url of urls) {
    const handle = typeof url === 'string' ? handleInProfileUrl(url) : undefined
    if (handle) return handle
  }
  return text(profile.codehost_handle) || text(profile.qasite_name) || null
}
