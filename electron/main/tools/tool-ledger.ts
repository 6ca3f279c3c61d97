import type { PeopleHeld } from '../platform/event-bus'
import type { ConnectionsPort } from '../platform/ports'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { StoreAccess } from '../store/store-access'
import type { ToolContactQuotes } from './spend-confirmations'
import { toolSpendMessage, type ToolAllowances } from './tool-allowances'
import {
  argumentNames,
  contactRowsIn,
  contactTypeIn,
  creditsIn,
  keysIn,
  type ToolContactRow,
  type ToolCredits
} from './tool-spend'
import { errorMessage } from '../../../shared/error-message'

/**
 * A tool call's money: the balance read around it (free), and what it spent written in the
 * ledger with the contacts it returned, so the app's one book counts tools as it counts purchases.
 */
export class ToolLedger {
  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      contacts: ToolContactQuotes
      /** A tool that moved the balance is never allowed without asking again. */
      allowances: ToolAllowances
      logger: Logger
      /** Told when a tool call changed the balance (creditsChanged). */
      events?: EventHub
      /** Told whose contact details a tool call bought (the bus's peopleHeld: provenance). */
      held?: (held: PeopleHeld) => void
    }
  ) {}

  /**
   * Money has one book: a tool call after which the balance fell is recorded in the ledger as a
   * spend (the tool's name, its arguments' names, the people it named, the counts before and
   * after), the balance becomes the last seen one, and contacts it returned are saved and counted
   * as bought so no screen asks to pay for them again.
   */
  account(
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
      store = this.deps.stores.get()
    } catch {
      this.deps.logger.warn('tools.spend_not_recorded', { tool: name, spent, reason: 'the store is not open' })
      return
    }
    const rows = contactRowsIn(call.structured)
    const contactType = contactTypeIn(args)
    const seen = store.transaction(() => {
      const counts = this.deps.contacts.recordToolCounts(connectionId, {
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
        this.deps.contacts.saveToolContacts(connectionId, rows.map(asContactResult), {
          contactType,
          requestType: spent > 0 ? 'New' : 'Polling'
        })
      }
      return counts
    })
    if (spent > 0) {
      this.deps.logger.info('tools.spend_recorded', { tool: name, spent })
      // a tool that moved the balance is never allowed without asking again
      if (this.deps.allowances.spent(connectionId, name))
        this.deps.logger.info('tools.allowance_dropped', { tool: name })
    }
    const bought = spent > 0 ? keysIn(args).filter((key) => rows.some((row) => row.key === key)) : []
    if (bought.length > 0) {
      this.deps.held?.({
        kind: 'tool',
        what: 'contact',
        detail: `${contactType} contact details bought through the tool “${name}”`,
        connectionId,
        purchaseId: requestId,
        people: bought.map((key) => ({ key }))
      })
    }
    this.deps.events?.emit('creditsChanged', {
      connectionId,
      available: seen.available,
      used: seen.used,
      seenAt: seen.recordedAt
    })
  }

  /** The service's balance now, from a free Partner API Polling (null when it cannot be read). */
  async balance(connectionId: string): Promise<ToolCredits | null> {
    try {
      const { client } = await this.deps.connections.client(connectionId)
      const answer = await client.getPremiumContacts(['talent-desk-balance'], 'Email', 'Polling')
      const count = answer.count?.value
      return creditsIn({ count: count ?? null })
    } catch (error) {
      this.deps.logger.warn('tools.balance_unread', { error: errorMessage(error) })
      return this.lastSeen(connectionId)
    }
  }

  lastSeen(connectionId: string): ToolCredits | null {
    try {
      const counts = this.deps.contacts.lastCounts(connectionId)
      return counts?.available == null
        ? null
        : { available: counts.available, used: counts.used ?? null, newRequestedCount: null }
    } catch {
      return null
    }
  }
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
