import { createReadStream, statSync } from 'node:fs'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { pipeline } from 'node:stream/promises'
import { z } from 'zod'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { channels, channelNames } from '../../shared/ipc/contract'
import { exportFormats } from '../../shared/export-formats'
import type { MainServices } from '../main/compose'
import type { Logger } from '../main/logging/logger'
import type { BridgeGuard } from './guard'
import type { EventStreams } from './event-streams'
import type { ThrottledWarnings } from './log-throttle'
import type { HostSessions } from './sessions'
import { contentDisposition, failure, headerValue, readJsonBody, refuse, sendJson } from './http-replies'

export interface BridgeRouteParts {
  origin: string
  guard: BridgeGuard
  sessions: HostSessions
  services: MainServices
  streams: EventStreams
  refusals: ThrottledWarnings
  logger: Logger
  maxBodyBytes: number
}

/**
 * `/bridge/*`: `window.talentDesk` over HTTP into the very same router the Electron shell uses.
 *   POST /bridge/session     a one-time login secret → a session value (our origin only)
 *   POST /bridge/<channel>   JSON input → `{ ok, data | error }`
 *   GET  /bridge/events      Server-Sent Events carrying the contract's push events
 *   GET  /bridge/channels    every channel with its input and output JSON Schema
 *   GET  /bridge/download/<id>  a finished export or backup, once
 * Every one is refused to another origin, and all but the login to a caller without a session.
 */
export function createBridgeRoutes(parts: BridgeRouteParts) {
  const { guard, sessions, services, logger } = parts
  let firstCall = true

  return async function bridgeRoute(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const requestOrigin = request.headers.origin
    if (!guard.isAllowedOrigin(requestOrigin)) {
      parts.refusals.warn('host.foreign_origin', { origin: requestOrigin })
      return refuse(request, response, 403, failure('forbidden', 'Requests from other web pages are refused.'))
    }
    if (url.pathname === '/bridge/session') return loginRoute(request, response)
    if (!sessions.has(headerValue(request, BRIDGE_SESSION_HEADER))) {
      return refuse(request, response, 401, failure('forbidden', notLoggedIn))
    }
    let rest: string
    try {
      rest = decodeURIComponent(url.pathname.slice('/bridge/'.length))
    } catch {
      return refuse(request, response, 404, failure('unknown_channel', 'There is no such channel.'))
    }
    if (request.method === 'GET' && rest === 'channels') return sendJson(response, 200, describeChannels())
    if (request.method === 'GET' && rest === 'events') return parts.streams.open(response)
    if (request.method === 'GET' && rest.startsWith('download/'))
      return downloadRoute(response, rest.slice('download/'.length))
    if (request.method !== 'POST') {
      return refuse(request, response, 405, failure('invalid_input', 'Bridge calls are POST requests.'))
    }
    const body = await readJsonBody(request, parts.maxBodyBytes)
    if (!body.ok) return refuse(request, response, body.status, failure('invalid_input', body.message))
    // The guard has established that the caller is our own page: the router sees our origin.
    const reply = await services.router.handle(rest, body.value, {
      origin: requestOrigin ?? parts.origin,
      isMainFrame: true
    })
    sendJson(response, 200, reply)
    // the page's first call after login answered: its first screen is up, what it does not need starts
    if (firstCall) {
      firstCall = false
      services.firstScreenPainted()
    }
  }

  /**
   * `POST /bridge/session {"login": "<secret from the link's fragment>"}` from our own page: the
   * secret works once and becomes a session value the page keeps in its origin's storage.
   */
  async function loginRoute(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'POST') {
      return refuse(request, response, 405, failure('invalid_input', 'Log in with a POST request.'))
    }
    const body = await readJsonBody(request, 1024)
    if (!body.ok) return refuse(request, response, body.status, failure('invalid_input', body.message))
    const parsed = z
      .object({ login: z.string().max(128) })
      .strict()
      .safeParse(body.value)
    const session = parsed.success ? sessions.login(parsed.data.login) : null
    if (session === null) {
      logger.warn('host.login_refused', {})
      return sendJson(response, 403, failure('forbidden', usedLink))
    }
    return sendJson(response, 200, { ok: true, data: { session } })
  }

  /** Streams a finished export once, then deletes it: the page saves it through a blob URL. */
  async function downloadRoute(response: ServerResponse, downloadId: string): Promise<void> {
    const download = /^[A-Za-z0-9_-]{1,64}$/.test(downloadId) ? services.downloads.take(downloadId) : undefined
    if (download === undefined) {
      return sendJson(response, 404, failure('not_found', 'That file is no longer available. Export it again.'))
    }
    const size = statSync(download.path).size
    try {
      response.writeHead(200, {
        'content-type': downloadType(download.fileName),
        'content-length': String(size),
        'content-disposition': contentDisposition(download.fileName),
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-store'
      })
      await pipeline(createReadStream(download.path), response)
    } catch (error) {
      // The browser closed the connection: once it had every byte (it may close before the
      // response's own end is noted) that is a download done; before, the user stopped it.
      // Neither is a failure of the host.
      if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') throw error
      const sent = response.socket?.bytesWritten ?? 0
      if (sent < size) logger.info('host.download_stopped', { bytes: size, sent })
    } finally {
      services.downloads.release(download)
    }
  }
}

/** What a finished file is, by the extension the export gave it. */
function downloadType(fileName: string): string {
  const name = fileName.toLowerCase()
  for (const format of Object.values(exportFormats)) if (name.endsWith(`.${format.extension}`)) return format.mediaType
  return 'application/json; charset=utf-8'
}

const newLinkHint =
  'To get a new link, press Enter in the terminal where Talent Desk runs (or stop it with Ctrl+C and start it again).'
const notLoggedIn = `This browser is not logged in to Talent Desk (or Talent Desk was restarted). Open the link printed in the terminal where it runs. ${newLinkHint}`
const usedLink = `This link has been used already or is not the current one. If Talent Desk is open in another tab of this browser, use that tab. ${newLinkHint}`

function describeChannels() {
  return channelNames.map((name) => ({
    name,
    input: z.toJSONSchema(channels[name].input, { io: 'input', unrepresentable: 'any' }),
    output: z.toJSONSchema(channels[name].output, { io: 'output', unrepresentable: 'any' })
  }))
}
