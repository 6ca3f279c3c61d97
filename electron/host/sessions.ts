import { randomBytes, timingSafeEqual } from 'node:crypto'

/*
 * Who is logged in to the browser host, held by the app's exact origin alone.
 *
 * A cookie would not do: browsers do not separate cookies by port, and for SameSite all of
 * 127.0.0.1 is one site, so a page served from any other local port would carry ours. Instead:
 *   1. the terminal prints a link whose secret sits in the fragment (`/#login=…`): a fragment is
 *      never sent to a server, logged, or passed on as a Referer;
 *   2. the page (served to anyone: it holds code, no data and no secret) trades that secret once
 *      for a session secret (POST /bridge/session, from our own Origin only);
 *   3. the page keeps the session secret in its origin's storage (scheme, host and port: no other
 *      port can read it) and sends it in a header with every bridge call.
 * Sessions live in this process's memory: a restart of the host ends them all.
 */

/** How many sessions one run keeps: the oldest is forgotten past this (each login makes one). */
const MAX_SESSIONS = 64

export interface HostSessions {
  /** A new one-time login secret, replacing the previous one whether it was used or not. */
  renewLogin(): string
  /** Trades the one-time secret for a new session secret; null when it is not the current one. */
  login(presented: string): string | null
  /** A new session without a link: for in-process callers only (tests, the bench). */
  create(): string
  has(presented: string | undefined): boolean
}

export function createHostSessions(): HostSessions {
  let loginSecret: string | null = null
  const live: Buffer[] = []

  const create = (): string => {
    const value = newSecret()
    live.push(Buffer.from(value))
    if (live.length > MAX_SESSIONS) live.shift()
    return value
  }

  return {
    renewLogin() {
      loginSecret = newSecret()
      return loginSecret
    },
    login(presented) {
      if (loginSecret === null || !sameSecret(presented, loginSecret)) return null
      loginSecret = null
      return create()
    },
    create,
    has(presented) {
      if (presented === undefined) return false
      const given = Buffer.from(presented)
      return live.some((known) => known.length === given.length && timingSafeEqual(known, given))
    }
  }
}

const newSecret = () => randomBytes(32).toString('base64url')

function sameSecret(presented: string, expected: string): boolean {
  const given = Buffer.from(presented)
  const known = Buffer.from(expected)
  return given.length === known.length && timingSafeEqual(given, known)
}
