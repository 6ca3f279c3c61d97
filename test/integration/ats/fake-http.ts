import { request } from 'undici'

export interface FakeAnswer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: unknown
}

/** One real HTTP call to a fake ATS; `key` is sent as Basic auth (user name, blank password). */
export async function call(
  baseUrl: string,
  path: string,
  options: { key?: string; method?: 'GET' | 'POST'; body?: unknown; headers?: Record<string, string> } = {}
): Promise<FakeAnswer> {
  const headers: Record<string, string> = { ...options.headers }
  if (options.key !== undefined) headers['authorization'] = `Basic ${Buffer.from(`${options.key}:`).toString('base64')}`
  if (options.body !== undefined) headers['content-type'] = 'application/json'
  const res = await request(`${baseUrl}${path}`, {
    method: options.method ?? 'GET',
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) })
  })
  const text = await res.body.text()
  return { status: res.statusCode, headers: res.headers, body: text === '' ? null : (JSON.parse(text) as unknown) }
}

/** The `rel="next"` target of an RFC 5988 Link header, or null. */
export function nextLink(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header.join(', ') : (header ?? '')
  for (const part of value.split(',')) {
    const match = /<([^>]+)>;\s*rel="next"/.exec(part)
    if (match) return match[1] as string
  }
  return null
}
