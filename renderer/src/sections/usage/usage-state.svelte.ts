import {
  transactionCsvColumns,
  type AppCall,
  type LedgerRow,
  type TransactionRow,
  type TransactionsResponse
} from '../../../../shared/ipc/channels/usage'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { deliver } from '../../lib/save-file'
import {
  addDays,
  dayStart,
  distinctSorted,
  localDay,
  parseServiceDate,
  sortRows,
  today,
  usageSeries,
  type Sort,
  type SortColumn
} from './usage-data'
import { errorMessage } from '../../../../shared/error-message'

export type UsageTab = 'transactions' | 'calls' | 'ledger' | 'budgets'

/** Days shown when the screen first opens: the last 30, today included. */
const DEFAULT_DAYS = 30

let exportCounter = 0

/**
 * The Usage screen: filters (local days, request type), the three lists of the active
 * connection — each loaded on its own, so the call log and the ledger show when the service
 * cannot be reached — the table's sort and open row, and the CSV export of what the table shows.
 */
export class UsageState {
  readonly #client: Client
  #tab = $state<UsageTab>('transactions')
  #from = $state(addDays(today(), -(DEFAULT_DAYS - 1)))
  #to = $state(today())
  #type = $state('')
  #sort = $state<Sort>({ column: 'requestDate', descending: true })
  #transactions = $state.raw<Load<TransactionsResponse>>({ state: 'idle' })
  #calls = $state.raw<Load<AppCall[]>>({ state: 'idle' })
  #ledger = $state.raw<Load<LedgerRow[]>>({ state: 'idle' })
  #openId = $state<string | null>(null)
  /** Request types seen in any answer (or this app's calls), for the type filter's choices. */
  #types = $state.raw<string[]>([])
  #exporting = $state(false)
  #notice = $state.raw<{ tone: 'info' | 'error'; message: string; details?: string } | null>(null)
  #loadId = 0

  constructor(client: Client) {
    this.#client = client
  }

  get tab() {
    return this.#tab
  }
  get from() {
    return this.#from
  }
  get to() {
    return this.#to
  }
  get type() {
    return this.#type
  }
  get sort() {
    return this.#sort
  }
  get transactions() {
    return this.#transactions
  }
  get calls() {
    return this.#calls
  }
  get ledger() {
    return this.#ledger
  }
  get types() {
    return this.#types
  }
  get exporting() {
    return this.#exporting
  }
  get notice() {
    return this.#notice
  }

  /** The table's rows, sorted. */
  readonly rows = $derived.by(() =>
    this.#transactions.state === 'ready' ? sortRows(this.#transactions.value.rows, this.#sort) : []
  )
  /** The row whose request and response are shown beside the table. */
  readonly open = $derived.by(() => (this.#openId === null ? null : this.#findOpen(this.#openId)))
  /** Calls per day by type, and credits used, over the filter's days. */
  readonly series = $derived.by(() => {
    const ledger = this.#ledger.state === 'ready' ? this.#ledger.value : []
    const calls = this.chartSource === 'service' ? this.rows : this.#appCallsAsRows()
    const now = today()
    // An open-ended range runs from the oldest record shown, or to today.
    const oldest = calls.reduce((min, row) => {
      const at = parseServiceDate(row.requestDate)
      const day = at === null ? now : localDay(at)
      return day < min ? day : min
    }, now)
    return usageSeries(calls, ledger, { from: this.#from || oldest, to: this.#to || now })
  })
  /** The chart counts the service's records; when they cannot be read (offline), this app's own calls. */
  readonly chartSource = $derived<'service' | 'app'>(
    this.#transactions.state === 'error' && this.#calls.state === 'ready' ? 'app' : 'service'
  )

  setTab(tab: UsageTab): void {
    this.#tab = tab
  }

  /** Changes the filters and asks again. An empty day means no bound on that side. */
  setFilters(filters: { from?: string; to?: string; type?: string }): void {
    if (filters.from !== undefined) this.#from = filters.from
    if (filters.to !== undefined) this.#to = filters.to
    if (filters.type !== undefined) this.#type = filters.type
    void this.load()
  }

  sortBy(column: SortColumn): void {
    this.#sort =
      this.#sort.column === column
        ? { column, descending: !this.#sort.descending }
        : { column, descending: column === 'requestDate' || column === 'durationMs' }
  }

  openRow(row: TransactionRow | null): void {
    this.#openId = row === null ? null : rowId(row)
  }

  say(notice: { tone: 'info' | 'error'; message: string; details?: string } | null): void {
    this.#notice = notice
  }

  /** Loads the three lists; a newer load wins over an older one still answering. */
  async load(): Promise<void> {
    const id = ++this.#loadId
    const range = this.#range()
    this.#transactions = { state: 'loading' }
    if (this.#calls.state !== 'ready') this.#calls = { state: 'loading' }
    if (this.#ledger.state !== 'ready') this.#ledger = { state: 'loading' }
    const [transactions, calls, ledger] = await Promise.all([
      this.#client.listTransactions({ ...range, ...(this.#type === '' ? {} : { type: this.#type }), limit: 1000 }),
      this.#client.listCallLog({ ...range, limit: 5000 }),
      this.#client.listLedger({})
    ])
    if (id !== this.#loadId) return
    this.#transactions = reply(transactions)
    this.#calls = calls.ok ? { state: 'ready', value: calls.data.calls } : { state: 'error', error: calls.error }
    this.#ledger = ledger.ok ? { state: 'ready', value: ledger.data.entries } : { state: 'error', error: ledger.error }
    this.#types = distinctSorted(
      this.#types,
      transactions.ok ? transactions.data.rows.map((row) => row.requestType) : [],
      calls.ok ? calls.data.calls.map((call) => call.operation) : [],
      [this.#type]
    )
  }

  /** The table as shown (filtered by the service, sorted here) through the app's CSV export. */
  async exportCsv(): Promise<void> {
    const rows = this.rows
    if (rows.length === 0 || this.#exporting) return
    this.#exporting = true
    try {
      const result = await this.#client.exportCsv({
        exportId: `usage-${Date.now().toString(36)}-${++exportCounter}`,
        source: {
          kind: 'transactions',
          transactions: rows.map(({ record: _record, issues: _issues, ...row }) => row)
        },
        columns: { columns: [...transactionCsvColumns] },
        format: 'csv'
      })
      if (!result.ok) {
        this.#notice = { tone: 'error', message: result.error.message, details: result.error.code }
        return
      }
      if (result.data.cancelled) return
      const where = await deliver(this.#client, result.data.target)
      this.#notice = {
        tone: 'info',
        message: `${where}: ${result.data.rows} ${result.data.rows === 1 ? 'transaction' : 'transactions'}.`
      }
    } catch (error) {
      this.#notice = { tone: 'error', message: errorMessage(error) }
    } finally {
      this.#exporting = false
    }
  }

  /** A switch of connection: what was shown belongs to the previous one. */
  reset(): void {
    this.#loadId++
    this.#transactions = { state: 'idle' }
    this.#calls = { state: 'idle' }
    this.#ledger = { state: 'idle' }
    this.#openId = null
    this.#types = []
    this.#notice = null
  }

  #range(): { from?: string; to?: string } {
    return {
      ...(this.#from === '' ? {} : { from: dayStart(this.#from).toISOString() }),
      // the end of the `to` day: the next local midnight, exclusive
      ...(this.#to === '' ? {} : { to: dayStart(addDays(this.#to, 1)).toISOString() })
    }
  }

  #appCallsAsRows(): Array<{ requestType: string; requestDate: string }> {
    const calls = this.#calls.state === 'ready' ? this.#calls.value : []
    // the type filter applies to them too, as it would have on the service
    return calls
      .filter((call) => this.#type === '' || call.operation.toLowerCase() === this.#type.toLowerCase())
      .map((call) => ({ requestType: call.operation, requestDate: call.startedAt }))
  }

  #findOpen(id: string): TransactionRow | null {
    return this.rows.find((row) => rowId(row) === id) ?? null
  }
}

/** A row's identity: its id, else its dates and type (a record without an id still opens). */
export function rowId(row: TransactionRow): string {
  return row.id ?? `${row.requestDate ?? ''}|${row.responseDate ?? ''}|${row.requestType ?? ''}`
}

function reply<T>(result: { ok: true; data: T } | { ok: false; error: IpcError }): Load<T> {
  return result.ok ? { state: 'ready', value: result.data } : { state: 'error', error: result.error }
}
