import type { ContactType } from '../../../shared/api'
import type { EventHub } from '../ipc/event-hub'
import type { RunningPurchase } from './bought-contacts'

type Running = RunningPurchase & { statuses: Map<string, string | null> }

/**
 * Purchases being followed now (bought, or resumed at start) and the keys claimed by a purchase
 * under way, so no two purchases buy the same person: what Contacts lists as running, and what
 * tells every view how the lookups stand (`contactsProgress`).
 */
export class RunningPurchases {
  readonly #running = new Map<string, Running>()
  readonly #claimed = new Map<string, string>()

  constructor(private readonly events: EventHub) {}

  start(purchase: Omit<RunningPurchase, 'statuses'>): void {
    this.#running.set(purchase.purchaseId, { ...purchase, statuses: new Map() })
  }

  end(purchaseId: string): void {
    this.#running.delete(purchaseId)
  }

  /** The purchases running on a connection, as Contacts lists them. */
  on(connectionId: string): RunningPurchase[] {
    return [...this.#running.values()].filter((purchase) => purchase.connectionId === connectionId)
  }

  /** The request (the dialog's) a purchase answers; '' for one resumed at start. */
  requestIdOf(purchaseId: string): string {
    return this.#running.get(purchaseId)?.requestId ?? ''
  }

  /** The status each key had at the last progress of a purchase (null: none yet). */
  statusOf(purchaseId: string, key: string): string | null {
    return this.#running.get(purchaseId)?.statuses.get(key) ?? null
  }

  /** Keeps the statuses for Contacts and tells every view. */
  progress(
    purchaseId: string,
    requestId: string,
    statuses: ReadonlyArray<{ key: string; status: string | null }>,
    done: boolean
  ): void {
    const running = this.#running.get(purchaseId)
    for (const { key, status } of statuses) running?.statuses.set(key, status)
    this.events.emit('contactsProgress', { purchaseId, requestId, statuses: [...statuses], done })
  }

  /** Claims keys for a purchase, before anything is awaited (a second window sees them at once). */
  claim(connectionId: string, type: ContactType, keys: readonly string[], purchaseId: string): void {
    for (const key of keys) this.#claimed.set(claimKey(connectionId, type, key), purchaseId)
  }

  release(connectionId: string, type: ContactType, keys: readonly string[]): void {
    for (const key of keys) this.#claimed.delete(claimKey(connectionId, type, key))
  }

  isClaimed(connectionId: string, type: ContactType, key: string): boolean {
    return this.#claimed.has(claimKey(connectionId, type, key))
  }
}

const claimKey = (connectionId: string, type: string, key: string) => `${connectionId}\u0000${type}\u0000${key}`
