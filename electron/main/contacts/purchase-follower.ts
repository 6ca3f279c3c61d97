import { randomUUID } from 'node:crypto'
import { setTimeout as sleep } from 'node:timers/promises'
import type { ContactType } from '../../../shared/api'
import type { ContactPurchase, ContactQuote, ContactStatus } from '../../../shared/ipc/channels/contacts'
import type { PartnerClient, TolerantRecord } from '../api/partner-client'
import type { ConnectionsPort } from '../platform/ports'
import type { Logger } from '../logging/logger'
import type { Store } from '../store'
import type { StoreAccess } from '../store/store-access'
import { applyResults, countsOf, resultKey, saveAnswer } from './contact-answers'
import type { CreditsBalance } from './credits-balance'
import type { Bought, PurchaseRequests } from './purchase-requests'
import type { RunningPurchases } from './running-purchases'

export interface PollTiming {
  firstMs: number
  factor: number
  maxMs: number
  /** Polling stops after this long with what it has (the lookups go on at the service). */
  limitMs: number
}
export const defaultPollTiming: PollTiming = { firstMs: 500, factor: 1.5, maxMs: 5_000, limitMs: 5 * 60_000 }
export const TERMINAL = new Set(['Completed', 'Failed'])

/** A lookup the service no longer knows (its Polling shows nothing for it), in the recruiter's words. */
export const LOOKUP_NO_LONGER_KNOWN =
  'The service no longer knows this lookup; nothing more will come from it. Buy again if you still need it — the service will say if it already charged for it.'

/**
 * Following a purchase's lookups to their end with free `Polling` and backoff, saving only what
 * changed; also after a restart, for lookups a purchase was following when Talent Desk stopped.
 * Following does not stop with the dialog, only when the app closes.
 */
export class PurchaseFollower {
  /** Aborted when the app closes: background following of purchases stops then. */
  readonly #closing = new AbortController()

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      /** The open store (a purchase cannot run without its ledger). */
      store: () => Store
      requests: PurchaseRequests
      balance: CreditsBalance
      running: RunningPurchases
      logger: Logger
      now: () => number
      poll?: Partial<PollTiming> | undefined
      /**
       * Told a purchase's results as they are saved, in the saving transaction (shared with the
       * team), with the keys this desk bought in it (the quote's new keys; every key of a purchase
       * resumed after a restart).
       */
      saved?: (quote: ContactQuote, results: TolerantRecord[], own: readonly string[]) => void
    }
  ) {}

  /** Polls every key of the purchase until each lookup ended (or the time limit), saving what changed. */
  async follow(
    client: PartnerClient,
    quote: ContactQuote,
    purchaseId: string,
    requestId: string,
    bought: Bought,
    own: readonly string[] = quote.newKeys
  ): Promise<ContactPurchase> {
    const type = quote.contactType
    const signal = this.#closing.signal
    const { statuses, outcome, creditsSpent, ledgerOf } = bought
    let { available, used } = bought
    const fromTeam = (quote.fromTeam ?? []).map((copy) => copy.key)
    const keys = [...new Set([...quote.alreadyBought, ...quote.inFlight, ...fromTeam, ...quote.newKeys])]
    const timing = { ...defaultPollTiming, ...this.deps.poll }
    const started = this.deps.now()
    let wait = timing.firstMs
    let timedOut = false
    /** Keys the latest poll had no lookup for. */
    const unseen = new Set<string>()
    for (;;) {
      const open = keys.filter((key) => !TERMINAL.has(statuses.get(key)?.status ?? ''))
      const progress = keys.map((key) => ({ key, status: statuses.get(key)?.status ?? null }))
      this.deps.running.progress(purchaseId, requestId, progress, open.length === 0)
      if (open.length === 0) break
      if (this.deps.now() - started >= timing.limitMs) {
        timedOut = true
        break
      }
      // the first look at already-bought keys needs no wait
      if (statuses.size > 0 || outcome !== 'none') await sleep(wait, undefined, { signal })
      wait = Math.min(timing.maxMs, wait * timing.factor)
      const answer = await this.deps.requests.poll(client, quote.connectionId, open, type, signal, purchaseId)
      const counts = countsOf(answer.count)
      // Only what changed is stored: a poll that finds the same state writes nothing new.
      const countsChanged = counts.available !== available || counts.used !== used
      available = counts.available ?? available
      used = counts.used ?? used
      const before = new Map([...statuses].map(([key, s]) => [key, s.status]))
      const store = this.deps.store()
      const seen = applyResults(statuses, answer.results)
      const changed = answer.results.filter((record) => {
        const key = resultKey(record)
        return key === undefined || before.get(key) !== statuses.get(key)?.status
      })
      store.transaction(() => {
        saveAnswer(store, changed, countsChanged ? answer.count?.value : null, quote, 'Polling')
        this.deps.saved?.(quote, changed, own)
        // What the service shows as a lookup of ours is bought (after an uncertain New, too).
        for (const key of quote.newKeys) {
          const entryId = ledgerOf.get(key)
          if (entryId !== undefined && seen.has(key)) store.ledger.markBought(quote.connectionId, type, [key], entryId)
        }
      })
      if (countsChanged) this.deps.balance.seen(quote.connectionId)
      for (const key of open) {
        if (seen.has(key)) unseen.delete(key)
        else unseen.add(key)
      }
      // A key the service has no lookup for (it was not bought, or unknown to it) is not polled forever.
      for (const key of open) {
        if (!seen.has(key) && !statuses.has(key)) {
          statuses.set(key, { key, status: 'Failed', result: null, issues: [], failure: LOOKUP_NO_LONGER_KNOWN })
        }
      }
    }
    this.forget(
      quote,
      statuses,
      [...unseen].filter((key) => timedOut || statuses.get(key)?.result === null)
    )
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
   * Lookups of ours the service no longer knows (none of its answers until the end of following
   * showed them): saved as Failed with what that means, so they are not followed again at start,
   * and no longer counted as bought, so a quote offers them again. The ledger keeps the spend.
   * Only keys that were ours (counted as bought, or followed from a stored running state) are
   * saved: a key New refused stays unbought and unlisted.
   */
  private forget(
    quote: Pick<ContactQuote, 'connectionId' | 'contactType'>,
    statuses: Map<string, ContactStatus>,
    candidates: string[]
  ): void {
    if (candidates.length === 0) return
    const { connectionId, contactType } = quote
    const store = this.deps.store()
    const bought = store.ledger.bought(connectionId, contactType, candidates)
    const stored = store.contacts.latestByKeys(connectionId, contactType, candidates)
    // a lookup stored as ended keeps what it gave (a Completed one's emails stay readable)
    const keys = candidates.filter((key) => {
      const row = stored.get(key)
      return row === undefined ? bought.has(key) : !TERMINAL.has(String(row.result.status ?? ''))
    })
    if (keys.length === 0) return
    const results = keys.map((key) => ({
      status: 'Failed',
      request: { key },
      execution_trace: { key, error: LOOKUP_NO_LONGER_KNOWN }
    }))
    store.transaction(() => {
      store.contacts.saveResponse(
        { results, count: null },
        { profileKeys: keys, contactType, requestType: 'Polling', connectionId }
      )
      store.ledger.forgetBought(connectionId, contactType, keys)
    })
    for (const [index, key] of keys.entries())
      statuses.set(key, { key, status: 'Failed', result: results[index]!, issues: [], failure: LOOKUP_NO_LONGER_KNOWN })
    this.deps.logger.info('contacts.no_longer_known', { connectionId, contactType, people: keys.length })
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
        await this.resume(id, contactType, keys).catch((error: unknown) =>
          this.deps.logger.warn('contacts.resume_failed', { connectionId: id, error: String(error) })
        )
      }
    }
  }

  private async resume(connectionId: string, contactType: ContactType, keys: string[]): Promise<void> {
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
      suppressed: [],
      creditsNeeded: 0,
      available: null,
      availableSeenAt: null,
      expiresAt: new Date(this.deps.now()).toISOString()
    }
    this.deps.running.start({ purchaseId, requestId, connectionId, contactType, keys })
    try {
      const { client } = await this.deps.connections.client(connectionId)
      // lookups this desk bought and was following: shared with the team as they complete
      await this.follow(
        client,
        quote,
        purchaseId,
        requestId,
        {
          statuses: new Map(),
          outcome: 'none',
          creditsSpent: 0,
          available: null,
          used: null,
          ledgerOf: new Map(),
          notBought: [],
          message: null
        },
        keys
      )
    } finally {
      // the Contacts list reads the stored states again when it hears the end
      this.deps.running.progress(
        purchaseId,
        requestId,
        keys.map((key) => ({ key, status: null })),
        true
      )
      this.deps.running.end(purchaseId)
    }
  }

  /** Stops following every purchase (the app is closing); the lookups go on at the service. */
  close(): void {
    this.#closing.abort(new Error('Talent Desk is closing'))
  }
}
