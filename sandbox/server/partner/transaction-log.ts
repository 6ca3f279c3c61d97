import { randomUUID } from 'node:crypto'
import { isoAt } from '../clock'

/** request_type values the sandbox records, one per operation. */
export type RequestType =
  'MatchProfiles' | 'ConversationalSearch' | 'GetPremiumContacts' | 'RefreshProfiles' | 'GetJobStatus' | 'GetJobData'

export interface TransactionRecord {
  id: string
  request: string
  response: string
  request_date: string
  response_date: string
  request_type: RequestType
  partner_name: string
}

export interface TransactionFilter {
  from?: number | undefined
  to?: number | undefined
  type?: string | undefined
  limit: number
}

/** Records kept (in memory and in the state file); the oldest go first. */
const MAX_KEPT = 5000

const clip = (text: string, max = 1000): string => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** Every Partner API call of one organisation, in arrival order. */
export class TransactionLog {
  readonly #records: { at: number; record: TransactionRecord }[] = []

  constructor(private readonly partnerName: string) {}

  add(entry: { type: RequestType; request: string; response: string; requestAt: number; responseAt: number }): void {
    this.#records.push({
      at: entry.requestAt,
      record: {
        id: randomUUID(),
        request: clip(entry.request),
        response: clip(entry.response),
        request_date: isoAt(entry.requestAt),
        response_date: isoAt(entry.responseAt),
        request_type: entry.type,
        partner_name: this.partnerName
      }
    })
    if (this.#records.length > MAX_KEPT) this.#records.splice(0, this.#records.length - MAX_KEPT)
  }

  snapshot(): Array<{ at: number; record: TransactionRecord }> {
    return this.#records.slice(-MAX_KEPT)
  }
  restore(records: ReadonlyArray<{ at: number; record: TransactionRecord }>): void {
    this.#records.splice(0, this.#records.length, ...records.slice(-MAX_KEPT))
  }

  /** Newest first; `from` inclusive, `to` exclusive, `type` compared case-insensitively. */
  query(filter: TransactionFilter): TransactionRecord[] {
    const type = filter.type?.toLowerCase()
    const out: TransactionRecord[] = []
    for (let i = this.#records.length - 1; i >= 0 && out.length < filter.limit; i--) {
      const { at, record } = this.#records[i] as { at: number; record: TransactionRecord }
      if (filter.from !== undefined && at < filter.from) continue
      if (filter.to !== undefined && at >= filter.to) continue
      if (type && record.request_type.toLowerCase() !== type) continue
      out.push(record)
    }
    return out
  }
}
