import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import type pg from 'pg'
import {
  admitRequestSchema,
  createTeamRequestSchema,
  inviteRequestSchema,
  joinRequestSchema,
  pushRequestSchema,
  releaseRequestSchema,
  TEAM_PROTOCOL_VERSION
} from '../shared/team/protocol'
import { errorMessage } from '../shared/error-message'
import { codeHash, makeCode } from './codes'
import { inTransaction, isDatabaseUnavailable, makePool } from './db/database'
import { migrate } from './db/migrations'
import { fail, ok, readBody, RequestCut, send, type Reply } from './http/reply'
import { Live } from './live'
import { admit, release, spendBook } from './routes/budgets'
import { events, newestReadable, pull, push } from './routes/changes'
import { authenticate, type Caller, type RouteContext } from './routes/context'
import { createTeam, invite, join, leave, overview, revokeDesk, revokePerson } from './routes/membership'

/**
 * The team server (issue #38): HTTP/1.1 JSON under /v1 (shared/team/protocol.ts), all state in
 * PostgreSQL, none in the process — two instances on one database serve one team, and their live
 * streams hear each other's changes and revocations through LISTEN/NOTIFY.
 *
 * For tests (and the desk's tests), two stable entry points:
 *
 *   const cluster = await makeThrowawayCluster()          // team-server/testing/throwaway-cluster.ts
 *   const server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0 })
 *   server.url        // 'http://127.0.0.1:<port>' (no trailing slash; routes are under /v1)
 *   server.setupCode  // the setup code made at the database's first start (null after): POST /v1/teams with it
 *   await makeSetupCode(cluster.databaseUrl)  // a new setup code at any time (the old unused one stops working)
 *   await server.close(); await cluster.close()
 *
 * `now` injects the clock (invite and hold expiry, server times); `holdMinutes` how long a budget
 * hold lasts (30); `tls` serves HTTPS with the agency's certificate.
 */
export type TeamServerOptions = {
  databaseUrl: string
  host?: string
  port?: number
  tls?: { cert: string | Buffer; key: string | Buffer }
  now?: () => Date
  holdMinutes?: number
  keepAliveMs?: number
  log?: (message: string) => void
}

export type TeamServer = {
  url: string
  setupCode: string | null
  close: () => Promise<void>
  /** Resolves once this instance listens for other instances' notices (again, after a database restart). */
  whenListening: () => Promise<void>
}

export const DEFAULT_HOLD_MINUTES = 30

/** Migrates the database and makes the first setup code when there has never been one. */
async function prepare(pool: pg.Pool): Promise<string | null> {
  const client = await pool.connect()
  try {
    await migrate(client)
  } finally {
    client.release()
  }
  return inTransaction(pool, async (tx) => {
    await tx.query('LOCK TABLE setup_codes IN EXCLUSIVE MODE')
    const any = await tx.query('SELECT 1 FROM setup_codes LIMIT 1')
    if (any.rows.length > 0) return null
    const code = makeCode()
    await tx.query('INSERT INTO setup_codes (hash, created_at) VALUES ($1, now())', [codeHash(code)])
    return code
  })
}

/** A new setup code for creating a team; the unused ones before it stop working. */
export async function makeSetupCode(databaseUrl: string): Promise<string> {
  const pool = makePool(databaseUrl, () => undefined)
  try {
    const client = await pool.connect()
    try {
      await migrate(client)
    } finally {
      client.release()
    }
    return await inTransaction(pool, async (tx) => {
      const code = makeCode()
      await tx.query('LOCK TABLE setup_codes IN EXCLUSIVE MODE')
      await tx.query('DELETE FROM setup_codes WHERE used_at IS NULL')
      await tx.query('INSERT INTO setup_codes (hash, created_at) VALUES ($1, now())', [codeHash(code)])
      return code
    })
  } finally {
    await pool.end()
  }
}

/** A path part as text; a malformed escape matches nothing rather than failing the request. */
function decodePathPart(part: string): string {
  try {
    return decodeURIComponent(part)
  } catch {
    return ''
  }
}

type Handler = (
  context: RouteContext,
  req: IncomingMessage,
  res: ServerResponse,
  match: RegExpExecArray
) => Promise<Reply | null>

/** A route for a desk of a team: its credential checked first. `null` means the route answered itself (a stream). */
function asDesk(
  work: (
    context: RouteContext,
    caller: Caller,
    req: IncomingMessage,
    res: ServerResponse,
    match: RegExpExecArray
  ) => Promise<Reply | null>
): Handler {
  return async (context, req, res, match) => {
    const auth = await authenticate(context, req)
    if (!auth.ok) return auth.reply
    return work(context, auth.caller, req, res, match)
  }
}

const routes: { method: string; path: RegExp; handler: Handler }[] = [
  {
    method: 'GET',
    path: /^\/v1\/health$/,
    handler: async (context) => {
      await context.pool.query('SELECT 1')
      return ok({ ok: true, protocol: TEAM_PROTOCOL_VERSION })
    }
  },
  {
    method: 'POST',
    path: /^\/v1\/teams$/,
    handler: async (context, req) => {
      const body = await readBody(req, createTeamRequestSchema)
      return body.ok ? createTeam(context, body.value) : body.reply
    }
  },
  {
    method: 'POST',
    path: /^\/v1\/join$/,
    handler: async (context, req) => {
      const body = await readBody(req, joinRequestSchema)
      return body.ok ? join(context, body.value) : body.reply
    }
  },
  { method: 'GET', path: /^\/v1\/team$/, handler: asDesk((context, caller) => overview(context, caller)) },
  {
    method: 'POST',
    path: /^\/v1\/invites$/,
    handler: asDesk(async (context, caller, req) => {
      const body = await readBody(req, inviteRequestSchema)
      return body.ok ? invite(context, caller, body.value) : body.reply
    })
  },
  {
    method: 'POST',
    path: /^\/v1\/desks\/([^/]+)\/revoke$/,
    handler: asDesk((context, caller, _req, _res, match) => revokeDesk(context, caller, decodePathPart(match[1]!)))
  },
  {
    method: 'POST',
    path: /^\/v1\/people\/([^/]+)\/revoke$/,
    handler: asDesk((context, caller, _req, _res, match) => revokePerson(context, caller, decodePathPart(match[1]!)))
  },
  { method: 'POST', path: /^\/v1\/leave$/, handler: asDesk((context, caller) => leave(context, caller)) },
  {
    method: 'POST',
    path: /^\/v1\/changes$/,
    handler: asDesk(async (context, caller, req) => {
      const body = await readBody(req, pushRequestSchema)
      return body.ok ? push(context, caller, body.value.changes) : body.reply
    })
  },
  {
    method: 'GET',
    path: /^\/v1\/changes$/,
    handler: asDesk((context, caller, req) => pull(context, caller, new URL(req.url ?? '/', 'http://x').searchParams))
  },
  {
    method: 'GET',
    path: /^\/v1\/events$/,
    handler: asDesk(async (context, caller, _req, res) => {
      await events(context, caller, res)
      return null
    })
  },
  {
    method: 'POST',
    path: /^\/v1\/budgets\/admit$/,
    handler: asDesk(async (context, caller, req) => {
      const body = await readBody(req, admitRequestSchema)
      return body.ok ? admit(context, caller, body.value) : body.reply
    })
  },
  {
    method: 'POST',
    path: /^\/v1\/budgets\/release$/,
    handler: asDesk(async (context, caller, req) => {
      const body = await readBody(req, releaseRequestSchema)
      return body.ok ? release(context, caller, body.value.holdId) : body.reply
    })
  },
  {
    method: 'GET',
    path: /^\/v1\/spend$/,
    handler: asDesk((context, caller, req) =>
      spendBook(context, caller, new URL(req.url ?? '/', 'http://x').searchParams)
    )
  }
]

async function answer(context: RouteContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = new URL(req.url ?? '/', 'http://x').pathname
  let reply: Reply | null
  try {
    const route = routes.find((candidate) => candidate.method === req.method && candidate.path.test(path))
    reply =
      route === undefined
        ? fail('not-found', `The team server has no ${req.method} ${path}.`)
        : await route.handler(context, req, res, route.path.exec(path)!)
  } catch (error) {
    if (error instanceof RequestCut) return
    if (isDatabaseUnavailable(error)) {
      reply = fail(
        'unavailable',
        `The team database cannot be reached right now (${errorMessage(error)}). The desk keeps its changes and tries again; a change sent again is kept once.`
      )
    } else {
      context.log(`${req.method} ${path} failed: ${errorMessage(error)}`)
      reply = { ...fail('unavailable', 'The team server failed to answer this request; try again.'), status: 500 }
    }
  }
  if (reply === null || res.headersSent) return
  if (reply.status === 413) {
    // the rest of an oversized body is not read: close the connection after the answer
    res.setHeader('connection', 'close')
    res.once('finish', () => req.socket.destroy())
  }
  send(res, reply)
}

/** Starts one instance on `databaseUrl` (migrating it under an advisory lock first). */
export async function startTeamServer(options: TeamServerOptions): Promise<TeamServer> {
  const log = options.log ?? ((message: string) => console.error(`[team-server] ${message}`))
  const pool = makePool(options.databaseUrl, log)
  let setupCode: string | null
  try {
    setupCode = await prepare(pool)
  } catch (error) {
    await pool.end()
    throw error
  }
  const lastSeqOf = (teamId: string, deskId: string): Promise<number> => newestReadable(pool, teamId, deskId)
  const now = options.now ?? (() => new Date())
  const seen = async (deskIds: string[]): Promise<void> => {
    await pool.query('UPDATE desks SET last_seen_at = $2 WHERE id = ANY($1::uuid[]) AND revoked_at IS NULL', [
      deskIds,
      now()
    ])
  }
  const live = new Live({ databaseUrl: options.databaseUrl, log, lastSeqOf, seen, keepAliveMs: options.keepAliveMs })
  try {
    await live.start()
  } catch (error) {
    await live.close()
    await pool.end()
    throw error
  }
  const context: RouteContext = {
    pool,
    now,
    live,
    log,
    holdMinutes: options.holdMinutes ?? DEFAULT_HOLD_MINUTES
  }
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    void answer(context, req, res)
  }
  const server: Server = options.tls
    ? createHttpsServer({ cert: options.tls.cert, key: options.tls.key }, listener)
    : createHttpServer(listener)
  server.headersTimeout = 20_000
  server.requestTimeout = 120_000
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 8787, host, () => {
      server.off('error', reject)
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  const shownHost = host.includes(':') ? `[${host}]` : host
  let closing: Promise<void> | null = null
  return {
    url: `${options.tls ? 'https' : 'http'}://${shownHost}:${port}`,
    setupCode,
    whenListening: () => live.whenListening(),
    close: () => {
      closing ??= (async () => {
        await live.close()
        await new Promise<void>((resolve) => {
          server.close(() => resolve())
          server.closeAllConnections()
        })
        await pool.end()
      })()
      return closing
    }
  }
}
