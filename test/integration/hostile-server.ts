import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { afterEach } from 'vitest'

/** How a hostile server answers, once the request's body has been read (and dropped). */
export type Answer = (req: IncomingMessage, res: ServerResponse) => void

export interface HostileServer {
  baseUrl: string
  /** How many requests it has been sent. */
  requests(): number
}

/**
 * `hostile` for a test file: a server on loopback that answers as the test says, with node:http
 * itself so a body can be endless, trickle or nest 200,000 deep. Each one started is closed,
 * its open connections cut, after the test.
 */
export function useHostileServers(): (answer: Answer) => Promise<HostileServer> {
  const servers: Server[] = []
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
    }
  })
  return async (answer) => {
    let requests = 0
    const server = createServer((req, res) => {
      requests += 1
      req.resume()
      req.on('end', () => answer(req, res))
    })
    servers.push(server)
    server.listen(0, '127.0.0.1')
    await once(server, 'listening')
    return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests: () => requests }
  }
}

/**
 * An endless JSON answer: `start`, then 256 KB pieces of the byte `fill`, written as fast as the
 * connection takes them until the client lets go. `written()` counts the bytes of the pieces
 * sent out; `cut` settles when the connection has closed.
 */
export function endlessBody(start: string, fill: number): { answer: Answer; written(): number; cut: Promise<void> } {
  let written = 0
  let closed: () => void = () => {}
  const cut = new Promise<void>((resolve) => (closed = resolve))
  const answer: Answer = (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.write(start)
    const piece = Buffer.alloc(256 * 1024, fill)
    const pump = () => {
      while (!res.destroyed) {
        written += piece.length
        if (!res.write(piece)) return void res.once('drain', pump)
      }
    }
    res.on('close', closed)
    pump()
  }
  return { answer, written: () => written, cut }
}
