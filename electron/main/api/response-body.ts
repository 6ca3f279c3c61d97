import { parseJson } from '../../../shared/json'

/**
 * Reads a response body as JSON whatever its declared type: the spec serves the same JSON as
 * `text/plain`, `text/json` or `application/json`, and a real server may add a charset or
 * leave the type out. A BOM is dropped. Returns `undefined` for an empty body.
 */
export function readJsonText(text: string): unknown {
  const trimmed = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  if (trimmed.trim() === '') return undefined
  return parseJson(trimmed)
}

/** The service's own words from an error body, whatever shape it chose; short, one line. */
export function serverMessageOf(text: string): string | undefined {
  let said: unknown
  try {
    const body = readJsonText(text) as Record<string, unknown> | undefined
    if (body !== null && typeof body === 'object') {
      const error = body['error']
      said =
        (error !== null && typeof error === 'object' ? (error as Record<string, unknown>)['message'] : error) ??
        body['message'] ??
        body['detail'] ??
        body['title'] ??
        body['error_description']
    } else {
      said = body
    }
  } catch {
    // not JSON: plain text is fine, markup is not worth showing
    said = /<[a-z!]/i.test(text) ? undefined : text
  }
  if (typeof said !== 'string') return undefined
  const line = said.replace(/\s+/g, ' ').trim()
  if (line === '') return undefined
  return line.length > 300 ? `${line.slice(0, 299)}…` : line
}

/** Retry-After as milliseconds: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | string[] | undefined, now: number): number | undefined {
  const value = Array.isArray(header) ? header[0] : header
  if (value === undefined || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}
