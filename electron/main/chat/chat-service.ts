import { randomUUID } from 'node:crypto'
import { issuesOf, wholePersonProfileSchema } from '../../../shared/api'
import type { ChatTurn, Conversation, ConversationSummary } from '../../../shared/ipc/channels/chat'
import type { HandlerInput } from '../../../shared/ipc/contract'
import { AppError } from '../../../shared/ipc/errors'
import { stringifyJson } from '../../../shared/json'
import { readConversationReply } from '../api/conversation-reply'
import type { Logger } from '../logging/logger'
import type { Clock, Store } from '../store'
import {
  ConversationsRepo,
  type ConversationTurn,
  type ConversationSummary as StoredSummary
} from './conversations-repo'
import type { ConnectionsPort } from '../platform/ports'
import type { RequestRegistry } from '../ipc/request-registry'
import { keyOf } from '../api/match-profiles'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors, mapStoreErrorsAsync, type StoreMessages } from '../store/store-error'

/** An id the page still shows, for a conversation that is gone (deleted for good, another window). */
const gone: StoreMessages = { not_found: 'This conversation no longer exists. Reload the list.' }

/**
 * Conversational Search for the Chat screen. A conversation has the app's own id and belongs to
 * the connection it was started on; the service's conversation id, reply, query and profiles are
 * read from wherever the server put them (api/conversation-reply.ts), and the answer is kept as
 * received. The query is opaque JSON: what the recruiter edits is sent back as current_query.
 */
export class ChatService {
  readonly #repos = new WeakMap<Store, ConversationsRepo>()

  constructor(
    private readonly deps: {
      connections: ConnectionsPort
      stores: StoreAccess
      /** The store's clock (turns' and deletions' times). */
      clock: Clock
      requests: RequestRegistry
      logger: Logger
    }
  ) {}

  list(): ConversationSummary[] {
    let store: Store
    try {
      store = this.#store()
    } catch {
      return []
    }
    return this.#conversations(store).list({ connectionId: this.deps.connections.active().id }).map(summary)
  }

  get({ id }: HandlerInput<'getConversation'>): Conversation {
    const conversation = mapStoreErrors(() => this.#conversations().get(id), gone)
    const keys = conversation.turns.flatMap((turn) => (turn.results ?? []).map(keyOf))
    const onLists = this.#shortlistsOf(keys.filter((key): key is string => key !== null))
    return { ...summary(conversation), turns: conversation.turns.map((turn) => toTurn(turn, onLists)) }
  }

  send(input: HandlerInput<'sendChat'>) {
    return mapStoreErrorsAsync(() => this.#send(input), gone)
  }

  async #send({ conversationId, text, currentQuery, requestId }: HandlerInput<'sendChat'>) {
    const store = this.#store()
    const conversations = this.#conversations(store)
    const existing = conversationId === undefined ? null : conversations.get(conversationId)
    if (existing?.deletedAt) {
      throw new AppError('not_found', 'This conversation was deleted. Restore it from the list, or start a new one.')
    }
    // A conversation stays on the connection it was started on, whichever is active now.
    const { client, connection } = await this.deps.connections.client(existing?.connectionId ?? undefined)
    const query = currentQuery === undefined ? (existing?.currentQuery ?? null) : currentQuery
    const result = await this.deps.requests.run(requestId, (signal) =>
      client.conversationalSearch(
        {
          ...(existing?.remoteId ? { conversation_id: existing.remoteId } : {}),
          user_input: text,
          ...(query === null ? {} : { current_query: query })
        },
        signal
      )
    )
    const reply = readConversationReply(result.body)
    const id = existing?.id ?? randomUUID()
    const added = store.transaction(() => {
      conversations.ensure(id, text, connection.id)
      if (reply.conversationId !== null) conversations.setRemoteId(id, reply.conversationId)
      const user = conversations.addTurn(id, { role: 'user', text, sentQuery: query })
      const assistant = conversations.addTurn(id, {
        role: 'assistant',
        text: reply.text ?? '',
        currentQuery: reply.query,
        total: reply.total,
        results: reply.profiles.map((profile) => profile.value),
        raw: stringifyJson(result.body),
        transactionId: result.transactionId
      })
      return [user, assistant]
    })
    if (reply.text === null && reply.profiles.length === 0) {
      this.deps.logger.warn('chat reply without text or profiles', { foundAt: reply.foundAt })
    }
    const keys = reply.profiles.map((profile) => keyOf(profile.value)).filter((key): key is string => key !== null)
    const onLists = this.#shortlistsOf(keys)
    return {
      conversation: summary(conversations.get(id)),
      turns: added.map((turn) => toTurn(turn, onLists))
    }
  }

  rename({ id, title }: HandlerInput<'renameConversation'>): ConversationSummary {
    return summary(mapStoreErrors(() => this.#conversations().rename(id, title), gone))
  }

  delete({ id }: HandlerInput<'deleteConversation'>): ConversationSummary {
    return summary(mapStoreErrors(() => this.#conversations().softDelete(id), gone))
  }

  restore({ id }: HandlerInput<'restoreConversation'>): ConversationSummary {
    return summary(mapStoreErrors(() => this.#conversations().restore(id), gone))
  }

  raw({ conversationId, turnId }: HandlerInput<'getChatTurnRaw'>): { raw: string | null } {
    const turn = mapStoreErrors(() => this.#conversations().get(conversationId), gone).turns.find(
      (candidate) => candidate.id === turnId
    )
    if (turn === undefined) throw new AppError('not_found', 'That turn is not in this conversation.')
    return { raw: turn.raw }
  }

  #shortlistsOf(keys: string[]): Map<string, { id: string; name: string }[]> {
    try {
      return this.#store().members.shortlistsOfKeys(keys)
    } catch {
      return new Map()
    }
  }

  /** Conversations in Recently deleted for `days`: gone for good (StoreAccess.addPurge). */
  purgeDeleted(store: Store, days: number): void {
    this.#conversations(store).purgeDeleted(days)
  }

  /** Chat's conversations over the open store's database (made again when the store is reopened). */
  #conversations(store: Store = this.#store()): ConversationsRepo {
    let repo = this.#repos.get(store)
    if (repo === undefined) this.#repos.set(store, (repo = new ConversationsRepo(store.database.db, this.deps.clock)))
    return repo
  }

  #store(): Store {
    return this.deps.stores.get()
  }
}

function summary(conversation: StoredSummary): ConversationSummary {
  return {
    id: conversation.id,
    remoteId: conversation.remoteId,
    connectionId: conversation.connectionId,
    title: conversation.title,
    currentQuery: conversation.currentQuery,
    createdAt: conversation.createdAt,
    updatedAt: conversation.updatedAt,
    turnCount: conversation.turnCount
  }
}

function toTurn(turn: ConversationTurn, onLists: Map<string, { id: string; name: string }[]>): ChatTurn {
  return {
    id: turn.id,
    role: turn.role,
    text: turn.text,
    query: turn.role === 'assistant' ? turn.currentQuery : null,
    sentQuery: turn.sentQuery,
    total: turn.total,
    results: (turn.results ?? []).map((profile) => {
      const key = keyOf(profile)
      return {
        profile,
        issues: issuesOf(wholePersonProfileSchema, profile),
        key,
        shortlistedIn: key === null ? [] : (onLists.get(key) ?? [])
      }
    }),
    transactionId: turn.transactionId,
    hasRaw: turn.raw !== null,
    createdAt: turn.createdAt
  }
}
