import { randomUUID } from 'node:crypto'
import type { StructuredQuery } from '../../../shared/api'

export interface Conversation {
  id: string
  query: StructuredQuery
  turns: number
  updatedAt: number
}

/** Conversations by conversation_id; the oldest are dropped past a bound so a long run cannot grow without end. */
export class ConversationStore {
  readonly #byId = new Map<string, Conversation>()
  constructor(private readonly maxConversations = 10_000) {}

  snapshot(): Conversation[] {
    return [...this.#byId.values()].slice(-1000)
  }
  restore(conversations: readonly Conversation[]): void {
    this.#byId.clear()
    for (const conversation of conversations) this.#byId.set(conversation.id, { ...conversation })
  }

  /** The conversation with this id, created (with this id, or a new uuid when none) if unknown. */
  open(id: string | null | undefined, now: number): Conversation {
    const existing = id ? this.#byId.get(id) : undefined
    if (existing) return existing
    const conversation: Conversation = { id: id || randomUUID(), query: {}, turns: 0, updatedAt: now }
    this.#byId.set(conversation.id, conversation)
    if (this.#byId.size > this.maxConversations) {
      const oldest = this.#byId.keys().next().value
      if (oldest !== undefined) this.#byId.delete(oldest)
    }
    return conversation
  }
}
