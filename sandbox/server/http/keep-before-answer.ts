import type { ServerResponse } from 'node:http'

/**
 * Holds an answer until what it acknowledges is kept: `keep` (synchronous) runs before each
 * write of the answer — its headers, a chunk, its end — so a purchase or a refresh job made while
 * answering is on disk before the first byte of the answer leaves, whichever part of the server
 * (a Partner API route, the MCP SDK's transport) writes it. `keep` decides itself whether there
 * is anything new to write (a comparison of two numbers when there is not).
 */
export function keepBeforeAnswer(res: ServerResponse, keep: () => void): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  const write = res.write.bind(res) as (...args: unknown[]) => boolean
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse
  const flushHeaders = res.flushHeaders.bind(res)
  Object.assign(res, {
    writeHead: (...args: unknown[]) => {
      keep()
      return writeHead(...args)
    },
    write: (...args: unknown[]) => {
      keep()
      return write(...args)
    },
    end: (...args: unknown[]) => {
      keep()
      return end(...args)
    },
    flushHeaders: () => {
      keep()
      flushHeaders()
    }
  })
}
