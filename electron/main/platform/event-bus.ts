import type { ConnectionsOverview } from '../../../shared/ipc/channels/connections'
import type { RefreshJobSummary } from '../../../shared/ipc/channels/refresh'
import type { ProvenanceKind } from '../../../shared/ipc/channels/provenance'
import type { Logger } from '../logging/logger'
import { errorMessage } from '../../../shared/error-message'

/**
 * What features tell one another inside the main process, by name. The page's events go through
 * the EventHub (ipc/event-hub.ts) instead: checked against the contract and masked.
 */
export interface MainEvents {
  /** A refresh job ended (done, failed or cancelled); `watchId` is the watch that started it, or null. */
  refreshJobEnded: RefreshJobSummary
  /** A refresh job the service no longer knows was given up: its watch's budget is free again. */
  refreshJobLost: RefreshJobSummary
  /** The connections changed (one added, switched, a key set, the built-in sandbox came up). */
  connectionsChanged: ConnectionsOverview
  /**
   * A remote connection was removed (its settings and secrets are gone): what a feature kept for
   * it alone goes too (search/ deletes its recent searches).
   */
  connectionRemoved: { connectionId: string }
  /** The built-in sandbox's state changed (it started, failed, was reset). */
  sandboxChanged: Record<string, never>
  /**
   * People or their contacts came to be held (saved to a shortlist, bought): where from, told by
   * the feature that wrote them once the write is done; provenance/ records it.
   */
  peopleHeld: PeopleHeld
  /**
   * The recruiter opened a saved person (a shortlist member's detail, getMember): retention counts
   * it as activity, so their clock starts again.
   */
  personOpened: { key: string }
}

/** One arrival of people: what every one of them shares, and each one's own part. */
export interface PeopleHeld {
  kind: ProvenanceKind
  what: 'person' | 'contact'
  /** In the recruiter's words: a query, a spreadsheet's name, a contact type, a tool's name. */
  detail: string
  connectionId: string | null
  shortlistId?: string | null
  importBatchId?: string | null
  purchaseId?: string | null
  people: ReadonlyArray<{ key: string; importRow?: number | null }>
}

export type MainEventName = keyof MainEvents
type Subscriber<K extends MainEventName> = (payload: MainEvents[K]) => void

/**
 * A typed in-process event bus. Publishing is synchronous and never fails: a subscriber that
 * throws is logged, and the publisher and the other subscribers go on (a feature's bug must not
 * stop the one that told it).
 */
export class EventBus {
  readonly #subscribers = new Map<MainEventName, Set<Subscriber<never>>>()
  readonly #logger: Pick<Logger, 'warn'>

  constructor(logger: Pick<Logger, 'warn'>) {
    this.#logger = logger
  }

  publish<K extends MainEventName>(name: K, payload: MainEvents[K]): void {
    for (const subscriber of [...(this.#subscribers.get(name) ?? [])]) {
      try {
        ;(subscriber as Subscriber<K>)(payload)
      } catch (error) {
        this.#logger.warn('bus.subscriber_failed', { event: name, error: errorMessage(error) })
      }
    }
  }

  /** Calls `subscriber` on every `name` published from now on; returns how to stop. */
  subscribe<K extends MainEventName>(name: K, subscriber: Subscriber<K>): () => void {
    let set = this.#subscribers.get(name)
    if (set === undefined) {
      set = new Set()
      this.#subscribers.set(name, set)
    }
    set.add(subscriber as Subscriber<never>)
    return () => {
      set.delete(subscriber as Subscriber<never>)
    }
  }
}
