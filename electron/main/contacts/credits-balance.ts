import type { Credits } from '../../../shared/ipc/channels/contacts'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { ConnectionsPort } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { StoreAccess } from '../store/store-access'
import { countsOf } from './contact-answers'

/**
 * The connection's balance as last seen, with its time: every answer that carries counts records
 * them (the contacts repository), and `seen` tells every view at once.
 */
export class CreditsBalance {
  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      events: EventHub
      logger: Logger
      now: () => number
    }
  ) {}

  /** The active connection's balance as last seen (nulls before the first answer). */
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
  async refresh({ maxAgeSeconds = 60 }: HandlerInput<'refreshCredits'>): Promise<Credits> {
    const seen = this.credits()
    const age = seen.seenAt === null ? Infinity : this.deps.now() - Date.parse(seen.seenAt)
    if (seen.available !== null && age <= maxAgeSeconds * 1000) return seen
    try {
      const { client, connection } = await this.deps.connections.client(seen.connectionId)
      const answer = await client.getPremiumContacts(['talent-desk-balance'], 'Email', 'Polling')
      const counts = countsOf(answer.count)
      if (counts.available === null) return seen
      this.deps.stores
        .get()
        .contacts.recordCounts(
          { available: counts.available, ...(counts.used === null ? {} : { used: counts.used }) },
          undefined,
          connection.id
        )
      this.seen(connection.id)
      return this.credits()
    } catch (error) {
      this.deps.logger.warn('contacts.balance_unread', { error: String(error) })
      return seen
    }
  }

  /** Tells every view the connection's balance as last seen (it was just recorded). */
  seen(connectionId: string): void {
    const counts = this.deps.stores.get().contacts.latestCountsFor(connectionId)
    if (counts === undefined) return
    this.deps.events.emit('creditsChanged', {
      connectionId,
      available: counts.available,
      used: counts.used,
      seenAt: counts.recordedAt
    })
  }
}
