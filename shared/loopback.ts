/**
 * Loopback hosts — this computer: `localhost`, 127.0.0.0/8 and `[::1]`. Only they may be reached
 * over plain http (the built-in sandbox, a local proxy); a key sent over http to any other host
 * could be read on the way.
 */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
  return host === 'localhost' || host === '::1' || /^127(?:\.\d{1,3}){3}$/.test(host)
}

/** https anywhere, plain http only on this computer. */
export function isSecureOrLoopback(text: string): boolean {
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return false
  }
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))
}
