import { randomUUID } from 'node:crypto'
import { fnv1a } from '../../data/hash'
import type { CreditPool } from './credit-pool'

export type ContactType = 'Email' | 'Phone'
export type ContactStatus = 'NotStarted' | 'InProgress' | 'Completed' | 'Failed'

/** How long a lookup takes and how many fail; tests shorten these or move an injected clock. */
export interface ContactTiming {
  /** ms after the request at which the lookup leaves NotStarted */
  startAfterMs: number
  /** ms after the request at which it is Completed or Failed */
  completeAfterMs: number
  /** deterministic share (0..1) of keys whose lookup fails, chosen by hashing seed, key and type */
  failureShare: number
}

export const defaultContactTiming: ContactTiming = { startAfterMs: 500, completeAfterMs: 3000, failureShare: 0.1 }

/** One bought lookup: a (profile key, contact type) pair this organisation paid for. */
export interface Purchase {
  key: string
  contactType: ContactType
  guid: string
  requestedAt: number
  willFail: boolean
}

/**
 * The organisation's contact purchases. State is derived from the clock on every read, so a
 * lookup "moves" NotStarted -> InProgress -> Completed|Failed without timers.
 */
export class ContactBook {
  readonly #purchases = new Map<string, Purchase>()
  #revision = 0

  constructor(
    private readonly credits: CreditPool,
    private readonly timing: ContactTiming,
    private readonly seed: number
  ) {}

  static #id(key: string, type: ContactType): string {
    return `${type}\u0000${key}`
  }

  /** Counts the purchases made: what must be on disk before a purchase is answered (see keepBeforeAnswer). */
  get revision(): number {
    return this.#revision
  }

  get(key: string, type: ContactType): Purchase | undefined {
    return this.#purchases.get(ContactBook.#id(key, type))
  }

  /** Buys the keys not bought before, all or nothing (402 when credits run short). Unknown keys are never charged. */
  buy(
    keys: readonly string[],
    type: ContactType,
    now: number,
    exists: (key: string) => boolean
  ): { newRequestedCount: number } {
    const fresh = [...new Set(keys)].filter((key) => exists(key) && !this.get(key, type))
    this.credits.spend(fresh.length)
    if (fresh.length > 0) this.#revision += 1
    for (const key of fresh) {
      const willFail = (fnv1a(`${this.seed}:${type}:${key}`) % 10_000) / 10_000 < this.timing.failureShare
      this.#purchases.set(ContactBook.#id(key, type), {
        key,
        contactType: type,
        guid: randomUUID(),
        requestedAt: now,
        willFail
      })
    }
    return { newRequestedCount: fresh.length }
  }

  snapshot(): Purchase[] {
    return [...this.#purchases.values()]
  }
  restore(purchases: readonly Purchase[]): void {
    this.#purchases.clear()
    for (const purchase of purchases)
      this.#purchases.set(ContactBook.#id(purchase.key, purchase.contactType), { ...purchase })
  }

  /** Every purchase of the type, oldest first. */
  all(type: ContactType): Purchase[] {
    return [...this.#purchases.values()].filter((p) => p.contactType === type)
  }

  statusOf(purchase: Purchase, now: number): ContactStatus {
    const elapsed = now - purchase.requestedAt
    if (elapsed < this.timing.startAfterMs) return 'NotStarted'
    if (elapsed < this.timing.completeAfterMs) return 'InProgress'
    return purchase.willFail ? 'Failed' : 'Completed'
  }

  /** When the lookup reached its current state (for last_updated and completion times). */
  changedAt(purchase: Purchase, now: number): number {
    const status = this.statusOf(purchase, now)
    if (status === 'NotStarted') return purchase.requestedAt
    if (status === 'InProgress') return purchase.requestedAt + this.timing.startAfterMs
    return purchase.requestedAt + this.timing.completeAfterMs
  }
}
