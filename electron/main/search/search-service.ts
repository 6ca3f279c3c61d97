import { cleanRequest, keyOf } from '../api/match-profiles'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { searchOptionsSchema, type RecentSearch, type SearchResponse } from '../../../shared/ipc/channels/search'
import { AppError } from '../../../shared/ipc/errors'
import { ApiError } from '../api/api-error'
import type { Logger } from '../logging/logger'
import type { ConnectionsPort } from '../platform/ports'
import type { RequestRegistry } from '../ipc/request-registry'
import type { Clock, Store } from '../store'
import type { StoreAccess } from '../store/store-access'
import { RecentSearchesRepo } from './recent-searches-repo'
import type { WriteBehind } from '../store/write-behind'

/**
 * Match Profiles for the Search screen: the request cleaned of empty fields, sent on the active
 * connection with a transaction id, each record kept as sent with its mismatches, marked with
 * the shortlists it is already on, and remembered as a recent search.
 */
export class SearchService {
  readonly #repos = new WeakMap<Store, RecentSearchesRepo>()

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      /** The store's clock (when a search was made). */
      clock: Clock
      requests: RequestRegistry
      writes: WriteBehind
      logger: Logger
    }
  ) {}

  async search({ requestId, request, options }: HandlerInput<'searchProfiles'>): Promise<SearchResponse> {
    const body = cleanRequest(request)
    if (Object.keys(body).length === 0) {
      throw new AppError(
        'invalid_input',
        'Fill in at least one field — a name, an email or a profile handle — then search.'
      )
    }
    const opts = options ?? searchOptionsSchema.parse({})
    const { client, connection } = await this.deps.connections.client()
    const result = await this.deps.requests
      .run(requestId, (signal) =>
        client.matchProfiles(
          body,
          { maxNumberOfResults: opts.maxNumberOfResults, emailLookupEnabled: opts.emailLookupEnabled },
          signal
        )
      )
      .catch((error: unknown) => {
        throw tooManyResults(error, opts.maxNumberOfResults) ?? error
      })
    const keys = result.records.map((record) => keyOf(record.value))
    const onLists = this.#shortlistsOf(keys.filter((key): key is string => key !== null))
    this.deps.writes.enqueue((store) => this.#recent(store).record(connection.id, body, opts, result.records.length))
    return {
      connectionId: connection.id,
      connectionName: connection.name,
      transactionId: result.transactionId,
      durationMs: result.durationMs,
      shapeNote: result.shapeNote,
      results: result.records.map((record, index) => {
        const key = keys[index] ?? null
        return {
          profile: record.value,
          issues: record.issues,
          key,
          shortlistedIn: key === null ? [] : (onLists.get(key) ?? [])
        }
      })
    }
  }

  cancel({ requestId }: HandlerInput<'cancelRequest'>): { cancelled: boolean } {
    return { cancelled: this.deps.requests.cancel(requestId) }
  }

  recent(): RecentSearch[] {
    this.deps.writes.flush()
    try {
      return this.#recent(this.deps.stores.get()).list(this.deps.connections.active().id)
    } catch {
      return []
    }
  }

  shortlistsForKeys({ keys }: HandlerInput<'shortlistsForKeys'>): Record<string, { id: string; name: string }[]> {
    return Object.fromEntries(this.#shortlistsOf(keys))
  }

  /** A removed connection's recent searches go with it (the bus's connectionRemoved). */
  connectionRemoved(connectionId: string): void {
    this.#recent(this.deps.stores.get()).deleteForConnection(connectionId)
  }

  /** Search's recent searches over the open store's database (made again when the store is reopened). */
  #recent(store: Store): RecentSearchesRepo {
    let repo = this.#repos.get(store)
    if (repo === undefined) this.#repos.set(store, (repo = new RecentSearchesRepo(store.database.db, this.deps.clock)))
    return repo
  }

  #shortlistsOf(keys: string[]): Map<string, { id: string; name: string }[]> {
    try {
      return this.deps.stores.get().members.shortlistsOfKeys(keys)
    } catch {
      return new Map()
    }
  }
}

/** Trims text, drops empty fields and empty list entries: what the recruiter left blank is not sent. */
/**
 * A refusal of the number of results asked for ("maxNumberOfResults … <=100", "… must be between
 * 1 and 100"), said plainly with the bound the service gave, so the page can ask for that next
 * time. Any other error: null.
 */
export function tooManyResults(error: unknown, asked: number): AppError | null {
  if (!(error instanceof ApiError) || error.kind !== 'invalid_request') return null
  const said = error.info.serverMessage ?? ''
  if (!/max\s*number\s*of\s*results/i.test(said)) return null
  const numbers = [...said.matchAll(/\d+/g)].map((match) => Number(match[0])).filter((n) => n >= 1 && n < asked)
  const limit = numbers.length > 0 ? Math.max(...numbers) : null
  const message =
    limit === null
      ? `This connection refused ${asked} results for one search. Ask for fewer (try 100) and search again.`
      : `This connection returns at most ${limit} people a search, and ${asked} were asked for. Results is now ${limit}: search again.`
  return new AppError('invalid_input', message, {
    ...(error.details as Record<string, unknown>),
    resultsLimit: limit,
    asked
  })
}
