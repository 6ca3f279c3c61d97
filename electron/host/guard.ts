/**
 * Who may talk to the browser host's bridge. The host listens on loopback only, but any web page
 * the user visits can still send requests to 127.0.0.1, and DNS rebinding can make a foreign
 * name resolve there. So every request must carry an allowed Host (the loopback name and port we
 * serve on), and every bridge request an Origin that is ours when the browser sends one (and a
 * session: electron/host/sessions.ts).
 */
export interface BridgeGuard {
  readonly origins: readonly string[]
  isAllowedHost(host: string | undefined): boolean
  isAllowedOrigin(origin: string | undefined): boolean
}

export function createBridgeGuard(port: number): BridgeGuard {
  const hosts = [`127.0.0.1:${port}`, `localhost:${port}`]
  const origins = hosts.map((host) => `http://${host}`)
  return {
    origins,
    isAllowedHost: (host) => host !== undefined && hosts.includes(host.toLowerCase()),
    isAllowedOrigin: (origin) => origin === undefined || origins.includes(origin)
  }
}
