import type { IncomingMessage } from 'node:http'

/**
 * The API key of an HTTP Basic `Authorization` header, as Greenhouse Harvest and Lever take it:
 * the key is the user name and the password is blank (`base64(key + ':')`). Null when the header
 * is missing, not Basic, not base64 of `user:password`, or its user name is empty.
 */
export function basicAuthKey(req: IncomingMessage): string | null {
  const header = req.headers.authorization
  if (header === undefined) return null
  const match = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header)
  if (match === null) return null
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8')
  const colon = decoded.indexOf(':')
  if (colon <= 0) return null
  return decoded.slice(0, colon)
}
