import type { IncomingMessage } from 'node:http'
import Negotiator from 'negotiator'

/** Response media types of the Partner API, in the server's order of preference (ties go to JSON). */
const offered = ['application/json', 'text/json', 'text/plain']

/**
 * Picks the response media type from the Accept header (q-values honoured). Like ASP.NET Core's
 * default, an Accept header that matches nothing falls back to JSON rather than 406.
 */
export function responseMediaType(req: IncomingMessage): string {
  if (!req.headers.accept) return 'application/json'
  return new Negotiator(req).mediaType(offered) ?? 'application/json'
}
