import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'

export interface SeenRequest {
  method: string
  path: string
  query: URLSearchParams
  headers: IncomingMessage['headers']
  body: string
}

export type Reply = { status?: number; headers?: Record<string, string>; body: string } | 'drop'

/**
 * A second Partner API in the tests, hand-written to take the liberties the spec allows (and a
 * few it does not say): `text/plain` bodies, nulls everywhere, date-times without an offset or
 * with seven fractional digits, one object where an array is documented. Each test says what it
 * answers; every request is kept for assertions.
 */
export async function startLiberalServer(answer: (req: SeenRequest) => Reply | Promise<Reply>) {
  const seen: SeenRequest[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      const request: SeenRequest = {
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8')
      }
      seen.push(request)
      void Promise.resolve(answer(request)).then((reply) => {
        if (reply === 'drop') {
          req.socket.destroy()
          return
        }
        res.writeHead(reply.status ?? 200, { 'content-type': 'text/plain; charset=utf-8', ...reply.headers })
        res.end(reply.body)
      })
    })
  })
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}
