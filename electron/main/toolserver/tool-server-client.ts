import { Client } from '@modelcontextprotocol/sdk/client/index.js'
import { StreamableHTTPClientTransport, StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js'
import { ErrorCode, McpError, type CallToolResult, type Tool } from '@modelcontextprotocol/sdk/types.js'
import { AjvJsonSchemaValidator } from '@modelcontextprotocol/sdk/validation/ajv'
import type { Ajv, ValidateFunction } from 'ajv'
import pRetry from 'p-retry'
import { AppError } from '../../../shared/ipc/errors'
import { plainMessage } from '../../../shared/json-schema-words'
import { createToolAjv } from './tool-ajv'
import { describeConnectionError } from '../net/connection-problem'
import { legacyCredentialMessage, mentionsLegacyCredential } from './legacy-credential'
import { errorMessage } from '../../../shared/error-message'

/** What a client needs of the token source: a token, and forgetting it when the server refuses it. */
export interface BearerTokens {
  token(): Promise<string>
  drop(): void
}

export interface ToolServerClientDeps {
  mcpUrl: string
  tokens: BearerTokens
  /** undici's fetch on the app's dispatcher. */
  fetch: typeof fetch
  clientInfo: { name: string; version: string }
  /** A call's time limit; the SDK's default is 60 s. */
  callTimeoutMs?: number
  /** Listing is safe to repeat: attempts after the first on a network fault, a 5xx or a timeout. */
  listRetries?: number
  listRetryMinMs?: number
}

interface Session {
  client: Client
  transport: StreamableHTTPClientTransport
  /** Requests running on it now. */
  busy: number
  /** Replaced by a fresh session (a reload): ended once its running requests are done. */
  retired: boolean
  ended: boolean
}

/**
 * The tool server over MCP Streamable HTTP (the official SDK's Client). The bearer token goes in
 * through the transport's `fetch`: a 401 drops it, gets a new one and sends the same request once
 * more (the server refused it before doing anything). A session the server no longer knows (404
 * with a session id) is rebuilt — client and transport — rather than left broken. Listing follows
 * `nextCursor` and is retried on faults; a call is sent once. Arguments are checked against the
 * tool's input schema here (Ajv, in main: the renderer's CSP forbids the code Ajv compiles) before
 * anything is sent.
 */
export class ToolServerClient {
  readonly #deps: ToolServerClientDeps
  readonly #ajv: Ajv
  readonly #validator: AjvJsonSchemaValidator
  readonly #checks = new Map<string, ValidateFunction>()
  #session: Promise<Session> | null = null
  #tools: Tool[] | null = null
  /** How often a 401 led to a new token, and sessions rebuilt (tests and the log read them). */
  renewals = 0
  rebuilds = 0

  constructor(deps: ToolServerClientDeps) {
    this.#deps = deps
    this.#ajv = createToolAjv()
    this.#validator = new AjvJsonSchemaValidator(this.#ajv)
  }

  /** The server's name and version from the handshake, once connected. */
  serverInfo(): { name: string; version: string } | null {
    return this.#serverInfo
  }
  #serverInfo: { name: string; version: string } | null = null

  /** Every tool, following `nextCursor`; repeated on faults (listing spends nothing). */
  async listTools(): Promise<Tool[]> {
    const tools = await pRetry(
      async () => {
        const session = await this.#connected()
        try {
          // every page on the same session, which stays open until the last one is read
          return await this.#using(session, async () => {
            const all: Tool[] = []
            const seen = new Set<string>()
            let cursor: string | undefined
            do {
              const page = await session.client.listTools(cursor === undefined ? undefined : { cursor })
              all.push(...page.tools)
              cursor = page.nextCursor
              // a server that hands back a cursor it gave before would page forever
              if (cursor !== undefined && seen.has(cursor)) break
              if (cursor !== undefined) seen.add(cursor)
            } while (cursor !== undefined)
            return all
          })
        } catch (error) {
          await this.#forgetIfExpired(session, error)
          throw error
        }
      },
      {
        retries: this.#deps.listRetries ?? 2,
        minTimeout: this.#deps.listRetryMinMs ?? 250,
        factor: 2,
        randomize: true,
        shouldRetry: ({ error }) => retryable(error)
      }
    ).catch((error: unknown) => {
      throw toAppError(error, this.#deps.mcpUrl)
    })
    this.#tools = tools
    this.#checks.clear()
    return tools
  }

  /** A tool as listed (the list is read if it was not yet), once its arguments fit its schema. */
  async checkedTool(name: string, args: Record<string, unknown>): Promise<Tool> {
    const tool = (this.#tools ?? (await this.listTools())).find((t) => t.name === name)
    if (tool === undefined) {
      throw new AppError('not_found', `The tool server has no tool named “${name}”. Reload the list of tools.`)
    }
    this.#checkArguments(tool, args)
    return tool
  }

  /**
   * Calls a tool once. Arguments are checked against its schema first (the list is read if it was
   * not yet); an `isError` result is returned as it is, for the screen to show as an error.
   */
  async callTool(name: string, args: Record<string, unknown>, signal?: AbortSignal): Promise<CallToolResult> {
    await this.checkedTool(name, args)
    const send = (session: Session) =>
      this.#using(
        session,
        async () =>
          (await session.client.callTool({ name, arguments: args }, undefined, {
            timeout: this.#deps.callTimeoutMs ?? 60_000,
            ...(signal ? { signal } : {})
          })) as CallToolResult
      )
    const failed = (error: unknown): AppError =>
      signal?.aborted
        ? new AppError('cancelled', 'The call was stopped here; the tool server may still have run it.')
        : toAppError(error, this.#deps.mcpUrl)
    let session = await this.#connected().catch((error: unknown) => {
      throw failed(error)
    })
    try {
      return await send(session)
    } catch (error) {
      // An expired session refused the request before running it: rebuilt and sent again, once.
      if (!(await this.#forgetIfExpired(session, error))) throw failed(error)
    }
    try {
      session = await this.#connected()
      return await send(session)
    } catch (error) {
      throw failed(error)
    }
  }

  /**
   * A fresh handshake for what comes next (Reload): requests still running on the current session
   * finish on it — a call cut off here may already have run, and must not be reported as failed —
   * and it is ended once they are done.
   */
  async renew(): Promise<void> {
    const pending = this.#session
    this.#session = null
    const session = pending === null ? null : await pending.catch(() => null)
    if (session === null) return
    session.retired = true
    this.#endWhenIdle(session)
  }

  /** Ends the session (DELETE where the server keeps sessions) and forgets it. */
  async close(): Promise<void> {
    const pending = this.#session
    this.#session = null
    if (pending === null) return
    try {
      await this.#end(await pending)
    } catch {
      // never connected: nothing to close
    }
  }

  async #end(session: Session): Promise<void> {
    await session.transport.terminateSession().catch(() => undefined)
    await session.client.close().catch(() => undefined)
  }

  /** Runs a request on a session, so that a retired session is ended only after its last one. */
  async #using<T>(session: Session, run: () => Promise<T>): Promise<T> {
    session.busy += 1
    try {
      return await run()
    } finally {
      session.busy -= 1
      if (session.retired) this.#endWhenIdle(session)
    }
  }

  /**
   * Ends a retired session once nothing runs on it — checked after the current task, so that a
   * request that already holds it (its wait for the session just ended) starts on it first, and
   * is not cut off under it.
   */
  #endWhenIdle(session: Session): void {
    setTimeout(() => {
      if (session.busy > 0 || session.ended) return
      session.ended = true
      void this.#end(session)
    }, 0)
  }

  #checkArguments(tool: Tool, args: Record<string, unknown>): void {
    let check = this.#checks.get(tool.name)
    if (check === undefined) {
      try {
        check = this.#ajv.compile(tool.inputSchema)
      } catch (error) {
        throw new AppError(
          'invalid_response',
          `The tool server's schema for “${tool.name}” could not be read (${(error as Error).message}).`
        )
      }
      this.#checks.set(tool.name, check)
    }
    if (check(args)) return
    const issues = (check.errors ?? []).map((e) => ({
      path: fieldPath(e.instancePath, e.params),
      message: plainMessage(e.message ?? 'is not allowed')
    }))
    throw new AppError(
      'invalid_input',
      `The arguments do not fit “${tool.name}”: ${issues.map((i) => `${i.path} ${i.message}`).join('; ')}.`,
      issues
    )
  }

  async #connected(): Promise<Session> {
    this.#session ??= this.#connect().catch((error: unknown) => {
      this.#session = null
      throw error
    })
    return this.#session
  }

  async #connect(): Promise<Session> {
    const client = new Client(this.#deps.clientInfo, { capabilities: {}, jsonSchemaValidator: this.#validator })
    const transport = new StreamableHTTPClientTransport(new URL(this.#deps.mcpUrl), {
      fetch: this.#authedFetch,
      // the optional GET stream is not needed for tool calls: no reconnect loop behind our back
      reconnectionOptions: {
        maxRetries: 0,
        initialReconnectionDelay: 1000,
        maxReconnectionDelay: 1000,
        reconnectionDelayGrowFactor: 1
      }
    })
    await client.connect(transport)
    const info = client.getServerVersion()
    this.#serverInfo = info ? { name: info.name, version: info.version } : null
    return { client, transport, busy: 0, retired: false, ended: false }
  }

  /** Bearer from the token source; on a 401 a new token and the same request once more. */
  readonly #authedFetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const send = async (token: string) => {
      const headers = new Headers(init?.headers)
      headers.set('authorization', `Bearer ${token}`)
      return this.#deps.fetch(input, { ...init, headers })
    }
    const response = await send(await this.#deps.tokens.token())
    if (response.status !== 401) return response
    await response.body?.cancel().catch(() => undefined)
    this.#deps.tokens.drop()
    this.renewals += 1
    return send(await this.#deps.tokens.token())
  }

  /** True (and the session dropped) when the server said it no longer knows this session. */
  async #forgetIfExpired(session: Session, error: unknown): Promise<boolean> {
    if (!(error instanceof StreamableHTTPError && error.code === 404 && session.transport.sessionId !== undefined)) {
      return false
    }
    if (this.#session !== null && (await this.#session.catch(() => null)) === session) this.#session = null
    this.rebuilds += 1
    // Calls still running on it finish there (one cut off may already have run at the server,
    // and must not be reported as failed); it is ended after the last, as a renewed one is.
    session.retired = true
    this.#endWhenIdle(session)
    return true
  }
}

function retryable(error: unknown): boolean {
  if (error instanceof AppError) return false
  if (error instanceof StreamableHTTPError) {
    const status = error.code ?? -1
    return status === 404 || status === 429 || status >= 500 || status === -1
  }
  if (error instanceof McpError)
    return error.code === ErrorCode.RequestTimeout || error.code === ErrorCode.ConnectionClosed
  // fetch failed (refused, reset) and the like; an answer that is not JSON (a proxy's page, a cut body)
  return error instanceof TypeError || error instanceof SyntaxError
}

/** `/keys/0` + `{ missingProperty: 'name' }` → `keys.0` / `name`, as the form names fields. */
function fieldPath(instancePath: string, params: Record<string, unknown>): string {
  const parts = instancePath.split('/').filter(Boolean)
  for (const key of ['missingProperty', 'additionalProperty'] as const) {
    if (typeof params[key] === 'string') parts.push(params[key])
  }
  return parts.join('.') || '(arguments)'
}

/** Whatever the SDK or the network threw, as a message for the recruiter. */
export function toAppError(error: unknown, mcpUrl: string): AppError {
  if (error instanceof AppError) return error
  if (error instanceof Error && error.cause instanceof AppError) return error.cause
  const origin = new URL(mcpUrl).origin
  const text = errorMessage(error)
  if (mentionsLegacyCredential(text)) return new AppError('forbidden', legacyCredentialMessage, { legacy: true })
  if (error instanceof StreamableHTTPError) {
    const status = error.code ?? -1
    if (status === 401) {
      return new AppError(
        'unauthorized',
        'The tool server refused a freshly issued token. Check the client id, the client secret and the MCP URL in Settings → Connections.',
        { status }
      )
    }
    if (status === 403) {
      return new AppError('forbidden', 'The tool server refused this credential for that request.', { status })
    }
    if (status === 404) {
      return new AppError(
        'not_found',
        `No tool server answered at ${mcpUrl}. Check the MCP URL in Settings → Connections.`,
        {
          status
        }
      )
    }
    if (status === 429) {
      return new AppError('rate_limited', 'The tool server asks to slow down. Wait a moment and try again.', { status })
    }
    if (status >= 500) {
      return new AppError('server_error', `The tool server had a problem (HTTP ${status}). Try again in a moment.`, {
        status
      })
    }
    return new AppError('invalid_response', `The tool server's answer could not be read (${text}).`, { status })
  }
  if (error instanceof McpError) {
    if (error.code === ErrorCode.RequestTimeout) {
      return new AppError('timeout', 'The tool server did not answer in time. Try again; a call may still have run.')
    }
    if (error.code === ErrorCode.ConnectionClosed) {
      return new AppError('network', `The connection to the tool server at ${origin} closed. Try again.`)
    }
    if (error.code === ErrorCode.InvalidParams) {
      return new AppError('invalid_input', `The tool server refused the arguments: ${stripPrefix(error.message)}.`)
    }
    return new AppError('server_error', `The tool server answered with an error: ${stripPrefix(error.message)}.`, {
      code: error.code
    })
  }
  if (error instanceof SyntaxError) {
    // the SDK's response.json() on a body that is not JSON
    return new AppError('invalid_response', `The tool server's answer was not JSON and could not be read (${text}).`)
  }
  if (error instanceof TypeError) {
    const advice = (describeConnectionError(error) ?? 'Check the MCP URL and your network').replace(/\.$/, '')
    return new AppError('network', `Could not reach the tool server at ${origin}. ${advice}.`)
  }
  if (error instanceof Error && error.name === 'ZodError') {
    return new AppError('invalid_response', "The tool server's answer did not follow MCP and could not be read.")
  }
  return new AppError('internal', `The tool server call failed unexpectedly (${text}).`)
}

/** "MCP error -32602: Invalid arguments…" → "Invalid arguments…" without a final stop. */
function stripPrefix(message: string): string {
  return message.replace(/^MCP error -?\d+:\s*/, '').replace(/[.\s]+$/, '')
}
