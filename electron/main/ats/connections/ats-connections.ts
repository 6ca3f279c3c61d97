import { randomUUID } from 'node:crypto'
import type { Dispatcher } from 'undici'
import type {
  AddAtsConnection,
  AtsCheckView,
  AtsConnections as AtsConnectionsOverview,
  AtsConnectionView
} from '../../../../shared/ipc/channels/ats'
import { errorMessage } from '../../../../shared/error-message'
import { AppError } from '../../../../shared/ipc/errors'
import { ApiError } from '../../api/api-error'
import type { AtsFakeEndpoints } from '../../embedded-api/worker-protocol'
import type { EventHub } from '../../ipc/event-hub'
import type { Logger } from '../../logging/logger'
import type { AnswerLimits } from '../../net/answer-limits'
import type { Paced, Paces } from '../../pace/paces'
import { isoNow, type Clock } from '../../store/clock'
import type { StoreAccess } from '../../store/store-access'
import { AtsClient, atsFetch, atsNames, type AtsAnswer, type AtsAuth, type AtsKind } from '../ats-client'
import { atsOrigin, type AtsKeys } from '../ats-keys'
import { checkConnection } from '../connection-check'
import { AtsConnectionsRepo, type AtsConnectionRow } from './ats-connections-repo'
import { AtsConnectionEdits, type AtsConnectionChanges } from './connection-edits'
import { LeverTokenAuth } from './lever-oauth'
import { LeverSignIns } from './lever-sign-ins'

/** What a Sandbox connection's row holds for its address: its fake's port is chosen at each start. */
export const SANDBOX_ATS_PLACEHOLDER_URL = 'http://127.0.0.1/'

/** Greenhouse counts requests in a rolling window of this long; its X-RateLimit-Limit is per window. */
export const GREENHOUSE_WINDOW_MS = 10_000

/** The built-in Sandbox, as far as the ATS connections need it: its fakes, started on demand. */
export interface SandboxAtsFakes {
  atsFakes(): AtsFakeEndpoints | null
  startAtsFakes(): Promise<AtsFakeEndpoints>
}

/** A connection ready to call: its settings (the Sandbox's address filled in) and its client. */
export interface OpenedAtsConnection {
  connection: AtsConnectionRow
  client: AtsClient
}

/** A connection was added (or its removal undone), or removed: what push and pull engines follow. */
export interface AtsConnectionChange {
  type: 'added' | 'removed'
  id: string
}

/** The pace/ and gate id of an ATS connection (apart from the Partner API connections' ids). */
export const atsPaceId = (id: string) => `ats:${id}`

/**
 * The calls a connection's ATS allows, as calls a second (what Settings → ATS shows): Greenhouse's
 * X-RateLimit-Limit counts a rolling 10 s window, one less than the limit per window. The pace
 * itself keeps to the window (Paces.windowSaid), a burst up to the limit included.
 */
export function paceFromLimit(limit: number): number {
  return Math.max(limit - 1, 0.5) / (GREENHOUSE_WINDOW_MS / 1000)
}

/**
 * The ATS connections (Greenhouse, Lever) and the small API the rest of ats/ uses to call them:
 *
 * - `open(id)` → `{ connection, client }`: an AtsClient on the main dispatcher, with the key read
 *   from the keychain for the connection's exact origin (a moved address gets no key: an error
 *   says so), at the connection's pace (pace/, id `ats:<id>`: never above what the ATS's
 *   X-RateLimit-Limit allows, learnt from its answers and kept with the connection), and its 429s
 *   held by the connection's gate for every call on it. A Sandbox connection's address and key
 *   are the built-in Sandbox's fakes', started when first opened.
 * - `list()`: the live connections; `onChange(listener)`: told when one is added (or its removal
 *   undone) or removed, so push and pull engines start or stop for it.
 *
 * The page's channels (handlers.ts) are the rest: overview, add, test, remove with undo, and
 * "Try with the Sandbox's Greenhouse / Lever".
 */
export class AtsConnections {
  readonly #opened = new Map<string, Promise<OpenedAtsConnection>>()
  readonly #listeners = new Set<(change: AtsConnectionChange) => void>()

  constructor(
    private readonly deps: {
      stores: StoreAccess
      keys: AtsKeys
      sandbox: SandboxAtsFakes | null
      dispatcher: Dispatcher
      limits: AnswerLimits
      paces: Paces
      clock: Clock
      events: EventHub
      logger: Logger
      newId?: () => string
      /** Opens a web address in the system browser (the shell's port); without it the page offers the link. */
      openInBrowser?: ((url: string) => Promise<void>) | undefined
      /** How long a Lever sign-in waits for the browser (lever-oauth.ts's 10 minutes unless said). */
      oauthWaitMs?: number
    }
  ) {
    this.#edits = new AtsConnectionEdits({
      repo: () => this.#repo(),
      keys: deps.keys,
      logger: deps.logger,
      reopen: (id) => this.#opened.delete(id)
    })
    this.signIns = new LeverSignIns({
      keys: deps.keys,
      fetch: atsFetch(deps.dispatcher, deps.limits),
      now: () => deps.clock.now().getTime(),
      logger: deps.logger,
      openInBrowser: deps.openInBrowser,
      ...(deps.oauthWaitMs === undefined ? {} : { waitMs: deps.oauthWaitMs }),
      ...(deps.newId === undefined ? {} : { newId: deps.newId })
    })
  }

  /** Edits and their undo (this session only). */
  readonly #edits: AtsConnectionEdits

  /** "Connect Lever with OAuth": the sign-ins under way (start, cancel); finishLeverOAuth saves what one gave. */
  readonly signIns: LeverSignIns

  #repo(): AtsConnectionsRepo {
    return new AtsConnectionsRepo(this.deps.stores.get().database.db)
  }

  /** The live connections (Sandbox ones with their placeholder address). */
  list(): AtsConnectionRow[] {
    return this.#repo().list()
  }

  /** Told of every connection added, restored or removed; returns how to stop. */
  onChange(listener: (change: AtsConnectionChange) => void): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }

  /** A client for a connection, ready to call (the same one while the connection lives). */
  open(id: string): Promise<OpenedAtsConnection> {
    let opened = this.#opened.get(id)
    if (opened === undefined) {
      opened = this.#open(id)
      this.#opened.set(id, opened)
      opened.catch(() => this.#opened.delete(id))
    }
    return opened
  }

  async overview(): Promise<AtsConnectionsOverview> {
    const fakes = this.deps.sandbox?.atsFakes() ?? null
    const connections: AtsConnectionView[] = []
    for (const row of this.list()) {
      let key: AtsConnectionView['key'] = { configured: true, hint: null }
      let auth: AtsConnectionView['auth'] = 'apiKey'
      const oauth =
        !row.sandbox && row.kind === 'lever'
          ? await this.deps.keys.readOAuth(row.id, row.baseUrl).catch(() => null)
          : null
      if (oauth !== null) auth = 'oauth'
      else if (!row.sandbox) {
        const secret = await this.deps.keys.read(row.id, row.baseUrl).catch(() => null)
        key = { configured: secret !== null, hint: secret !== null && secret.length >= 8 ? secret.slice(-4) : null }
      }
      connections.push({
        id: row.id,
        kind: row.kind,
        name: row.name,
        baseUrl: row.sandbox ? (fakes?.[row.kind].baseUrl ?? null) : row.baseUrl,
        actingUser: row.actingUser,
        sandbox: row.sandbox,
        key,
        auth,
        rateLimit: row.rateLimit,
        pace: this.#pace(row),
        createdAt: row.createdAt
      })
    }
    return { connections, sandboxAvailable: this.deps.sandbox !== null }
  }

  #pace(row: AtsConnectionRow): AtsConnectionView['pace'] {
    const info = this.deps.paces.info(atsPaceId(row.id))
    const ceiling =
      row.rateLimit === null ? info.ceiling : Math.min(info.ceiling, Math.round(paceFromLimit(row.rateLimit) * 10) / 10)
    return { ceiling, rate: info.rate === null ? null : Math.min(info.rate, ceiling), limit: info.limit }
  }

  /** Saves a connection and its key in the keychain, bound to the API root's origin. */
  async add(input: AddAtsConnection): Promise<AtsConnectionsOverview> {
    const baseUrl = input.baseUrl.replace(/\/+$/, '')
    atsOrigin(baseUrl)
    const id = this.deps.newId?.() ?? randomUUID()
    await this.deps.keys.set(id, baseUrl, input.apiKey)
    try {
      this.#repo().insert({
        id,
        kind: input.kind,
        name: input.name,
        baseUrl,
        actingUser: input.kind === 'greenhouse' ? input.onBehalfOf : input.performAs,
        sandbox: false,
        rateLimit: null,
        createdAt: isoNow(this.deps.clock)
      })
    } catch (error) {
      await this.deps.keys.clear(id).catch(() => undefined)
      throw error
    }
    this.deps.logger.info('ats.connection_added', { id, kind: input.kind, origin: atsOrigin(baseUrl) })
    return this.#changed({ type: 'added', id })
  }

  /** Step two (lever-sign-ins.ts): Lever sent the browser back; the tokens go to the keychain and the connection is saved. */
  async finishLeverOAuth(flowId: string): Promise<AtsConnectionsOverview> {
    const flow = await this.signIns.wait(flowId)
    const tokens = flow.tokens
    const id = this.deps.newId?.() ?? randomUUID()
    await this.deps.keys.setOAuth(id, flow.input.baseUrl, tokens)
    try {
      this.#repo().insert({
        id,
        kind: 'lever',
        name: flow.input.name,
        baseUrl: flow.input.baseUrl,
        actingUser: flow.input.performAs,
        sandbox: false,
        rateLimit: null,
        createdAt: isoNow(this.deps.clock)
      })
    } catch (error) {
      await this.deps.keys.clear(id).catch(() => undefined)
      throw error
    }
    this.deps.logger.info('ats.connection_added', {
      id,
      kind: 'lever',
      auth: 'oauth',
      origin: atsOrigin(flow.input.baseUrl)
    })
    return this.#changed({ type: 'added', id })
  }

  /** Starts the built-in Sandbox's fake Greenhouse or Lever (if not yet up) and connects to it (once). */
  async connectSandbox(kind: AtsKind): Promise<AtsConnectionsOverview> {
    const fakes = await this.#sandboxFakes()
    const existing = this.list().find((row) => row.sandbox && row.kind === kind)
    if (existing !== undefined) return this.#changed(null)
    const id = this.deps.newId?.() ?? randomUUID()
    this.#repo().insert({
      id,
      kind,
      name: `Sandbox’s ${atsNames[kind]}`,
      baseUrl: SANDBOX_ATS_PLACEHOLDER_URL,
      actingUser: kind === 'greenhouse' ? String(fakes.greenhouse.onBehalfOf) : fakes.lever.performAs,
      sandbox: true,
      rateLimit: null,
      createdAt: isoNow(this.deps.clock)
    })
    this.deps.logger.info('ats.connection_added', { id, kind, sandbox: true })
    return this.#changed({ type: 'added', id })
  }

  /** What the key may do, changing nothing in the ATS (connection-check.ts). */
  async test(id: string): Promise<AtsCheckView> {
    const { connection, client } = await this.open(id)
    const check = await checkConnection(client, connection.kind, connection.actingUser)
    this.#learnt(id, client)
    return check
  }

  /** Removed at once (nothing opens it any more); its row and key stay until the undo is over. */
  async remove(id: string): Promise<AtsConnectionsOverview> {
    if (!this.#repo().remove(id, isoNow(this.deps.clock))) throw notFound()
    this.#opened.delete(id)
    this.deps.logger.info('ats.connection_removed', { id })
    return this.#changed({ type: 'removed', id })
  }

  async undoRemove(id: string): Promise<AtsConnectionsOverview> {
    if (!this.#repo().restore(id))
      throw new AppError('not_found', 'That ATS connection can no longer be brought back: add it again.')
    this.deps.logger.info('ats.connection_restored', { id })
    return this.#changed({ type: 'added', id })
  }

  /** Renames a connection, replaces its key or the user it acts as (connection-edits.ts); undoEdit puts it back. */
  async edit(id: string, changes: AtsConnectionChanges): Promise<AtsConnectionsOverview> {
    await this.#edits.edit(id, changes)
    return this.#changed(null)
  }

  async undoEdit(id: string): Promise<AtsConnectionsOverview> {
    await this.#edits.undo(id)
    return this.#changed(null)
  }

  /**
   * At start (once the first screen is up): removed connections' keys go (their undo ended with
   * the last session), and the Sandbox's fakes start if a saved connection points at them.
   */
  async start(): Promise<void> {
    await this.purgeRemoved()
    if (this.deps.sandbox !== null && this.list().some((row) => row.sandbox)) {
      try {
        await this.deps.sandbox.startAtsFakes()
        await this.#changed(null)
      } catch (error) {
        this.deps.logger.warn('ats.sandbox_fakes_not_started', { error: errorMessage(error) })
      }
    }
  }

  /** Deletes the removed connections and their keys. */
  async purgeRemoved(): Promise<void> {
    let ids: string[]
    try {
      ids = this.#repo().purgeRemoved(isoNow(this.deps.clock))
    } catch (error) {
      this.deps.logger.warn('ats.purge_failed', { error: errorMessage(error) })
      return
    }
    for (const id of ids) await this.deps.keys.clear(id).catch(() => undefined)
  }

  async #open(id: string): Promise<OpenedAtsConnection> {
    const row = this.#repo().get(id)
    if (row === null) throw notFound()
    let connection = row
    let apiKey: string | null
    let auth: AtsAuth | undefined
    if (row.sandbox) {
      const fake = (await this.#sandboxFakes())[row.kind]
      connection = { ...row, baseUrl: fake.baseUrl }
      apiKey = fake.apiKey
    } else {
      const tokens = row.kind === 'lever' ? await this.deps.keys.readOAuth(id, row.baseUrl) : null
      // a Lever OAuth connection: Bearer tokens, refreshed before they expire, each new set kept
      if (tokens !== null)
        auth = new LeverTokenAuth(
          {
            fetch: atsFetch(this.deps.dispatcher, this.deps.limits),
            now: () => this.deps.clock.now().getTime(),
            save: (next) => this.deps.keys.setOAuth(id, row.baseUrl, next)
          },
          tokens
        )
      apiKey = tokens !== null ? '' : await this.deps.keys.read(id, row.baseUrl)
      if (apiKey === null)
        throw new AppError(
          'unauthorized',
          `No ${atsNames[row.kind]} API key is kept for ${atsOrigin(row.baseUrl)} (a key is only sent to the address it was entered for). Remove “${row.name}” and add it again with its key.`
        )
    }
    const paceId = atsPaceId(id)
    // the limit learnt before (kept with the connection): the first call already keeps to it
    if (row.rateLimit !== null) this.deps.paces.windowSaid(paceId, row.rateLimit, GREENHOUSE_WINDOW_MS)
    const run = this.deps.paces.for(paceId)
    let client: AtsClient | null = null
    // every attempt's answer teaches the pace (a 429 slows it), and Greenhouse's limit caps it
    const paced: Paced = (call) =>
      run(async () => {
        try {
          const answer = await call()
          this.deps.paces.attempted({ connectionId: paceId, status: (answer as AtsAnswer | null)?.status ?? null })
          if (client !== null) this.#learnt(id, client)
          return answer
        } catch (error) {
          this.deps.paces.attempted({
            connectionId: paceId,
            status: error instanceof ApiError ? (error.info.status ?? null) : null,
            errorCode: error instanceof ApiError && error.kind === 'rate_limited' ? 'rate_limited' : null
          })
          if (client !== null) this.#learnt(id, client)
          throw error
        }
      })
    client = new AtsClient({
      kind: row.kind,
      baseUrl: connection.baseUrl,
      apiKey,
      ...(auth === undefined ? {} : { auth }),
      dispatcher: this.deps.dispatcher,
      limits: this.deps.limits,
      paced,
      gate: this.deps.paces.gate(paceId)
    })
    return { connection, client }
  }

  /** The ATS said its limit (X-RateLimit-Limit): the pace never passes it, and it is kept for next time. */
  #learnt(id: string, client: AtsClient): void {
    const limit = client.rateLimit
    if (limit === null) return
    this.deps.paces.windowSaid(atsPaceId(id), limit, GREENHOUSE_WINDOW_MS)
    try {
      const repo = this.#repo()
      if (repo.get(id)?.rateLimit === limit) return
      repo.setRateLimit(id, limit)
      // the page shows the limit and the pace: told by an event, not by a reload
      void this.#changed(null).catch(() => undefined)
    } catch (error) {
      this.deps.logger.warn('ats.rate_limit_not_kept', { error: errorMessage(error) })
    }
  }

  async #sandboxFakes(): Promise<AtsFakeEndpoints> {
    if (this.deps.sandbox === null)
      throw new AppError('not_found', 'This build has no built-in Sandbox, so it has no fake Greenhouse or Lever.')
    try {
      return await this.deps.sandbox.startAtsFakes()
    } catch (error) {
      throw new AppError(
        'internal',
        `The Sandbox’s fake Greenhouse and Lever could not start (${errorMessage(error)}). Restart Talent Desk and try again.`
      )
    }
  }

  async #changed(change: AtsConnectionChange | null): Promise<AtsConnectionsOverview> {
    const overview = await this.overview()
    this.deps.events.emit('atsConnectionsChanged', overview)
    if (change !== null)
      for (const listener of [...this.#listeners]) {
        try {
          listener(change)
        } catch (error) {
          this.deps.logger.warn('ats.listener_failed', { error: errorMessage(error) })
        }
      }
    return overview
  }
}

const notFound = () => new AppError('not_found', 'That ATS connection no longer exists.')
