import { timingSafeEqual } from 'node:crypto'

/**
 * Who may talk to the browser host's bridge. The host listens on loopback only, but any web page
 * the user visits can still send requests to 127.0.0.1, and DNS rebinding can make a foreign
 * name resolve there. So every bridge request must carry an allowed Host (the loopback name and
 * port we serve on), an Origin that is ours when the browser sends one, and the per-run token.
 */
export interface BridgeGuard {
  readonly origins: readonly string[]
  isAllowedHost(host: string | undefined): boolean
  isAllowedOrigin(origin: string | undefined): boolean
  hasToken(presented: string | undefined): boolean
}

export function createBridgeGuard(port: number, token: string): BridgeGuard {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const origins = hosts.map((host) => `http://${host}`)
  const expected = Buffer.from(token)
  return {
    origins,
    isAllowedHost: (host) => host !== undefined && hosts.includes(host.toLowerCase()),
    isAllowedOrigin: (origin) => origin === undefined || origins.includes(origin),
    hasToken(presented) {
      if (presented === undefined) return false
      const given = Buffer.from(presented)
      return given.length === expected.length && timingSafeEqual(given, expected)
    }
  }
}
