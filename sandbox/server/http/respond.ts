import type { ServerResponse } from 'node:http'

export function sendBody(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string>
): void {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : body
  res.writeHead(status, { ...headers, 'content-length': String(bytes.length) })
  res.end(bytes)
}

export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {}
): void {
  sendBody(res, status, JSON.stringify(value), { 'content-type': 'application/json; charset=utf-8', ...headers })
}
