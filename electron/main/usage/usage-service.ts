import type { HandlerInput } from '../../../shared/ipc/contract'
import type { AppCall, LedgerRow, TransactionRow, TransactionsResponse } from '../../../shared/ipc/channels/usage'
import { AppError } from '../../../shared/ipc/errors'
import type { TolerantRecord } from '../api/partner-client'
import type { Clock, Store } from '../store'
import { ApiLogRepo, type ApiCall } from './api-log-repo'
import type { ApiCallInput } from '../api/api-call'
import type { ConnectionsPort } from '../platform/ports'
import type { StoreAccess } from '../store/store-access'
import type { WriteBehind } from '../store/write-behind'

/**
 * Usage for the Usage screen: the service's transaction records (asked for with the
 * connection's own query parameter names; one record or a list accepted), this app's call log
 * and the local credit ledger. The last two come from the store, so they show with no network.
 */
export class UsageService {
  readonly #repos = new WeakMap<Store, ApiLogRepo>()

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      /** The store's clock (when a call was logged, when old ones are pruned). */
      clock: Clock
      writes: WriteBehind
    }
  ) {}

  async listTransactions({ from, to, type, limit }: HandlerInput<'listTransactions'>): Promise<TransactionsResponse> {
    const { client, connection } = await this.deps.connections.client()
    const result = await client.getApiTransactionData({
      ...(from === undefined ? {} : { from: utc(from) }),
      ...(to === undefined ? {} : { to: utc(to) }),
      ...(type === undefined ? {} : { type }),
      limit
    })
    return {
      connectionId: connection.id,
      connectionName: connection.name,
      rows: result.records.map(transactionRow),
      shapeNote: result.shapeNote,
      durationMs: result.durationMs,
      limited: result.records.length >= limit
    }
  }

  listCallLog({ from, to, limit }: HandlerInput<'listCallLog'>): { connectionId: string; calls: AppCall[] } {
    // Calls still queued behind a reply belong in the list.
    this.deps.writes.flush()
    const connectionId = this.deps.connections.active().id
    const calls = this.#calls(this.#store('the calls Talent Desk made')).listForConnection(connectionId, {
      ...(from === undefined ? {} : { from: utc(from) }),
      ...(to === undefined ? {} : { to: utc(to) }),
      limit
    })
    return { connectionId, calls: calls.map(appCall) }
  }

  listLedger({ limit }: HandlerInput<'listLedger'>): { connectionId: string; entries: LedgerRow[] } {
    const connectionId = this.deps.connections.active().id
    const entries = this.#store('the credit ledger').ledger.list(connectionId, limit)
    return {
      connectionId,
      entries: entries.map((entry) => ({
        id: entry.id,
        recordedAt: entry.recordedAt,
        purchaseId: entry.purchaseId,
        contactType: entry.contactType,
        keys: entry.keys,
        outcome: entry.outcome,
        creditsSpent: entry.creditsSpent,
        availableBefore: entry.availableBefore,
        availableAfter: entry.availableAfter,
        usedBefore: entry.usedBefore,
        usedAfter: entry.usedAfter,
        transactionId: entry.transactionId,
        message: entry.message,
        resetAt: entry.resetAt
      }))
    }
  }

  /** Logs one call behind the reply, with the others queued (the callLog port). */
  record(call: ApiCallInput): void {
    this.deps.writes.enqueue((store) => this.#calls(store).record(call))
  }

  /** Usage's call log over the open store's database (made again when the store is reopened). */
  #calls(store: Store): ApiLogRepo {
    let repo = this.#repos.get(store)
    if (repo === undefined) this.#repos.set(store, (repo = new ApiLogRepo(store.database.db, this.deps.clock)))
    return repo
  }

  #store(what: string): Store {
    try {
      return this.deps.stores.get()
    } catch {
      throw new AppError(
        'store_error',
        `Talent Desk cannot show ${what} while its saved data is not open. See the banner at the top.`
      )
    }
  }
}

/** The same instant in UTC with a Z, how the call log stores times and most services read them. */
const utc = (instant: string): string => new Date(instant).toISOString()

/** The table's fields read out of a record tolerantly: a field of the wrong type is shown as missing. */
export function transactionRow(record: TolerantRecord): TransactionRow {
  const value =
    record.value !== null && typeof record.value === 'object' && !Array.isArray(record.value)
      ? (record.value as Record<string, unknown>)
      : {}
  const text = (name: string): string | null => {
    const field = value[name]
    if (typeof field === 'string') return field
    if (typeof field === 'number' || typeof field === 'boolean') return String(field)
    return null
  }
  const requestDate = text('request_date')
  const responseDate = text('response_date')
  const started = requestDate === null ? NaN : Date.parse(withZone(requestDate))
  const ended = responseDate === null ? NaN : Date.parse(withZone(responseDate))
  return {
    record: record.value,
    issues: record.issues,
    id: text('id'),
    requestType: text('request_type'),
    requestDate,
    responseDate,
    durationMs: Number.isFinite(started) && Number.isFinite(ended) ? Math.round(ended - started) : null,
    partnerName: text('partner_name'),
    request: text('request'),
    response: text('response')
  }
}

/** A date-time without an offset is the service's time, UTC (as the sandbox and .NET services write it). */
const withZone = (text: string): string => (/[zZ]|[+-]\d\d:?\d\d$/.test(text) || text.length <= 10 ? text : `${text}Z`)

/** `/api/Refresh/GetJobStatus/abc` → `GetJobStatus`: the operation as the service's records name it. */
export function operationOf(endpoint: string): string {
  const parts = endpoint.split('/').filter(Boolean)
  return parts[0]?.toLowerCase() === 'api' && parts[2] !== undefined ? parts[2] : endpoint
}

function appCall(call: ApiCall): AppCall {
  return {
    id: call.id,
    startedAt: call.startedAt,
    durationMs: call.durationMs,
    method: call.method,
    endpoint: call.endpoint,
    operation: operationOf(call.endpoint),
    status: call.status,
    ok: call.ok,
    errorCode: call.errorCode,
    transactionId: call.transactionId
  }
}
