import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { applyFault, stall } from './faults/apply'
import type { FaultInjector } from './faults/injector'
import { createMcpEndpoint } from './mcp/mcp-endpoint'
import type { ToolContext } from './mcp/tools/context'
import { WorkspaceStore } from './mcp/tools/workspace-store'
import type { Clock } from './server/clock'
import { ContactBook, type ContactTiming } from './server/contacts/contact-book'
import { CreditPool } from './server/contacts/credit-pool'
import type { SandboxCredentials } from './server/credentials'
import { keepBeforeAnswer } from './server/http/keep-before-answer'
import { sendJson } from './server/http/respond'
import type { ClientCredential } from './server/oauth/principals'
import { createTokenEndpoint } from './server/oauth/token-endpoint'
import { TokenStore } from './server/oauth/token-store'
import type { Organisation } from './server/partner/organisation'
import { transactionsRoute } from './server/partner/analytics'
import { conversationalSearchRoute, type InterpretUtterance } from './server/partner/conversational-search'
import { ConversationStore } from './server/partner/conversations'
import { matchProfilesRoute } from './server/partner/match-profiles'
import { createPartnerApi } from './server/partner/partner-api'
import { premiumContactsRoute } from './server/partner/premium-contacts'
import { jobDataRoute, jobStatusRoute, refreshProfilesRoute } from './server/partner/refresh-routes'
import { TransactionLog } from './server/partner/transaction-log'
import type { ProfileCatalog } from './search/profile-catalog'
import { applyCareerMove } from './server/refresh/career-move'
import { RefreshJobs, type RefreshTiming } from './server/refresh/refresh-jobs'
import { STATE_VERSION, type SandboxState } from './server/state-file'

export interface SandboxServerDeps {
  catalog: ProfileCatalog
  interpret: InterpretUtterance
  clock: Clock
  credentials: SandboxCredentials
  credits: number
  seed: number
  tokenTtlSeconds: number
  contactTiming: ContactTiming
  refreshTiming: RefreshTiming
  faults?: FaultInjector | undefined
  /** Called after every request that reached the organisation (the state may have changed). */
  onChange?: () => void
  /**
   * Called (synchronously) before any byte of an answer is written: writes the state when a
   * purchase or a refresh job was made since it was last written (see `revision`).
   */
  keep?: () => void
}

/** The running server and its organisation's state. */
export interface SandboxServer {
  server: Server
  baseUrl: () => string
  snapshot(): SandboxState
  restore(state: SandboxState): void
  /** Back to the first state: initial credits, nothing bought, no jobs, calls or conversations. */
  reset(): void
  /** Grows with every purchase and refresh job made: a client was (or is about to be) told of them. */
  revision(): number
}

/** Wires the organisation, the Partner API, the token endpoint and /mcp into one node:http server. */
export function createSandboxServer(deps: SandboxServerDeps): SandboxServer {
  let base = ''
  const baseUrl = (): string => base
  const mcpUrl = (): string => `${base}/mcp`
  const { catalog, clock, credentials: cred } = deps

  const credits = new CreditPool(deps.credits)
  const conversations = new ConversationStore()
  const org: Organisation = {
    id: cred.organisationId,
    name: 'Sandbox Recruiting',
    apiKey: cred.apiKey,
    credits,
    contacts: new ContactBook(credits, deps.contactTiming, deps.seed),
    refresh: new RefreshJobs(
      {
        resolveHandle: (handle) => catalog.byHandle(handle)?.key ?? undefined,
        markRefreshed: (key, at) => {
          const profile = catalog.get(key)
          if (!profile) return
          applyCareerMove(profile, at)
          profile.last_refreshed = at
        }
      },
      deps.refreshTiming,
      {
        progress: (jobId) => `${base}/api/Refresh/GetJobStatus/${encodeURIComponent(jobId)}`,
        data: (jobId) => `${base}/api/Refresh/GetJobData/${encodeURIComponent(jobId)}`
      }
    ),
    transactions: new TransactionLog('Sandbox Recruiting')
  }

  const partner = createPartnerApi({
    clock,
    organisationByKey: (key) => (key === org.apiKey ? org : undefined),
    faults: deps.faults,
    routes: [
      matchProfilesRoute(catalog),
      conversationalSearchRoute(catalog, conversations, deps.interpret),
      premiumContactsRoute(catalog),
      refreshProfilesRoute(),
      jobStatusRoute(),
      jobDataRoute(catalog),
      transactionsRoute()
    ]
  })

  const clients: ClientCredential[] = [
    {
      clientId: cred.clientId,
      clientSecret: cred.clientSecret,
      principal: {
        kind: 'user',
        clientId: cred.clientId,
        organisationId: org.id,
        userId: cred.userId,
        email: 'recruiter@sandbox.example.com',
        name: 'Sam Sandbox'
      }
    },
    {
      clientId: cred.legacyClientId,
      clientSecret: cred.legacyClientSecret,
      principal: { kind: 'legacy', clientId: cred.legacyClientId, organisationId: org.id }
    }
  ]
  const tokens = new TokenStore(clock, deps.tokenTtlSeconds)
  const token = createTokenEndpoint({ clients, tokens, mcpUrl })
  const workspaces = new WorkspaceStore()
  const mcp = createMcpEndpoint({
    tokens,
    mcpUrl,
    context: (principal): ToolContext => {
      org.refresh.settle(clock.now()) // tool outputs show last_refreshed too
      return { principal, org, catalog, interpret: deps.interpret, workspaces, clock }
    }
  })

  /**
   * Faults for the token endpoint and /mcp only when the SPEC asks (oauth=1, mcp=1); no truncation
   * there, and a stall holds the request back before it is handled.
   */
  const faulted = async (req: IncomingMessage, res: ServerResponse, applies: boolean): Promise<boolean> => {
    if (!deps.faults || !applies) return false
    const outcome = await applyFault(deps.faults.decide(), req, res, deps.faults.config.retryAfterSeconds)
    if (outcome === 'stall') await stall(deps.faults.config.stallMs)
    return outcome === 'answered'
  }

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base || 'http://127.0.0.1')
    const handle = async (): Promise<void> => {
      if (url.pathname === '/api/oauth/token') {
        if (!(await faulted(req, res, deps.faults?.config.applyToOAuth ?? false))) await token(req, res)
      } else if (url.pathname === '/mcp') {
        if (!(await faulted(req, res, deps.faults?.config.applyToMcp ?? false))) await mcp(req, res)
      } else {
        await partner(req, res, url)
      }
    }
    // a purchase or a job is on disk before its answer leaves; the rest is saved shortly after
    if (deps.keep) keepBeforeAnswer(res, deps.keep)
    if (deps.onChange) res.once('finish', deps.onChange)
    handle().catch((error: unknown) => {
      console.error('[sandbox] unhandled error', error)
      if (!res.headersSent) sendJson(res, 500, { error: { code: 'internal_error', message: 'Internal error' } })
      else res.destroy()
    })
  })
  server.on('listening', () => {
    const address = server.address()
    if (address && typeof address === 'object') base = `http://127.0.0.1:${address.port}`
  })
  const snapshot = (): SandboxState => ({
    version: STATE_VERSION,
    credits: credits.snapshot(),
    purchases: org.contacts.snapshot(),
    jobs: org.refresh.snapshot(),
    transactions: org.transactions.snapshot(),
    conversations: conversations.snapshot(),
    workspaces: workspaces.snapshot()
  })
  const restore = (state: SandboxState): void => {
    credits.restore(state.credits)
    org.contacts.restore(state.purchases)
    org.refresh.restore(state.jobs)
    org.transactions.restore(state.transactions)
    conversations.restore(state.conversations)
    workspaces.restore(state.workspaces)
  }
  const initial = snapshot()
  const revision = (): number => org.contacts.revision + org.refresh.revision
  return { server, baseUrl, snapshot, restore, reset: () => restore(initial), revision }
}
