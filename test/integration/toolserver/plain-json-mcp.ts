import { randomUUID } from 'node:crypto'
import { once } from 'node:events'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/*
 * A tool server written by hand for the tests, not with the MCP SDK: JSON-RPC over HTTP POST,
 * answered as plain `application/json` (never an event stream), with sessions that can be
 * expired on demand, `tools/list` in pages of two with `nextCursor`, and bearer tokens checked
 * by whoever issued them (oidc-provider here). It is the "other server" the client must read.
 */

type Json = Record<string, unknown>
interface Message {
  jsonrpc: '2.0'
  id?: string | number
  method?: string
  params?: Json
}

const tools = [
  {
    name: 'echo',
    description: 'Answers with the arguments it was given.',
    inputSchema: {
      type: 'object',
      properties: { text: { type: 'string', minLength: 1 }, times: { type: 'integer', minimum: 1, maximum: 3 } },
      required: ['text']
    }
  },
  {
    name: 'people',
    title: 'People in a team',
    description: 'A list of people: an array of objects in structuredContent.',
    inputSchema: { type: 'object', properties: { team: { type: 'string', enum: ['search', 'sales'] } } }
  },
  {
    name: 'credits',
    description: 'The credit balance of the user the credential belongs to.',
    inputSchema: { type: 'object', properties: {} }
  },
  {
    name: 'whoami',
    description: 'The recruiter the credential belongs to.',
    inputSchema: { type: 'object', properties: {} }
  },
  {
    name: 'flaky',
    description: 'Always fails with HTTP 503 (the test counts how often it was asked).',
    inputSchema: { type: 'object', properties: {} }
  }
]

export interface PlainJsonMcpOptions {
  /** The issuer's view of a token: the client it was issued to, or null when not valid. */
  checkToken: (token: string) => Promise<{ clientId: string } | null>
  /** Client ids of older credentials that are not bound to a user. */
  legacyClients: string[]
}

export async function startPlainJsonMcp(options: PlainJsonMcpOptions) {
  const sessions = new Set<string>()
  const counts: Record<string, number> = {}
  let failLists = 0
  let sessionsCreated = 0
  let unauthorized = 0
  /** While set, a `people` call waits for it before answering (a call still running). */
  let held: Promise<void> | null = null
  const count = (what: string) => (counts[what] = (counts[what] ?? 0) + 1)

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error))
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readBody(req)
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
    const principal = bearer === undefined ? null : await options.checkToken(bearer)
    if (principal === null) {
      unauthorized += 1
      res
        .writeHead(401, { 'www-authenticate': 'Bearer error="invalid_token"', 'content-type': 'application/json' })
        .end(JSON.stringify({ error: 'invalid_token' }))
      return
    }
    const legacy = options.legacyClients.includes(principal.clientId)
    if (req.method === 'DELETE') {
      sessions.delete(String(req.headers['mcp-session-id']))
      res.writeHead(200).end()
      return
    }
    if (req.method !== 'POST') {
      res.writeHead(405, { allow: 'POST, DELETE' }).end()
      return
    }
    const message = JSON.parse(body) as Message
    if (message.method === 'initialize') {
      const id = randomUUID()
      sessions.add(id)
      sessionsCreated += 1
      json(
        res,
        200,
        reply(message, {
          protocolVersion: (message.params?.protocolVersion as string | undefined) ?? '2025-03-26',
          capabilities: { tools: {} },
          serverInfo: { name: 'plain-json-test', version: '0.1.0' }
        }),
        { 'mcp-session-id': id }
      )
      return
    }
    const session = req.headers['mcp-session-id']
    if (typeof session !== 'string') {
      json(res, 400, {
        jsonrpc: '2.0',
        id: null,
        error: { code: -32000, message: 'Mcp-Session-Id header is required' }
      })
      return
    }
    if (!sessions.has(session)) {
      json(res, 404, { jsonrpc: '2.0', id: null, error: { code: -32001, message: 'Session not found' } })
      return
    }
    if (message.id === undefined) {
      res.writeHead(202).end()
      return
    }
    count(message.method ?? '?')
    if (message.method === 'tools/list') {
      if (failLists > 0) {
        failLists -= 1
        res.writeHead(503, { 'content-type': 'text/plain' }).end('busy')
        return
      }
      const start = Number(message.params?.cursor ?? 0)
      const page = tools.slice(start, start + 2)
      const next = start + 2 < tools.length ? String(start + 2) : undefined
      json(res, 200, reply(message, { tools: page, ...(next === undefined ? {} : { nextCursor: next }) }))
      return
    }
    if (message.method === 'tools/call') {
      const name = String(message.params?.name)
      const args = (message.params?.arguments ?? {}) as Json
      count(`call:${name}`)
      switch (name) {
        case 'echo':
          json(
            res,
            200,
            reply(message, {
              content: [{ type: 'text', text: String(args.text).repeat(Number(args.times ?? 1)) }],
              structuredContent: { echo: args }
            })
          )
          return
        case 'people':
          if (held !== null) await held
          json(
            res,
            200,
            reply(message, {
              content: [{ type: 'text', text: '2 people' }],
              structuredContent: {
                people: [
                  { name: 'Ada Lovelace', title: 'Analyst' },
                  { name: 'Grace Hopper', title: 'Rear Admiral' }
                ]
              }
            })
          )
          return
        case 'credits':
          // the thrown form: a JSON-RPC error rather than an isError result
          if (legacy) {
            json(res, 200, {
              jsonrpc: '2.0',
              id: message.id,
              error: { code: -32603, message: "credit balances aren't available for M2M service credentials" }
            })
            return
          }
          json(
            res,
            200,
            reply(message, { content: [{ type: 'text', text: '12 credits' }], structuredContent: { available: 12 } })
          )
          return
        case 'whoami':
          json(
            res,
            200,
            reply(
              message,
              legacy
                ? { isError: true, content: [{ type: 'text', text: 'Recruiter was not found' }] }
                : { content: [{ type: 'text', text: 'recruiter@example.test' }] }
            )
          )
          return
        case 'flaky':
          res.writeHead(503, { 'content-type': 'text/plain' }).end('busy')
          return
        default:
          json(res, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32602, message: `Unknown tool: ${name}` } })
          return
      }
    }
    json(res, 200, { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: 'Method not found' } })
  }

  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`
  return {
    url,
    counts,
    get sessionsCreated() {
      return sessionsCreated
    },
    get unauthorized() {
      return unauthorized
    },
    /** Forgets every session: the next request with an old id is answered 404. */
    expireSessions: () => sessions.clear(),
    /** Holds every `people` call until the function it answers is called. */
    holdPeople: (): (() => void) => {
      let release = () => {}
      held = new Promise<void>((resolve) => (release = resolve))
      return () => {
        held = null
        release()
      }
    },
    /** The next n tools/list requests are answered 503. */
    failNextLists: (n: number) => {
      failLists = n
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve())
        server.closeAllConnections()
      })
  }
}

function reply(message: Message, result: Json) {
  return { jsonrpc: '2.0', id: message.id, result }
}

function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body))
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}
