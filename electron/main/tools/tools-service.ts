import type { PeopleHeld } from '../platform/event-bus'
import type { CallToolResult, Tool as McpTool } from '@modelcontextprotocol/sdk/types.js'
import type { ConnectionTestPart } from '../../../shared/ipc/channels/connections'
import type {
  Tool,
  ToolAllowances as ToolAllowancesList,
  ToolCallResult,
  ToolsOverview
} from '../../../shared/ipc/channels/tools'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import type { Logger } from '../logging/logger'
import { legacyCredentialMessage, mentionsLegacyCredential, userOnlyTools } from '../toolserver/legacy-credential'
import { SANDBOX_CONNECTION_ID } from '../../../shared/ipc/channels/connections'
import type { BudgetsPort, ConnectionsPort } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { RequestRegistry } from '../ipc/request-registry'
import type { StoreAccess } from '../store/store-access'
import { CredentialKinds } from './credential-kinds'
import { SpendConfirmations, type ToolContactQuotes } from './spend-confirmations'
import { ToolAllowances } from './tool-allowances'
import { ToolLedger } from './tool-ledger'
import { testToolServer } from './tool-server-test'
import { ToolServers, type ToolServer, type ToolServersDeps } from './tool-servers'
import { creditsIn, mightSpend, spendOf, type ToolCredits } from './tool-spend'

export interface ToolsDeps extends ToolServersDeps {
  connections: ConnectionsPort
  stores: StoreAccess
  contacts: ToolContactQuotes
  /** Credit budgets (the budgets feature): a call that may spend is checked before it is sent. */
  budgets?: () => BudgetsPort
  /** Told when a tool call changed the balance (creditsChanged). */
  events?: EventHub
  requests: RequestRegistry
  logger: Logger
  /** Told whose contact details a tool call bought (the bus's peopleHeld: provenance). */
  held?: (held: PeopleHeld) => void
}

/**
 * A connection's tool server: its tools, and their calls — a call that may spend goes only with
 * its confirmed quote (SpendConfirmations), and what it spent goes in the ledger (ToolLedger). The
 * parts: the token source and MCP client of each connection (ToolServers), what kind of
 * credential it is (CredentialKinds, learnt from the server's answers), the tools allowed without
 * asking (ToolAllowances) and Settings' test (testToolServer).
 */
export class ToolsService {
  readonly #deps: ToolsDeps
  readonly #servers: ToolServers
  readonly #credentials: CredentialKinds
  readonly #ledger: ToolLedger
  readonly #spends: SpendConfirmations
  /** The tools each connection allows without asking (Settings lists them, with Revoke). */
  readonly #allowances: ToolAllowances

  constructor(deps: ToolsDeps) {
    this.#deps = deps
    this.#servers = new ToolServers(deps)
    this.#credentials = new CredentialKinds(deps)
    this.#allowances = new ToolAllowances({ stores: deps.stores, now: deps.now ?? Date.now })
    this.#ledger = new ToolLedger({ ...deps, allowances: this.#allowances })
    this.#spends = new SpendConfirmations({
      contacts: deps.contacts,
      ...(deps.budgets ? { budgets: deps.budgets } : {}),
      balance: (connectionId) => this.#ledger.balance(connectionId),
      allowances: this.#allowances,
      logger: deps.logger,
      now: deps.now ?? Date.now
    })
  }

  async list({ reload }: HandlerInput<'listTools'>): Promise<ToolsOverview> {
    const access = await this.#deps.connections.toolAccess()
    const entry = await this.#servers.of(access)
    // a fresh handshake; a call running meanwhile finishes on the old session
    if (reload === true) await entry.client.renew()
    const started = Date.now()
    const tools = await entry.client.listTools()
    return {
      connectionId: access.connection.id,
      connectionName: access.connection.name,
      mcpUrl: access.mcpUrl,
      server: entry.client.serverInfo(),
      credential: this.#credentials.of(access.connection.id, entry.clientId),
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
    const entry = await this.#servers.of(access)
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
        before = spending ? await this.#ledger.balance(connectionId) : this.#ledger.lastSeen(connectionId)
        result = await this.#deps.requests.run(requestId, (signal) => entry.client.callTool(name, args, signal))
      } catch (error) {
        if (error instanceof AppError && (error.details as { legacy?: boolean } | undefined)?.legacy === true) {
          this.#credentials.learn(connectionId, entry.clientId, 'legacy')
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
    entry: ToolServer,
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
      this.#credentials.learn(connectionId, entry.clientId, 'legacy')
    } else if (!isError && userOnlyTools.has(name)) {
      this.#credentials.learn(connectionId, entry.clientId, 'user')
    }
    this.#deps.logger.info('tools.call', { tool: name, isError, durationMs })
    const structured = (result.structuredContent as Record<string, unknown> | undefined) ?? null
    const after = creditsIn(structured) ?? (spending ? await this.#ledger.balance(connectionId) : null)
    if (after !== null) {
      this.#ledger.account(connectionId, { name, args, requestId, before, after, structured, spending })
    }
    return {
      name,
      isError,
      content: result.content as ToolCallResult['content'],
      structuredContent: (result.structuredContent as Record<string, unknown> | undefined) ?? null,
      notice,
      credential: this.#credentials.of(connectionId, entry.clientId),
      durationMs
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
  testParts(connectionId: string): Promise<ConnectionTestPart[]> {
    return testToolServer(
      { toolAccess: (id) => this.#deps.connections.toolAccess(id), servers: this.#servers },
      connectionId
    )
  }

  /** Drops a connection's token and session: the next use exchanges the (new) secret afresh. */
  forget(connectionId: string): void {
    this.#servers.forget(connectionId)
  }

  close(): Promise<void> {
    return this.#servers.close()
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
