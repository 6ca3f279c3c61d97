import { fetch as undiciFetch } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/ipc/errors'
import { defaultAnswerLimits, type AnswerLimits } from '../../../electron/main/net/answer-limits'
import { limitedFetch } from '../../../electron/main/net/limited-fetch'
import { TokenSource } from '../../../electron/main/toolserver/token-source'
import { ToolServerClient } from '../../../electron/main/toolserver/tool-server-client'
import { startTestSandbox } from '../sandbox/helpers'
import { failureOf } from '../failure'
import { endlessBody, useHostileServers, type Answer } from '../hostile-server'

// The token exchange (oauth4webapi) and the tool server (the MCP SDK) read bodies themselves:
// they are given a fetch whose answers are read within the same limits as the Partner API's.
// registered first, so the hook closing the servers runs after the one closing what was opened
const serve = useHostileServers()
const hostile = async (answer: Answer): Promise<string> => (await serve(answer)).baseUrl
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((o) => o.close()))
})

const plainFetch = ((input: string | URL | Request, init?: RequestInit) =>
  undiciFetch(input as string, init as never)) as unknown as typeof fetch

function tokensFrom(authUrl: string, limits: Partial<AnswerLimits>) {
  return new TokenSource({
    authUrl,
    mcpUrl: `${authUrl}/mcp`,
    clientId: 'talent-desk-test',
    clientSecret: async () => 'a-long-enough-client-secret',
    fetch: limitedFetch(plainFetch, { ...defaultAnswerLimits, ...limits })
  })
}

const failure = (promise: Promise<unknown>) => failureOf(AppError, promise)

const json = { 'content-type': 'application/json' }

describe('the token exchange and the tool server read answers within limits', () => {
  it('refuses a token answer nested 200,000 deep, naming the service', async () => {
    const authUrl = await hostile((_req, res) => {
      res.writeHead(200, json)
      res.end(`{"access_token":${'['.repeat(200_000)}${']'.repeat(200_000)}}`)
    })
    const error = await failure(tokensFrom(authUrl, {}).token())
    expect(error.code).toBe('invalid_response')
    expect(error.message).toBe(
      `The answer from ${new URL(authUrl).host} could not be read: it nests more than 512 levels deep, which no record of the service does.`
    )
  })

  it('stops reading an endless token answer at the size allowed', async () => {
    const body = endlessBody('{"access_token":"', 0x61)
    const authUrl = await hostile(body.answer)
    const error = await failure(tokensFrom(authUrl, { maxBodyBytes: 1024 * 1024 }).token())
    await body.cut
    expect(error.code).toBe('invalid_response')
    expect(error.message).toContain('it is larger than 1 MB, the most Talent Desk reads in one answer')
    expect(body.written()).toBeLessThan(1024 * 1024 + 16 * 1024 * 1024)
  })

  it('gives up on a token answer sent a byte at a time at the deadline', async () => {
    const authUrl = await hostile((_req, res) => {
      res.writeHead(200, json)
      res.write('{')
      const timer = setInterval(() => res.write(' '), 20)
      res.on('close', () => clearInterval(timer))
    })
    const started = performance.now()
    const error = await failure(tokensFrom(authUrl, { deadlineMs: 300 }).token())
    expect(error.code).toBe('timeout')
    expect(error.message).toBe(
      `The service at ${new URL(authUrl).host} did not finish answering within 0.3 s, so Talent Desk stopped waiting. Try again in a moment.`
    )
    expect(performance.now() - started).toBeLessThan(1_500)
  })

  it('refuses a tool server answer past the size allowed, as a value the page can show', async () => {
    const sandbox = await startTestSandbox()
    opened.push(sandbox)
    // the sandbox's list of tools (their schemas) is a few KB: allow less
    const fetch = limitedFetch(plainFetch, { ...defaultAnswerLimits, maxBodyBytes: 1024 })
    const tokens = new TokenSource({
      authUrl: sandbox.authUrl,
      mcpUrl: sandbox.mcpUrl,
      clientId: sandbox.clientId,
      clientSecret: async () => sandbox.clientSecret,
      fetch
    })
    const client = new ToolServerClient({
      mcpUrl: sandbox.mcpUrl,
      tokens,
      fetch,
      clientInfo: { name: 'talent-desk-test', version: '0.0.0' },
      listRetryMinMs: 20
    })
    opened.push(client)
    const error = await failure(client.listTools())
    expect(error.code).toBe('invalid_response')
    expect(error.message).toMatch(/^The answer from 127\.0\.0\.1:\d+ could not be read: it is larger than 1 KB/)
  })
})
