import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ContactType } from '../../../shared/api'
import type {
  BoughtPerson,
  ContactPurchase,
  ContactQuote,
  ContactStatus,
  Credits
} from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import { ApiError } from '../api/api-error'
import type { PartnerClient, TolerantRecord } from '../api/partner-client'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logger'
import { profileKeyOf, type Store } from '../store'
import type { ConnectionsService } from '../connections/connections-service'
import type { RequestRegistry } from '../ipc/request-registry'
import type { StoreAccess } from '../store/store-access'
import { boughtContacts, type RunningPurchase } from './bought-contacts'
import { availableFromRefusal, learntPartSize, partSizeFrom, partSizeSetting } from './purchase-parts'

export interface PollTiming {
  firstMs: number
  factor: number
  maxMs: number
  /** Polling stops after this long with what it has (the lookups go on at the service). */
  limitMs: number
}
export const defaultPollTiming: PollTiming = { firstMs: 500, factor: 1.5, maxMs: 5_000, limitMs: 5 * 60_000 }
/** A quote is good for this long; after that the recruiter asks again. */
export const QUOTE_TTL_MS = 10 * 60_000
const TERMINAL = new Set(['Completed', 'Failed'])

interface HeldQuote {
  quote: ContactQuote
  expires: number
}

/**
 * Buying contact data without paying twice or by surprise: a quote from the local ledger first
 * (what is already bought is free), a confirmation that names the quote, then `New` for the new
 * keys only — sent once (never retried, one in-flight purchase per key and type; keys an earlier
 * unanswered purchase may have sold are first looked up with `Polling`, which is free) — then
 * `Polling` with backoff until every lookup has ended. The ledger records every spend, refusal
 * and uncertain spend with the counts before and after.
 */
export class ContactsService {
  readonly #quotes = new Map<string, HeldQuote>()
  readonly #inFlight = new Map<string, string>()
  /** Purchases being followed now, for the Contacts list (by purchase id). */
  readonly #running = new Map<string, RunningPurchase & { statuses: Map<string, string | null> }>()
  /** Aborted when the app closes: background following of purchases stops then. */
  readonly #closing = new AbortController()

  constructor(
    private readonly deps: {
      connections: ConnectionsService
      stores: StoreAccess
      events: EventHub
      requests: RequestRegistry
      logger: Logger
      now?: () => number
      poll?: Partial<PollTiming>
    }
  ) {}

  credits(): Credits {
    const connection = this.deps.connections.active()
    let counts: { available: number | null; used: number | null; recordedAt: string } | undefined
    try {
      counts = this.deps.stores.get().contacts.latestCountsFor(connection.id)
    } catch {
      counts = undefined
    }
    return {
      connectionId: connection.id,
      available: counts?.available ?? null,
      used: counts?.used ?? null,
      seenAt: counts?.recordedAt ?? null
    }
  }

  /**
   * The balance is the service's latest word: read again (a free Polling of nobody) when the last
   * seen one is older than `maxAgeSeconds` or unknown. A service that cannot be reached leaves the
   * last seen balance, with its time.
   */
  async refreshCredits({ maxAgeSeconds = 60 }: HandlerInput<'refreshCredits'>): Promise<Credits> {
    const seen = this.credits()
    const age = seen.seenAt === null ? Infinity : this.#now() - Date.parse(seen.seenAt)
    if (seen.available !== null && age <= maxAgeSeconds * 1000) return seen
    try {
      const { client, connection } = await this.deps.connections.client(seen.connectionId)
      const answer = await client.getPremiumContacts(['talent-desk-balance'], 'Email', 'Polling')
      const counts = countsOf(answer.count)
      if (counts.available === null) return seen
      this.#store().contacts.recordCounts(
        { available: counts.available, ...(counts.used === null ? {} : { used: counts.used }) },
        undefined,
        connection.id
      )
      this.#creditsSeen(connection.id)
      return this.credits()
    } catch (error) {
      this.deps.logger.warn('contacts.balance_unread', { error: String(error) })
      return seen
    }
  }

  contactsFor({ keys }: HandlerInput<'contactsFor'>): Record<string, unknown[]> {
    const connection = this.deps.connections.active()
    let store: Store
    try {
      store = this.deps.stores.get()
    } catch {
      return {}
    }
    // A Map, then own entries: a key such as `__proto__` or `constructor` is a key like any other.
    const out = new Map<string, unknown[]>()
    for (const type of ['Email', 'Phone']) {
      for (const [key, stored] of store.contacts.latestByKeys(connection.id, type, keys)) {
        const results = out.get(key) ?? []
        results.push(stored.result)
        out.set(key, results)
      }
    }
    return Object.fromEntries(out)
  }

  /** Everyone with contact data on the active connection, with the purchases running now. */
  listBought(filter: HandlerInput<'listBoughtContacts'>): {
    connectionId: string
    people: BoughtPerson[]
    total: number
  } {
    const connection = this.deps.connections.active()
    let store: Store
    try {
      store = this.deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        'Talent Desk cannot list bought contacts while the saved data is not open. See the banner at the top.'
      )
    }
    const running = [...this.#running.values()].filter((p) => p.connectionId === connection.id)
    const list = boughtContacts(
      store.contacts.latestPerPerson(connection.id),
      running,
      { savedNames: (keys) => store.contacts.savedNames(keys), explain: failureOf },
      filter
    )
    return { connectionId: connection.id, ...list }
  }

  quote({ keys, contactType }: HandlerInput<'quoteContacts'>): ContactQuote {
    const store = this.#store()
    const connection = this.deps.connections.active()
    const unique = [...new Set(keys)]
    const bought = store.ledger.bought(connection.id, contactType, unique)
    const inFlight = unique.filter(
      (key) => !bought.has(key) && this.#inFlight.has(flightKey(connection.id, contactType, key))
    )
    const newKeys = unique.filter((key) => !bought.has(key) && !inFlight.includes(key))
    const counts = store.contacts.latestCountsFor(connection.id)
    const now = this.#now()
    const quote: ContactQuote = {
      quoteId: randomUUID(),
      connectionId: connection.id,
      contactType,
      keys: unique,
      alreadyBought: unique.filter((key) => bought.has(key)),
      inFlight,
      newKeys,
      creditsNeeded: newKeys.length,
      available: counts?.available ?? null,
      availableSeenAt: counts?.recordedAt ?? null,
      expiresAt: new Date(now + QUOTE_TTL_MS).toISOString()
    }
    for (const [id, held] of this.#quotes) if (held.expires < now) this.#quotes.delete(id)
    this.#quotes.set(quote.quoteId, { quote, expires: now + QUOTE_TTL_MS })
    return quote
  }

  async buy({ quoteId, requestId }: HandlerInput<'buyContacts'>): Promise<ContactPurchase> {
    const held = this.#quotes.get(quoteId)
    // One use per quote: a second click with the same quote is refused, never a second purchase.
    this.#quotes.delete(quoteId)
    if (held === undefined) {
      throw new AppError('conflict', 'This quote was already used or has expired. Ask for a new quote before buying.')
    }
    if (held.expires < this.#now()) {
      throw new AppError('conflict', 'This quote has expired. Ask for a new quote before buying.')
    }
    const { quote } = held
    const store = this.#store()
    // Stale: something was bought or started since the quote was made; its price is no longer true.
    const boughtNow = store.ledger.bought(quote.connectionId, quote.contactType, quote.newKeys)
    const busyNow = quote.newKeys.filter((key) =>
      this.#inFlight.has(flightKey(quote.connectionId, quote.contactType, key))
    )
    if (boughtNow.size > 0 || busyNow.length > 0) {
      throw new AppError(
        'conflict',
        'Some of these people were bought since the quote was made. Ask for a new quote; nothing was spent.'
      )
    }
    // Claimed before anything is awaited, so a second window asking at the same moment sees it.
    const purchaseId = randomUUID()
    for (const key of quote.newKeys)
      this.#inFlight.set(flightKey(quote.connectionId, quote.contactType, key), purchaseId)
    this.#running.set(purchaseId, {
      purchaseId,
      requestId,
      connectionId: quote.connectionId,
      contactType: quote.contactType,
      keys: quote.keys,
      statuses: new Map()
    })
    const ended = (error: unknown) => {
      // Refused, cancelled or cut off: whoever follows this purchase (the Contacts list) learns it ended.
      const statuses = this.#running.get(purchaseId)?.statuses
      this.deps.events.emit('contactsProgress', {
        purchaseId,
        requestId,
        statuses: quote.keys.map((key) => ({ key, status: statuses?.get(key) ?? null })),
        done: true
      })
      if (error !== null) this.deps.logger.warn('contacts.following_ended', { purchaseId, error: String(error) })
    }
    const release = () => {
      this.#running.delete(purchaseId)
      for (const key of quote.newKeys) this.#inFlight.delete(flightKey(quote.connectionId, quote.contactType, key))
    }
    let following: Promise<ContactPurchase> | null = null
    try {
      const { client } = await this.deps.connections.client(quote.connectionId)
      return await this.deps.requests.run(requestId, async (signal) => {
        const bought = await this.#run(client, quote, purchaseId, requestId, signal)
        // Following the lookups (free Polling) does not stop with the dialog: a recruiter who
        // stops waiting gets `cancelled` at once, and the lookups are followed to their end in
        // the background, where the Contacts list shows them.
        following = this.#follow(client, quote, purchaseId, requestId, bought)
        return await untilStopped(following, signal)
      })
    } catch (error) {
      if (following === null) ended(null)
      throw asStopped(error)
    } finally {
      const background = following as Promise<ContactPurchase> | null
      if (background === null) release()
      else background.catch((error: unknown) => ended(error)).finally(release)
    }
  }

  async #run(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    requestId: string,
    signal: AbortSignal
  ): Promise<Bought> {
    const type = quote.contactType
    const statuses = new Map<string, ContactStatus>()
    let outcome: ContactPurchase['outcome'] = 'none'
    let creditsSpent = 0
    let available = quote.available
    let used: number | null = null

    // Some of these may have been sold already by a purchase that got no answer. Polling (free)
    // says which: those are marked bought with that purchase and never bought again. If the
    // check itself fails, nothing is bought (the error says why; the recruiter tries again).
    let toBuy = quote.newKeys
    const uncertain = this.#store().ledger.uncertain(quote.connectionId, type, quote.newKeys)
    if (uncertain.size > 0) {
      const answer = await this.#poll(client, quote.connectionId, [...uncertain.keys()], type, signal)
      const counts = countsOf(answer.count)
      available = counts.available ?? available
      used = counts.used
      const store = this.#store()
      const seen = this.#apply(statuses, answer.results)
      store.transaction(() => {
        for (const [key, entryId] of uncertain)
          if (seen.has(key)) store.ledger.markBought(quote.connectionId, type, [key], entryId)
        this.#save(store, answer.results, answer.count?.value, quote, 'Polling')
      })
      toBuy = quote.newKeys.filter((key) => !seen.has(key))
    }

    // `New` in parts the service accepts, each sent once (never retried). A part refused as too
    // big spent nothing: the size is learnt and the same keys go in smaller parts.
    const bought = await this.#buyInParts(client, quote, purchaseId, toBuy, statuses, signal)
    outcome = bought.outcome
    creditsSpent = bought.creditsSpent
    available = bought.available ?? available
    used = bought.used ?? used
    return {
      statuses,
      outcome,
      creditsSpent,
      available,
      used,
      ledgerOf: bought.ledgerOf,
      notBought: bought.notBought,
      message: bought.message
    }
  }

  /** Polls every key of the purchase until each lookup ended (or the time limit), saving what changed. */
  async #follow(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    requestId: string,
    bought: Bought
  ): Promise<ContactPurchase> {
    const type = quote.contactType
    const signal = this.#closing.signal
    const { statuses, outcome, creditsSpent, ledgerOf } = bought
    let { available, used } = bought
    const keys = [...new Set([...quote.alreadyBought, ...quote.inFlight, ...quote.newKeys])]
    const timing = { ...defaultPollTiming, ...this.deps.poll }
    const started = this.#now()
    let wait = timing.firstMs
    let timedOut = false
    for (;;) {
      const open = keys.filter((key) => !TERMINAL.has(statuses.get(key)?.status ?? ''))
      const progress = keys.map((key) => ({ key, status: statuses.get(key)?.status ?? null }))
      const running = this.#running.get(purchaseId)
      for (const { key, status } of progress) running?.statuses.set(key, status)
      this.deps.events.emit('contactsProgress', { purchaseId, requestId, statuses: progress, done: open.length === 0 })
      if (open.length === 0) break
      if (this.#now() - started >= timing.limitMs) {
        timedOut = true
        break
      }
      // the first look at already-bought keys needs no wait
      if (statuses.size > 0 || outcome !== 'none') await sleep(wait, undefined, { signal })
      wait = Math.min(timing.maxMs, wait * timing.factor)
      const answer = await this.#poll(client, quote.connectionId, open, type, signal)
      const counts = countsOf(answer.count)
      // Only what changed is stored: a poll that finds the same state writes nothing new.
      const countsChanged = counts.available !== available || counts.used !== used
      available = counts.available ?? available
      used = counts.used ?? used
      const before = new Map([...statuses].map(([key, s]) => [key, s.status]))
      const store = this.#store()
      const seen = this.#apply(statuses, answer.results)
      const changed = answer.results.filter((record) => {
        const value =
          record.value !== null && typeof record.value === 'object' ? (record.value as Record<string, unknown>) : {}
        const key = profileKeyOf(value)
        return key === undefined || before.get(key) !== statuses.get(key)?.status
      })
      store.transaction(() => {
        this.#save(store, changed, countsChanged ? answer.count?.value : null, quote, 'Polling')
        // What the service shows as a lookup of ours is bought (after an uncertain New, too).
        for (const key of quote.newKeys) {
          const entryId = ledgerOf.get(key)
          if (entryId !== undefined && seen.has(key)) store.ledger.markBought(quote.connectionId, type, [key], entryId)
        }
      })
      if (countsChanged) this.#creditsSeen(quote.connectionId)
      // A key the service has no lookup for (it was not bought, or unknown to it) is not polled forever.
      for (const key of open) {
        if (!seen.has(key) && !statuses.has(key)) {
          statuses.set(key, {
            key,
            status: 'Failed',
            result: null,
            issues: [],
            failure: 'The service has no lookup for this person.'
          })
        }
      }
    }
    return {
      purchaseId,
      connectionId: quote.connectionId,
      contactType: type,
      outcome,
      creditsSpent,
      available,
      used,
      statuses: keys.map((key) => statuses.get(key) ?? { key, status: null, result: null, issues: [], failure: null }),
      timedOut,
      notBought: bought.notBought,
      message: bought.message
    }
  }

  /**
   * Lookups a purchase was following when Talent Desk stopped (a restart mid-poll) are followed
   * again at start, with free Polling, like refresh jobs: their latest stored state is neither
   * Completed nor Failed. The Contacts list shows them running until they end.
   */
  async resumeFollowing(): Promise<void> {
    let store: Store
    try {
      store = this.deps.stores.get()
    } catch {
      return
    }
    const { connections } = await this.deps.connections.overview()
    for (const { id } of connections) {
      const open = store.contacts.latestPerPerson(id).filter((row) => row.status !== null && !TERMINAL.has(row.status))
      for (const contactType of ['Email', 'Phone'] as const) {
        const keys = open.filter((row) => row.contactType === contactType).map((row) => row.profileKey)
        if (keys.length === 0) continue
        this.deps.logger.info('contacts.following_resumed', { connectionId: id, contactType, people: keys.length })
        await this.#resume(id, contactType, keys).catch((error: unknown) =>
          this.deps.logger.warn('contacts.resume_failed', { connectionId: id, error: String(error) })
        )
      }
    }
  }

  async #resume(connectionId: string, contactType: ContactType, keys: string[]): Promise<void> {
    const purchaseId = randomUUID()
    const requestId = `resume-${purchaseId}`
    const quote: ContactQuote = {
      quoteId: `resume-${purchaseId}`,
      connectionId,
      contactType,
      keys,
      alreadyBought: keys,
      inFlight: [],
      newKeys: [],
      creditsNeeded: 0,
      available: null,
      availableSeenAt: null,
      expiresAt: new Date(this.#now()).toISOString()
    }
    this.#running.set(purchaseId, { purchaseId, requestId, connectionId, contactType, keys, statuses: new Map() })
    try {
      const { client } = await this.deps.connections.client(connectionId)
      await this.#follow(client, quote, purchaseId, requestId, {
        statuses: new Map(),
        outcome: 'none',
        creditsSpent: 0,
        available: null,
        used: null,
        ledgerOf: new Map(),
        notBought: [],
        message: null
      })
    } finally {
      // the Contacts list reads the stored states again when it hears the end
      this.#emitProgress(purchaseId, quote, new Map(), true)
      this.#running.delete(purchaseId)
    }
  }

  /** Stops following every purchase (the app is closing); the lookups go on at the service. */
  close(): void {
    this.#closing.abort(new Error('Talent Desk is closing'))
  }

  /**
   * Buys `toBuy` with `New` in parts of the connection's size, recording each part in the ledger
   * as it is answered. A refused part (no credits left, a refusal) stops the buying: the parts
   * bought stay recorded and the rest are named as not bought; when nothing was bought at all,
   * the refusal is thrown as before. A part with no answer is recorded as uncertain (the polling
   * shows what it bought) and the next parts go on.
   */
  async #buyInParts(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    toBuy: readonly string[],
    statuses: Map<string, ContactStatus>,
    signal: AbortSignal
  ): Promise<{
    outcome: ContactPurchase['outcome']
    creditsSpent: number
    available: number | null
    used: number | null
    ledgerOf: Map<string, number>
    notBought: string[]
    message: string | null
  }> {
    const type = quote.contactType
    const ledgerOf = new Map<string, number>()
    let outcome: ContactPurchase['outcome'] = 'none'
    let creditsSpent = 0
    let available: number | null = null
    let used: number | null = null
    let size = this.#partSize(quote.connectionId)
    let queue = [...toBuy]
    while (queue.length > 0) {
      const part = queue.slice(0, size)
      const availableBefore = available ?? quote.available
      try {
        const answer = await client.getPremiumContacts(part, type, 'New', signal)
        const counts = countsOf(answer.count)
        const spent = counts.newRequestedCount ?? part.length
        creditsSpent += spent
        available = counts.available ?? available
        used = counts.used ?? used
        if (outcome === 'none') outcome = 'bought'
        const store = this.#store()
        store.transaction(() => {
          const entry = store.ledger.record({
            connectionId: quote.connectionId,
            purchaseId,
            contactType: type,
            keys: part,
            outcome: 'bought',
            creditsSpent: spent,
            availableBefore: counts.available === null ? availableBefore : counts.available + spent,
            usedBefore: counts.used === null ? null : counts.used - spent,
            availableAfter: counts.available,
            usedAfter: counts.used,
            transactionId: purchaseId,
            message: partNote(toBuy.length, part.length, size)
          })
          for (const key of part) ledgerOf.set(key, entry.id)
          // All charged: all bought. Otherwise the polling shows which ones the service has.
          if (spent === part.length) store.ledger.markBought(quote.connectionId, type, part, entry.id)
          this.#save(store, answer.results, answer.count?.value, quote, 'New')
        })
        this.#apply(statuses, answer.results)
        queue = queue.slice(part.length)
        this.#emitProgress(purchaseId, quote, statuses, false)
        this.#creditsSeen(quote.connectionId)
      } catch (error) {
        const smaller = learntPartSize(error, part.length)
        if (smaller !== null) {
          // A refusal of the request's size spends nothing: learn it, send the same keys in smaller parts.
          size = smaller
          this.#rememberPartSize(quote.connectionId, size)
          this.deps.logger.info('contacts.part_size_learnt', { connectionId: quote.connectionId, size })
          continue
        }
        if (
          error instanceof ApiError &&
          (error.kind === 'out_of_credits' ||
            error.kind === 'invalid_request' ||
            error.kind === 'auth' ||
            error.kind === 'forbidden')
        ) {
          const left = error.kind === 'out_of_credits' ? availableFromRefusal(error) : null
          if (left !== null) {
            available = left
            this.#store().contacts.recordCounts({ available: left }, undefined, quote.connectionId)
            this.#creditsSeen(quote.connectionId)
          }
          const shownLeft = left ?? availableBefore
          const boughtSoFar = toBuy.length - queue.length
          const message =
            error.kind === 'out_of_credits'
              ? `Not enough credits: ${queue.length} needed${shownLeft === null ? '' : `, ${shownLeft} left`}. ${boughtSoFar === 0 ? 'Nothing was bought.' : `${boughtSoFar} of ${toBuy.length} were bought; ${queue.length} were not.`}`
              : boughtSoFar === 0
                ? error.message
                : `${error.message} ${boughtSoFar} of ${toBuy.length} were bought; ${queue.length} were not.`
          this.#store().ledger.record({
            connectionId: quote.connectionId,
            purchaseId,
            contactType: type,
            keys: queue,
            outcome: 'refused',
            creditsSpent: 0,
            availableBefore: shownLeft,
            usedBefore: null,
            availableAfter: shownLeft,
            usedAfter: null,
            transactionId: purchaseId,
            message
          })
          if (outcome === 'none') {
            throw error.kind === 'out_of_credits' ? new AppError('payment_required', message, error.details) : error
          }
          return { outcome, creditsSpent, available, used, ledgerOf, notBought: queue, message }
        }
        if (error instanceof ApiError && error.kind === 'cancelled') {
          if (outcome === 'none') throw error
          // Parts already bought stay bought; the rest are not sent.
          return {
            outcome,
            creditsSpent,
            available,
            used,
            ledgerOf,
            notBought: queue,
            message: `Stopped: ${toBuy.length - queue.length} of ${toBuy.length} were bought; ${queue.length} were not.`
          }
        }
        // No answer (timeout, dropped connection, 5xx): the service may or may not have spent.
        // Never sent again; what it bought shows up in the polling.
        if (outcome === 'none') outcome = 'unknown'
        const entry = this.#store().ledger.record({
          connectionId: quote.connectionId,
          purchaseId,
          contactType: type,
          keys: part,
          outcome: 'unknown',
          creditsSpent: null,
          availableBefore,
          usedBefore: null,
          availableAfter: null,
          usedAfter: null,
          transactionId: purchaseId,
          message: `No answer to the purchase (${error instanceof Error ? error.message : String(error)}); it was not sent again.`
        })
        for (const key of part) ledgerOf.set(key, entry.id)
        queue = queue.slice(part.length)
      }
    }
    return { outcome, creditsSpent, available, used, ledgerOf, notBought: [], message: null }
  }

  /**
   * `Polling` (free) for any number of keys, in parts of the connection's size: one answer with
   * every part's results and the last part's counts. A part refused as too big is sent again
   * smaller (Polling spends nothing).
   */
  async #poll(
    client: PartnerClient,
    connectionId: string,
    keys: readonly string[],
    type: ContactType,
    signal: AbortSignal
  ): Promise<{ results: TolerantRecord[]; count: TolerantRecord | null }> {
    const results: TolerantRecord[] = []
    let count: TolerantRecord | null = null
    let size = this.#partSize(connectionId)
    let queue = [...keys]
    while (queue.length > 0) {
      const part = queue.slice(0, size)
      try {
        const answer = await client.getPremiumContacts(part, type, 'Polling', signal)
        results.push(...answer.results)
        count = answer.count ?? count
        queue = queue.slice(part.length)
      } catch (error) {
        const smaller = learntPartSize(error, part.length)
        if (smaller === null) throw error
        size = smaller
        this.#rememberPartSize(connectionId, size)
      }
    }
    return { results, count }
  }

  /** Tells every view the connection's balance as last seen (it was just recorded). */
  #creditsSeen(connectionId: string): void {
    const counts = this.#store().contacts.latestCountsFor(connectionId)
    if (counts === undefined) return
    this.deps.events.emit('creditsChanged', {
      connectionId,
      available: counts.available,
      used: counts.used,
      seenAt: counts.recordedAt
    })
  }

  #partSize(connectionId: string): number {
    try {
      return partSizeFrom(this.#store().settings.get(partSizeSetting(connectionId)))
    } catch {
      return partSizeFrom(null)
    }
  }

  #rememberPartSize(connectionId: string, size: number): void {
    try {
      this.#store().settings.set(partSizeSetting(connectionId), String(size))
    } catch {
      // not remembered: the next purchase learns it again, spending nothing
    }
  }

  #emitProgress(purchaseId: string, quote: ContactQuote, statuses: Map<string, ContactStatus>, done: boolean): void {
    const requestId = this.#running.get(purchaseId)?.requestId ?? ''
    const progress = quote.keys.map((key) => ({ key, status: statuses.get(key)?.status ?? null }))
    const running = this.#running.get(purchaseId)
    for (const { key, status } of progress) running?.statuses.set(key, status)
    this.deps.events.emit('contactsProgress', { purchaseId, requestId, statuses: progress, done })
  }

  /** Records the results by key; returns the keys the answer had a result for. */
  #apply(statuses: Map<string, ContactStatus>, results: TolerantRecord[]): Set<string> {
    const seen = new Set<string>()
    for (const record of results) {
      const value =
        record.value !== null && typeof record.value === 'object' ? (record.value as Record<string, unknown>) : {}
      const key = profileKeyOf(value)
      if (key === undefined) continue
      seen.add(key)
      const status = typeof value['status'] === 'string' ? value['status'] : null
      statuses.set(key, { key, status, result: record.value, issues: record.issues, failure: failureOf(value) })
    }
    return seen
  }

  #save(store: Store, results: TolerantRecord[], count: unknown, quote: ContactQuote, requestType: string): void {
    const objects = results.flatMap((r) =>
      r.value !== null && typeof r.value === 'object' ? [r.value as Record<string, unknown>] : []
    )
    store.contacts.saveResponse(
      { results: objects, count: count as { available?: number } | null },
      { contactType: quote.contactType, requestType, connectionId: quote.connectionId }
    )
  }

  #store(): Store {
    try {
      return this.deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        'Talent Desk cannot buy contacts while the saved data is not open: the ledger keeps you from paying twice. See the banner at the top.'
      )
    }
  }

  #now(): number {
    return (this.deps.now ?? Date.now)()
  }
}

/** What the buying phase of a purchase leaves for the following phase. */
interface Bought {
  statuses: Map<string, ContactStatus>
  outcome: ContactPurchase['outcome']
  creditsSpent: number
  available: number | null
  used: number | null
  ledgerOf: Map<string, number>
  notBought: string[]
  message: string | null
}

const stoppedFollowing = () =>
  new AppError(
    'cancelled',
    'Stopped following this purchase. The lookups carry on at the service; Contacts shows them as they finish (reading them is free).'
  )

/** Resolves with `work`, or rejects with `cancelled` as soon as the recruiter stops waiting for it. */
function untilStopped<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(stoppedFollowing())
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(stoppedFollowing())
    signal.addEventListener('abort', onAbort, { once: true })
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/** An abort (a backoff sleep or a request stopped by the recruiter) is `cancelled`, never an internal error. */
function asStopped(error: unknown): unknown {
  if (error instanceof AppError) return error
  if (error instanceof Error && error.name === 'AbortError') {
    return new AppError('cancelled', 'Stopped before the purchase was sent: nothing was bought.')
  }
  return error
}

/** A part's note in the ledger, null for a purchase sent in one request. */
function partNote(total: number, part: number, size: number): string | null {
  return part === total ? null : `${part} of the ${total} people of this purchase (requests of at most ${size}).`
}

const flightKey = (connectionId: string, type: ContactType | string, key: string) =>
  `${connectionId}\u0000${type}\u0000${key}`

function countsOf(count: TolerantRecord | null): {
  available: number | null
  used: number | null
  newRequestedCount: number | null
} {
  const value =
    count?.value !== null && typeof count?.value === 'object' ? (count.value as Record<string, unknown>) : {}
  const int = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null)
  return {
    available: int(value['available']),
    used: int(value['used']),
    newRequestedCount: int(value['newRequestedCount'])
  }
}

/** The service's own words for a failed lookup: execution_trace.error, exceptions, provider status. */
export function failureOf(result: Record<string, unknown>): string | null {
  const trace =
    result['execution_trace'] !== null && typeof result['execution_trace'] === 'object'
      ? (result['execution_trace'] as Record<string, unknown>)
      : {}
  const parts: string[] = []
  if (typeof trace['error'] === 'string') parts.push(trace['error'])
  const exceptions = [
    ...(Array.isArray(trace['exceptions']) ? trace['exceptions'] : []),
    ...(Array.isArray(result['exceptions']) ? (result['exceptions'] as unknown[]) : [])
  ]
  for (const exception of exceptions)
    if (typeof exception === 'string' && !parts.includes(exception)) parts.push(exception)
  const providers = Array.isArray(trace['provider_results']) ? trace['provider_results'] : []
  for (const provider of providers) {
    const status =
      provider !== null && typeof provider === 'object' ? (provider as Record<string, unknown>)['status'] : null
    const exception =
      status !== null && typeof status === 'object' ? (status as Record<string, unknown>)['exception'] : null
    if (typeof exception === 'string' && !parts.includes(exception)) parts.push(exception)
  }
  return parts.length === 0 ? null : parts.join(' — ')
}
