import { once } from 'node:events'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Listening {
  server: Server
  baseUrl: string
  close(): Promise<void>
}

/** A plain node:http server on 127.0.0.1 only (port 0: the OS picks one). */
export async function listenLoopback(
  port: number,
  handle: (req: IncomingMessage, res: ServerResponse) => Promise<void>
): Promise<Listening> {
  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      console.error('[sandbox ats]', error)
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ message: 'Internal server error' }))
    })
  })
  server.listen(port, '127.0.0.1')
  await Promise.race([
    once(server, 'listening'),
    once(server, 'error').then(([error]) => {
      throw error
    })
  ])
  const address = server.address() as AddressInfo
  let closing: Promise<void> | null = null
  return {
    server,
    baseUrl: `http://127.0.0.1:${address.port}`,
    close: () =>
      (closing ??= new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()))
        server.closeAllConnections()
      }))
  }
}
