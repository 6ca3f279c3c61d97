import type BetterSqlite3 from 'better-sqlite3'
import { isoNow, type Clock } from './clock'

export type LedgerOutcome = 'bought' | 'refused' | 'unknown'

export interface LedgerEntry {
  id: number
  connectionId: string
  recordedAt: string
  purchaseId: string
  contactType: string
  keys: string[]
  /** bought: the service answered New; refused: it said no (out of credits…); unknown: no answer. */
  outcome: LedgerOutcome
  creditsSpent: number | null
  availableBefore: number | null
  usedBefore: number | null
  availableAfter: number | null
  usedAfter: number | null
  transactionId: string | null
  message: string | null
  /** When the service was reset after this row (the Sandbox's Reset): history, no longer bought. */
  resetAt: string | null
}

export type NewLedgerEntry = Omit<LedgerEntry, 'id' | 'recordedAt' | 'resetAt'>

/**
 * Told of every ledger row as it is written, inside the row's own transaction (the team's book,
 * issue #38: every path that spends ends here, so none is missed). A listener that throws undoes
 * the row with it.
 */
export type LedgerListener = (entry: LedgerEntry) => void

interface LedgerRow {
  id: number
  connection_id: string
  recorded_at: string
  purchase_id: string
  contact_type: string
  keys_json: string
  outcome: LedgerOutcome
  credits_spent: number | null
  available_before: number | null
  used_before: number | null
  available_after: number | null
  used_after: number | null
  transaction_id: string | null
  message: string | null
  reset_at: string | null
}

/**
 * The local credit ledger: one row per attempt to buy contacts, and the keys bought per
 * connection and type (what a quote counts as free). Rows are only added, never changed, except
 * that an uncertain purchase gets its keys once the service shows them as bought.
 */
export class CreditLedgerRepo {
  constructor(
    private readonly db: BetterSqlite3.Database,
    private readonly clock: Clock,
    private readonly listeners: readonly LedgerListener[] = []
  ) {}

  record(entry: NewLedgerEntry): LedgerEntry {
    if (this.listeners.length === 0) return this.#insert(entry)
    return this.db.transaction(() => {
      const recorded = this.#insert(entry)
      for (const listener of this.listeners) listener(recorded)
      return recorded
    })()
  }

  #insert(entry: NewLedgerEntry): LedgerEntry {
    const recordedAt = isoNow(this.clock)
    const { lastInsertRowid } = this.db
      .prepare(
        `INSERT INTO credit_ledger (connection_id, recorded_at, purchase_id, contact_type, keys_json, outcome, credits_spent,
           available_before, used_before, available_after, used_after, transaction_id, message)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .run(
        entry.connectionId,
        recordedAt,
        entry.purchaseId,
        entry.contactType,
        JSON.stringify(entry.keys),
        entry.outcome,
        entry.creditsSpent,
        entry.availableBefore,
        entry.usedBefore,
        entry.availableAfter,
        entry.usedAfter,
        entry.transactionId,
        entry.message
      )
    return { ...entry, id: Number(lastInsertRowid), recordedAt, resetAt: null }
  }

  /** Marks keys as bought on a connection for a type (a key bought before keeps its first row). */
  markBought(connectionId: string, contactType: string, keys: readonly string[], ledgerId: number): void {
    const insert = this.db.prepare(
      `INSERT INTO contact_purchases (connection_id, contact_type, profile_key, ledger_id, bought_at)
       VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`
    )
    const now = isoNow(this.clock)
    for (const key of keys) insert.run(connectionId, contactType, key, ledgerId, now)
  }

  /**
   * Ends the connection's epoch (the service was reset: its credits back, its purchases gone):
   * every row so far is kept and marked with the reset's time, and nothing counts as bought any
   * more, so the next quote asks to pay again for what the service no longer has.
   */
  startEpoch(connectionId: string): number {
    const now = isoNow(this.clock)
    const marked = this.db
      .prepare('UPDATE credit_ledger SET reset_at = ? WHERE connection_id = ? AND reset_at IS NULL')
      .run(now, connectionId).changes
    this.db.prepare('DELETE FROM contact_purchases WHERE connection_id = ?').run(connectionId)
    return marked
  }

  /**
   * Keys the service no longer knows (its Polling shows no lookup for them) are no longer counted
   * as bought, so a quote offers them again; the ledger rows keep what was spent. A later purchase
   * asks Polling first (see `uncertain`): if the service did sell them, nothing is paid twice.
   */
  forgetBought(connectionId: string, contactType: string, keys: readonly string[]): void {
    this.db
      .prepare(
        `DELETE FROM contact_purchases
          WHERE connection_id = ? AND contact_type = ? AND profile_key IN (SELECT value FROM json_each(?))`
      )
      .run(connectionId, contactType, JSON.stringify([...new Set(keys)]))
  }

  /** Which of `keys` are bought on this connection for this type. */
  bought(connectionId: string, contactType: string, keys: readonly string[]): Set<string> {
    const rows = this.db
      .prepare(
        `SELECT profile_key FROM contact_purchases
          WHERE connection_id = ? AND contact_type = ? AND profile_key IN (SELECT value FROM json_each(?))`
      )
      .all(connectionId, contactType, JSON.stringify([...new Set(keys)])) as Array<{ profile_key: string }>
    return new Set(rows.map((row) => row.profile_key))
  }

  /**
   * Which of `keys` were in a purchase that got no answer (outcome unknown) and are not known to
   * be bought since: the service may have sold them. Each with that purchase's ledger id (the oldest).
   * Also keys of a purchase answered as bought that no longer count as bought (the service no
   * longer knew them, `forgetBought`): a new purchase asks Polling about them first.
   */
  uncertain(connectionId: string, contactType: string, keys: readonly string[]): Map<string, number> {
    const rows = this.db
      .prepare(
        `SELECT k.value AS key, MIN(l.id) AS id
           FROM credit_ledger l, json_each(l.keys_json) k
          WHERE l.connection_id = ? AND l.contact_type = ? AND l.outcome IN ('unknown', 'bought') AND l.reset_at IS NULL
            AND k.value IN (SELECT value FROM json_each(?))
            AND NOT EXISTS (SELECT 1 FROM contact_purchases p
                             WHERE p.connection_id = l.connection_id AND p.contact_type = l.contact_type
                               AND p.profile_key = k.value)
          GROUP BY k.value`
      )
      .all(connectionId, contactType, JSON.stringify([...new Set(keys)])) as Array<{ key: string; id: number }>
    return new Map(rows.map((row) => [row.key, row.id]))
  }

  /** Newest first. */
  list(connectionId: string, limit = 200): LedgerEntry[] {
    return (
      this.db
        .prepare('SELECT * FROM credit_ledger WHERE connection_id = ? ORDER BY id DESC LIMIT ?')
        .all(connectionId, limit) as LedgerRow[]
    ).map(toEntry)
  }
}

function toEntry(row: LedgerRow): LedgerEntry {
  let keys: string[] = []
  try {
    const parsed: unknown = JSON.parse(row.keys_json)
    if (Array.isArray(parsed)) keys = parsed.filter((key): key is string => typeof key === 'string')
  } catch {
    // a damaged row still shows its counts
  }
  return {
    id: row.id,
    connectionId: row.connection_id,
    recordedAt: row.recorded_at,
    purchaseId: row.purchase_id,
    contactType: row.contact_type,
    keys,
    outcome: row.outcome,
    creditsSpent: row.credits_spent,
    availableBefore: row.available_before,
    usedBefore: row.used_before,
    availableAfter: row.available_after,
    usedAfter: row.used_after,
    transactionId: row.transaction_id,
    message: row.message,
    resetAt: row.reset_at ?? null
  }
}
