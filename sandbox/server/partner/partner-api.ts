import type { IncomingMessage, ServerResponse } from 'node:http'
import { applyFault, sendTruncated, stall } from '../../faults/apply'
import { redactSecrets } from '../../../shared/secrets'
import type { FaultInjector } from '../../faults/injector'
import type { Clock } from '../clock'
import { readJsonBody } from '../http/body'
import { ApiError } from '../http/errors'
import { responseMediaType } from '../http/negotiate'
import { sendBody } from '../http/respond'
import type { Organisation } from './organisation'
import type { PartnerReply, PartnerRoute } from './route'

export interface PartnerApiOptions {
  clock: Clock
  organisationByKey(apiKey: string): Organisation | undefined
  routes: PartnerRoute[]
  faults?: FaultInjector | undefined
}

function findRoute(routes: PartnerRoute[], method: string, path: string): { route: PartnerRoute; params: string[] } {
  let pathKnown = false
  for (const route of routes) {
    const m = route.pattern.exec(path)
    if (!m) continue
    pathKnown = true
    if (route.method === method) return { route, params: m.slice(1).map((p) => decodeURIComponent(p)) }
  }
  if (pathKnown) throw new ApiError(405, 'invalid_request', `Method ${method} is not allowed on ${path}`)
  throw new ApiError(404, 'not_found', `No Partner API operation at ${path} (paths are case-sensitive)`)
}

function authenticate(req: IncomingMessage, lookup: PartnerApiOptions['organisationByKey']): Organisation {
  const key = req.headers['api-key']
  if (typeof key !== 'string' || key === '') throw new ApiError(401, 'unauthorized', 'The Api-Key header is required')
  const org = lookup(key)
  if (!org) throw new ApiError(401, 'unauthorized', 'The Api-Key header does not name a valid API key')
  return org
}

/**
 * The Partner API: routing, faults, Api-Key check, body parsing, content negotiation,
 * error bodies and the transaction log, around route handlers that only hold the domain logic.
 */
export function createPartnerApi(options: PartnerApiOptions) {
  return async function handlePartner(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void> {
    const requestAt = options.clock.now()
    let truncate = false
    let stalled = false
    let org: Organisation | undefined
    let route: PartnerRoute | undefined
    let bodySummary = ''
    let reply: PartnerReply
    let status: number
    let text: string
    let contentType = 'application/json; charset=utf-8'
    try {
      if (options.faults) {
        const outcome = await applyFault(options.faults.decide(), req, res, options.faults.config.retryAfterSeconds)
        if (outcome === 'answered') return
        truncate = outcome === 'truncate'
        stalled = outcome === 'stall'
      }
      const found = findRoute(options.routes, req.method ?? 'GET', url.pathname)
      route = found.route
      org = authenticate(req, options.organisationByKey)
      const now = options.clock.now()
      org.refresh.settle(now)
      reply = await route.run({
        req,
        url,
        params: found.params,
        org,
        now,
        body: async () => {
          const value = await readJsonBody(req)
          // The call log is readable through the API: never record a credential sent in a body.
          bodySummary = ` ${JSON.stringify(redactSecrets(value))}`
          return value
        }
      })
      status = reply.status ?? 200
      text = JSON.stringify(reply.body)
      contentType = `${responseMediaType(req)}; charset=utf-8`
    } catch (error) {
      const apiError =
        error instanceof ApiError
          ? error
          : new ApiError(500, 'internal_error', `Internal error: ${(error as Error).message}`)
      if (apiError.status === 500) console.error('[sandbox] partner API error', error)
      status = apiError.status
      text = JSON.stringify(apiError.body)
      reply = { status, body: apiError.body, summary: `${status} ${apiError.code}: ${apiError.message}` }
    }
    if (org && route?.type) {
      org.transactions.add({
        type: route.type,
        request: `${req.method} ${url.pathname}${url.search}${bodySummary}`,
        response: reply.summary,
        requestAt,
        responseAt: options.clock.now()
      })
    }
    if (!req.readableEnded) req.resume() // unread bodies (early errors) must not stall keep-alive
    // Stalled: the work is done (credits spent, job started), the answer comes too late for a client's time limit.
    if (stalled && options.faults) await stall(options.faults.config.stallMs)
    if (truncate) sendTruncated(res, status, text, { 'content-type': contentType })
    else sendBody(res, status, text, { 'content-type': contentType })
  }
}
