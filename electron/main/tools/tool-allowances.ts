import type BetterSqlite3 from 'better-sqlite3'
import type { ToolAllowances as ToolAllowancesList } from '../../../shared/ipc/channels/tools'
import { AppError } from '../../../shared/ipc/errors'
import type { StoreAccess } from '../store/store-access'

/** The ledger's words for a tool's spend (tools-service writes them; `spentThrough` reads them). */
export function toolSpendMessage(name: string, argumentNames: readonly string[]): string {
  return `Spent through the tool “${name}” (arguments: ${argumentNames.join(', ')}).`
}

const settingKey = (connectionId: string) => `toolAllowances:${connectionId}`

interface Saved {
  tool: string
  allowedAt: string
}

/**
 * "Always allow this tool on this connection", as MCP clients offer it: kept per connection and
 * tool name in the settings (`toolAllowances:<connection id>`), listed and revoked in Settings.
 * Offered only for a tool whose calls have never moved the balance on that connection — read from
 * the credit ledger, the one book, where every tool spend is written with the tool's name — and
 * a tool that spends loses it (`spent`), so it asks again. A contact lookup is never allowed: it
 * keeps its priced quote (the caller's rule: only calls whose cost nobody can say get here).
 */
export class ToolAllowances {
  readonly #stores: StoreAccess
  readonly #now: () => number

  constructor(deps: { stores: StoreAccess; now: () => number }) {
    this.#stores = deps.stores
    this.#now = deps.now
  }

  /** Whether the tool's calls on this connection go without asking (allowed, and never spent since). */
  allowed(connectionId: string, tool: string): boolean {
    const store = this.#store()
    if (store === null) return false
    return (
      this.#read(store, connectionId).some((saved) => saved.tool === tool) &&
      !spentThrough(store.db, connectionId, tool)
    )
  }

  /** What a quote of the tool offers: `offered` unless its calls have moved the balance here. */
  offer(connectionId: string, tool: string): 'offered' | 'spentBefore' {
    const store = this.#store()
    return store !== null && spentThrough(store.db, connectionId, tool) ? 'spentBefore' : 'offered'
  }

  /** Refused (nothing sent) when the tool has spent on this connection: it asks every time. */
  check(connectionId: string, tool: string): void {
    if (this.offer(connectionId, tool) === 'spentBefore') {
      throw new AppError(
        'conflict',
        `“${tool}” has spent credits on this connection before, so it asks every time and cannot be always allowed. Nothing was sent.`
      )
    }
  }

  /** Allows the tool on the connection from now on (checked first: never one that spent). */
  allow(connectionId: string, tool: string): void {
    this.check(connectionId, tool)
    const store = this.#writable()
    const saved = this.#read(store, connectionId).filter((entry) => entry.tool !== tool)
    saved.unshift({ tool, allowedAt: new Date(this.#now()).toISOString() })
    store.settings.set(settingKey(connectionId), JSON.stringify(saved))
  }

  /** The tool's call moved the balance: it loses its allowance (true when it had one). */
  spent(connectionId: string, tool: string): boolean {
    const store = this.#store()
    if (store === null) return false
    const saved = this.#read(store, connectionId)
    if (!saved.some((entry) => entry.tool === tool)) return false
    this.#write(
      store,
      connectionId,
      saved.filter((entry) => entry.tool !== tool)
    )
    return true
  }

  list(connectionId: string): ToolAllowancesList {
    const store = this.#writable()
    return {
      connectionId,
      allowances: this.#read(store, connectionId).filter((entry) => !spentThrough(store.db, connectionId, entry.tool))
    }
  }

  /** Settings' Revoke: the tool asks again from its next call. */
  revoke(connectionId: string, tool: string): ToolAllowancesList {
    const store = this.#writable()
    this.#write(
      store,
      connectionId,
      this.#read(store, connectionId).filter((entry) => entry.tool !== tool)
    )
    return this.list(connectionId)
  }

  #read(store: OpenStore, connectionId: string): Saved[] {
    const text = store.settings.get(settingKey(connectionId))
    if (text === null) return []
    try {
      const parsed = JSON.parse(text) as unknown
      return Array.isArray(parsed)
        ? parsed.filter(
            (entry): entry is Saved =>
              typeof entry === 'object' &&
              entry !== null &&
              typeof (entry as Saved).tool === 'string' &&
              typeof (entry as Saved).allowedAt === 'string'
          )
        : []
    } catch {
      return []
    }
  }

  #write(store: OpenStore, connectionId: string, saved: Saved[]): void {
    if (saved.length === 0) store.settings.delete(settingKey(connectionId))
    else store.settings.set(settingKey(connectionId), JSON.stringify(saved))
  }

  #store(): OpenStore | null {
    try {
      const store = this.#stores.get()
      return { settings: store.settings, db: store.database.db }
    } catch {
      return null // the saved data is not open: nothing is allowed without asking
    }
  }

  #writable(): OpenStore {
    const store = this.#store()
    if (store === null) {
      throw new AppError(
        'store_error',
        'Talent Desk cannot read the tools allowed without asking while its saved data is not open. See the banner at the top.'
      )
    }
    return store
  }
}

interface OpenStore {
  settings: { get(key: string): string | null; set(key: string, value: string): void; delete(key: string): void }
  db: BetterSqlite3.Database
}

/** Whether the ledger holds a spend made through this tool on this connection. */
function spentThrough(db: BetterSqlite3.Database, connectionId: string, tool: string): boolean {
  const prefix = toolSpendMessage(tool, []).replace(/\(arguments: \)\.$/, '(')
  return (
    db
      .prepare(
        `SELECT 1 FROM credit_ledger
          WHERE connection_id = ? AND COALESCE(credits_spent, 0) > 0 AND instr(message, ?) = 1 LIMIT 1`
      )
      .get(connectionId, prefix) !== undefined
  )
}
