import type { PeopleHeld } from '../platform/event-bus'
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js'
import type { ConnectionTestPart } from '../../../shared/ipc/channels/connections'
import type {
  CredentialKind,
  Tool,
  ToolAllowances as ToolAllowancesList,
  ToolCallResult,
  ToolsOverview
} from '../../../shared/ipc/channels/tools'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { Logger } from '../logging/logger'
import { legacyCredentialMessage, mentionsLegacyCredential, userOnlyTools } from '../toolserver/legacy-credential'
import type * as ToolServerClientModule from '../toolserver/tool-server-client'
import type { ToolServerClient } from '../toolserver/tool-server-client'
import { TokenSource } from '../toolserver/token-source'
import { SANDBOX_CONNECTION_ID } from '../../../shared/ipc/channels/connections'
import type { BudgetsPort, ConnectionsPort, ToolAccess } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { RequestRegistry } from '../ipc/request-registry'
import type { StoreAccess } from '../store/store-access'
import { SpendConfirmations, type ToolContactQuotes } from './spend-confirmations'
import { ToolAllowances, toolSpendMessage } from './tool-allowances'
import {
  argumentNames,
  contactRowsIn,
  contactTypeIn,
  creditsIn,
  keysIn,
  mightSpend,
  spendOf,
  type ToolContactRow,
  type ToolCredits
} from './tool-spend'
import { errorMessage } from '../../../shared/error-message'

export interface ToolsDeps {
  connections: ConnectionsPort
  stores: StoreAccess
  contacts: ToolContactQuotes
  /** Credit budgets (the budgets feature): a call that may spend is checked before it is sent. */
  budgets?: () => BudgetsPort
  /** Told when a tool call changed the balance (creditsChanged). */
  events?: EventHub
  requests: RequestRegistry
  /** undici's fetch on the app's dispatcher (token exchange and tool server alike). */
  fetch: typeof fetch
  logger: Logger
  clientInfo: { name: string; version: string }
  /** The log's masking: every access token issued is added to it. */
  mask?: (token: string) => void
  now?: () => number
  tokenMarginMs?: number
  callTimeoutMs?: number
  listRetryMinMs?: number
  /** Told whose contact details a tool call bought (the bus's peopleHeld: provenance). */
  held?: (held: PeopleHeld) => void
}

interface Entry {
  signature: string
  clientId: string
  tokens: TokenSource
  client: ToolServerClient
}

const credentialKey = (connectionId: string) => `toolCredential:${connectionId}`

/**
 * The MCP SDK's client is loaded at the first use of a tool server, not at every start: it was a
 * fifth of the main process's start (its modules and their schemas), before the window could open.
 */
let clientModule: Promise<typeof ToolServerClientModule> | undefined
const loadClientModule = () => (clientModule ??= import('../toolserver/tool-server-client'))

/**
 * The tool server of each connection: one token source and one MCP client per connection, made
 * on first use and remade when its addresses or client id change; `forget` drops both (a rotated
 * secret, a removed connection). What kind of credential it is — user-bound or an older one — is
 * learnt from the server's answers and remembered per client id.
 */
export class ToolsService {
  readonly #deps: ToolsDeps
  readonly #entries = new Map<string, Entry>()
  readonly #spends: SpendConfirmations
  /** The tools each connection allows without asking (Settings lists them, with Revoke). */
  readonly #allowances: ToolAllowances

  constructor(deps: ToolsDeps) {
    this.#deps = deps
    this.#allowances = new ToolAllowances({ stores: deps.stores, now: deps.now ?? Date.now })
    this.#spends = new SpendConfirmations({
      contacts: deps.contacts,
      ...(deps.budgets ? { budgets: deps.budgets } : {}),
      balance: (connectionId) => this.#balance(connectionId),
      allowances: this.#allowances,
      logger: deps.logger,
      now: deps.now ?? Date.now
    })
  }

  async list({ reload }: HandlerInput<'listTools'>): Promise<ToolsOverview> {
    const access = await this.#deps.connections.toolAccess()
    const entry = await this.#entry(access)
    // a fresh handshake; a call running meanwhile finishes on the old session
    if (reload === true) await entry.client.renew()
    const started = Date.now()
    const tools = await entry.client.listTools()
    return {
      connectionId: access.connection.id,
      connectionName: access.connection.name,
      mcpUrl: access.mcpUrl,
      server: entry.client.serverInfo(),
      credential: this.#credential(access.connection.id, entry.clientId),
      tools: tools.map(toolView),
      durationMs: Date.now() - started
    }
  }

  async call({
    name,
    arguments: requested,
    requestId,
    quoteId,
    overBudget,
    alwaysAllow
  }: HandlerInput<'callTool'>): Promise<ToolCallResult> {
    const access = await this.#deps.connections.toolAccess()
    const entry = await this.#entry(access)
    const connectionId = access.connection.id
    // Every spend asks first: a call that may spend goes only with its confirmed quote.
    const spend = spendOf(
      await entry.client.checkedTool(name, requested),
      requested,
      connectionId === SANDBOX_CONNECTION_ID
    )
    const confirmed = await this.#spends.confirmed(connectionId, name, requested, spend, quoteId, {
      purchaseId: requestId,
      overBudget: overBudget === true,
      alwaysAllow: alwaysAllow === true
    })
    // a contact lookup goes for the people its quote priced: those it left out are not looked up
    const args =
      spend.kind === 'contacts' && confirmed?.keys !== undefined && confirmed.keys.length !== spend.keys.length
        ? { ...requested, keys: [...confirmed.keys] }
        : requested
    // A call that may spend: the balance first (free), so what it spent ends in the ledger.
    const spending = spend.kind !== 'free' || mightSpend(name, args)
    const started = Date.now()
    // A call that may spend takes the connection's spend turn from the balance before it to the
    // balance after it and its ledger entry: no purchase of the app's own falls in between.
    const turn = <T>(work: () => Promise<T>) =>
      spending ? this.#deps.contacts.inSpendTurn(connectionId, work) : work()
    // Its budget hold (admitted with the confirmation) ends once what it spent is in the ledger.
    return turn(async () => {
      let result: CallToolResult
      let before: ToolCredits | null
      try {
        before = spending ? await this.#balance(connectionId) : this.#lastSeen(connectionId)
        result = await this.#deps.requests.run(requestId, (signal) => entry.client.callTool(name, args, signal))
      } catch (error) {
        if (error instanceof AppError && (error.details as { legacy?: boolean } | undefined)?.legacy === true) {
          this.#learn(connectionId, entry.clientId, 'legacy')
        }
        confirmed?.hold.release()
        throw error
      } finally {
        confirmed?.release()
      }
      try {
        return await this.#answered(access.connection.id, entry, {
          name,
          args,
          requestId,
          before,
          spending,
          result,
          started
        })
      } finally {
        confirmed?.hold.release()
      }
    })
  }

  /** A tool's answer as the page sees it; what it spent (the balance after it) in the ledger. */
  async #answered(
    connectionId: string,
    entry: Entry,
    call: {
      name: string
      args: Record<string, unknown>
      requestId: string
      before: ToolCredits | null
      spending: boolean
      result: CallToolResult
      started: number
    }
  ): Promise<ToolCallResult> {
    const { name, args, requestId, before, spending, result, started } = call
    const durationMs = Date.now() - started
    const isError = result.isError === true
    const texts = result.content.map((block) => (block.type === 'text' ? block.text : '')).join('\n')
    let notice: string | null = null
    if (isError && mentionsLegacyCredential(texts)) {
      notice = legacyCredentialMessage
      this.#learn(connectionId, entry.clientId, 'legacy')
    } else if (!isError && userOnlyTools.has(name)) {
      this.#learn(connectionId, entry.clientId, 'user')
    }
    this.#deps.logger.info('tools.call', { tool: name, isError, durationMs })
    const structured = (result.structuredContent as Record<string, unknown> | undefined) ?? null
    const after = creditsIn(structured) ?? (spending ? await this.#balance(connectionId) : null)
    if (after !== null) {
      this.#account(connectionId, { name, args, requestId, before, after, structured, spending })
    }
    return {
      name,
      isError,
      content: result.content as ToolCallResult['content'],
      structuredContent: (result.structuredContent as Record<string, unknown> | undefined) ?? null,
      notice,
      credential: this.#credential(connectionId, entry.clientId),
      durationMs
    }
  }

  /**
   * Money has one book: a tool call after which the balance fell is recorded in the ledger as a
   * spend (the tool's name, its arguments' names, the people it named, the counts before and
   * after), the balance becomes the last seen one, and contacts it returned are saved and counted
   * as bought so no screen asks to pay for them again.
   */
  #account(
    connectionId: string,
    call: {
      name: string
      args: Record<string, unknown>
      requestId: string
      before: ToolCredits | null
      after: ToolCredits
      structured: Record<string, unknown> | null
      spending: boolean
    }
  ): void {
    const { name, args, requestId, before, after } = call
    // What this call spent: the count the tool reports for itself; else, for a call that may
    // spend, how far the balance fell around it. A reading call only updates the balance: the
    // balance also falls when others spend (the app's own purchases among them), and those are
    // in the ledger already.
    const spent =
      after.newRequestedCount ??
      (call.spending && before !== null ? Math.max(0, before.available - after.available) : 0)
    let store
    try {
      store = this.#deps.stores.get()
    } catch {
      this.#deps.logger.warn('tools.spend_not_recorded', { tool: name, spent, reason: 'the store is not open' })
      return
    }
    const rows = contactRowsIn(call.structured)
    const contactType = contactTypeIn(args)
    const seen = store.transaction(() => {
      const counts = this.#deps.contacts.recordToolCounts(connectionId, {
        available: after.available,
        ...(after.used === null ? {} : { used: after.used })
      })
      if (spent > 0) {
        const keys = keysIn(args)
        const entry = store.ledger.record({
          connectionId,
          purchaseId: requestId,
          contactType,
          keys,
          outcome: 'bought',
          creditsSpent: spent,
          availableBefore: before?.available ?? after.available + spent,
          usedBefore: before?.used ?? null,
          availableAfter: after.available,
          usedAfter: after.used,
          transactionId: null,
          message: toolSpendMessage(name, argumentNames(args))
        })
        const answered = rows.filter((row) => keys.includes(row.key)).map((row) => row.key)
        if (answered.length > 0) store.ledger.markBought(connectionId, contactType, answered, entry.id)
      }
      if (rows.length > 0) {
        this.#deps.contacts.saveToolContacts(connectionId, rows.map(asContactResult), {
          contactType,
          requestType: spent > 0 ? 'New' : 'Polling'
        })
      }
      return counts
    })
    if (spent > 0) {
      this.#deps.logger.info('tools.spend_recorded', { tool: name, spent })
      // a tool that moved the balance is never allowed without asking again
      if (this.#allowances.spent(connectionId, name)) this.#deps.logger.info('tools.allowance_dropped', { tool: name })
    }
    const bought = spent > 0 ? keysIn(args).filter((key) => rows.some((row) => row.key === key)) : []
    if (bought.length > 0) {
      this.#deps.held?.({
        kind: 'tool',
        what: 'contact',
        detail: `${contactType} contact details bought through the tool “${name}”`,
        connectionId,
        purchaseId: requestId,
        people: bought.map((key) => ({ key }))
      })
    }
    this.#deps.events?.emit('creditsChanged', {
      connectionId,
      available: seen.available,
      used: seen.used,
      seenAt: seen.recordedAt
    })
  }

  /** The service's balance now, from a free Partner API Polling (null when it cannot be read). */
  async #balance(connectionId: string): Promise<ToolCredits | null> {
    try {
      const { client } = await this.#deps.connections.client(connectionId)
      const answer = await client.getPremiumContacts(['talent-desk-balance'], 'Email', 'Polling')
      const count = answer.count?.value
      return creditsIn({ count: count ?? null })
    } catch (error) {
      this.#deps.logger.warn('tools.balance_unread', { error: errorMessage(error) })
      return this.#lastSeen(connectionId)
    }
  }

  #lastSeen(connectionId: string): ToolCredits | null {
    try {
      const counts = this.#deps.contacts.lastCounts(connectionId)
      return counts?.available == null
        ? null
        : { available: counts.available, used: counts.used ?? null, newRequestedCount: null }
    } catch {
      return null
    }
  }

  /** The tools a connection allows without asking (Settings). */
  allowances({ connectionId }: HandlerInput<'listToolAllowances'>): ToolAllowancesList {
    this.#known(connectionId)
    return this.#allowances.list(connectionId)
  }

  /** Settings' Revoke: the tool asks again from its next call that may spend. */
  revokeAllowance({ connectionId, tool }: HandlerInput<'revokeToolAllowance'>): ToolAllowancesList {
    this.#known(connectionId)
    return this.#allowances.revoke(connectionId, tool)
  }

  #known(connectionId: string): void {
    if (this.#deps.connections.nameOf(connectionId) === null) {
      throw new AppError('not_found', `There is no connection with id ${connectionId} any more. Reload the screen.`)
    }
  }

  /** Settings' "Test connection": the token exchange, then the tool server and its tools. */
  async testParts(connectionId: string): Promise<ConnectionTestPart[]> {
    let access: ToolAccess
    try {
      access = await this.#deps.connections.toolAccess(connectionId)
    } catch (error) {
      const message = errorMessage(error)
      return [
        part('token', 'Tool-server token', null, `Not checked: ${lowerFirst(message)}`),
        part('toolServer', 'Tool server', null, 'Not checked: there is no token to reach it with.')
      ]
    }
    // a test always exchanges afresh: a cached token would prove nothing about today's secret
    this.forget(connectionId)
    const entry = await this.#entry(access)
    let started = Date.now()
    try {
      await entry.tokens.token()
    } catch (error) {
      return [
        part('token', 'Tool-server token', false, errorMessage(error), Date.now() - started),
        part('toolServer', 'Tool server', null, 'Not checked: there is no token to reach it with.')
      ]
    }
    const tokenPart = part('token', 'Tool-server token', true, 'Issued for mcp:tools.', Date.now() - started)
    started = Date.now()
    try {
      const tools = await entry.client.listTools()
      const names = tools.map((t) => t.name)
      const listed = names.length === 0 ? 'no tools' : `${names.length} tools: ${names.join(', ')}`
      return [
        tokenPart,
        part(
          'toolServer',
          'Tool server',
          true,
          `Reachable at ${new URL(access.mcpUrl).host}, with ${listed}.`,
          Date.now() - started
        )
      ]
    } catch (error) {
      return [tokenPart, part('toolServer', 'Tool server', false, errorMessage(error), Date.now() - started)]
    }
  }

  /** Drops a connection's token and session: the next use exchanges the (new) secret afresh. */
  forget(connectionId: string): void {
    const entry = this.#entries.get(connectionId)
    if (entry === undefined) return
    this.#entries.delete(connectionId)
    entry.tokens.drop()
    void entry.client.close()
  }

  async close(): Promise<void> {
    const entries = [...this.#entries.values()]
    this.#entries.clear()
    await Promise.all(entries.map((entry) => entry.client.close()))
  }

  async #entry(access: ToolAccess): Promise<Entry> {
    const { ToolServerClient } = await loadClientModule()
    const signature = JSON.stringify([access.authUrl, access.mcpUrl, access.clientId])
    const cached = this.#entries.get(access.connection.id)
    if (cached !== undefined && cached.signature === signature) return cached
    if (cached !== undefined) this.forget(access.connection.id)
    const tokens = new TokenSource({
      authUrl: access.authUrl,
      mcpUrl: access.mcpUrl,
      clientId: access.clientId,
      clientSecret: access.clientSecret,
      fetch: this.#deps.fetch,
      ...(this.#deps.mask ? { mask: this.#deps.mask } : {}),
      ...(this.#deps.now ? { now: this.#deps.now } : {}),
      ...(this.#deps.tokenMarginMs === undefined ? {} : { marginMs: this.#deps.tokenMarginMs })
    })
    const client = new ToolServerClient({
      mcpUrl: access.mcpUrl,
      tokens,
      fetch: this.#deps.fetch,
      clientInfo: this.#deps.clientInfo,
      ...(this.#deps.callTimeoutMs === undefined ? {} : { callTimeoutMs: this.#deps.callTimeoutMs }),
      ...(this.#deps.listRetryMinMs === undefined ? {} : { listRetryMinMs: this.#deps.listRetryMinMs })
    })
    const entry = { signature, clientId: access.clientId, tokens, client }
    this.#entries.set(access.connection.id, entry)
    return entry
  }

  /** What was learnt about this connection's credential (for this client id; a new one starts unknown). */
  #credential(connectionId: string, clientId: string): CredentialKind {
    // the built-in sandbox's own client is bound to its (generated) recruiter
    if (connectionId === SANDBOX_CONNECTION_ID) return 'user'
    try {
      const saved = this.#deps.stores.get().settings.get(credentialKey(connectionId))
      if (saved === null) return 'unknown'
      const parsed = JSON.parse(saved) as { clientId?: unknown; kind?: unknown }
      if (parsed.clientId !== clientId) return 'unknown'
      return parsed.kind === 'user' || parsed.kind === 'legacy' ? parsed.kind : 'unknown'
    } catch {
      return 'unknown'
    }
  }

  #learn(connectionId: string, clientId: string, kind: 'user' | 'legacy'): void {
    try {
      this.#deps.stores.get().settings.set(credentialKey(connectionId), JSON.stringify({ clientId, kind }))
    } catch (error) {
      // the saved data is not open: the kind is learnt again next time
      this.#deps.logger.warn('tools.credential_not_saved', { error: errorMessage(error) })
    }
  }
}

function toolView(tool: McpTool): Tool {
  return {
    name: tool.name,
    title: tool.title ?? tool.annotations?.title ?? null,
    description: tool.description ?? null,
    inputSchema: tool.inputSchema as Record<string, unknown>,
    readOnly: tool.annotations?.readOnlyHint ?? null,
    destructive: tool.annotations?.destructiveHint ?? null
  }
}

function part(
  which: ConnectionTestPart['part'],
  label: string,
  ok: boolean | null,
  message: string,
  durationMs: number | null = null
): ConnectionTestPart {
  return { part: which, label, ok, message, durationMs }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}

/** A tool's contact row in the Partner API's Contact Result shape, for the contacts store. */
function asContactResult(row: ToolContactRow): Record<string, unknown> {
  return {
    request: { key: row.key },
    status: row.status,
    emails: row.emails,
    phone_numbers: row.phones,
    ...(row.error === null ? {} : { execution_trace: { error: row.error } })
  }
}
