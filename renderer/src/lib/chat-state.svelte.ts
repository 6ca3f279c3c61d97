import type { ChatTurn, Conversation, ConversationSummary } from '../../../shared/ipc/channels/chat'
import type { IpcError } from '../../../shared/ipc/errors'
import type { Load } from './app-state.svelte'
import type { Client } from './client'

type Query = Record<string, unknown>

const newRequestId = (): string => `chat-${crypto.randomUUID()}`

/**
 * Chat (Conversational Search) as the page knows it: the connection's conversations, the open
 * one with its turns, the query as the recruiter edited it (sent with the next message), and
 * what is being sent now.
 */
export class ChatState {
  readonly #client: Client
  #list = $state.raw<Load<ConversationSummary[]>>({ state: 'idle' })
  #openId = $state<string | null>(null)
  #conversation = $state.raw<Load<Conversation>>({ state: 'idle' })
  /** The query as edited; undefined while untouched (the conversation's own is sent). */
  #draftQuery = $state.raw<Query | null | undefined>(undefined)
  #sending = $state<{ text: string; requestId: string } | null>(null)
  #error = $state.raw<{ error: IpcError; text: string } | null>(null)
  #undo = $state.raw<ConversationSummary | null>(null)
  draft = $state('')

  constructor(client: Client) {
    this.#client = client
  }

  get list() {
    return this.#list
  }
  get openId() {
    return this.#openId
  }
  get conversation() {
    return this.#conversation
  }
  get sending() {
    return this.#sending
  }
  get error() {
    return this.#error
  }
  get undo() {
    return this.#undo
  }
  get turns(): ChatTurn[] {
    return this.#conversation.state === 'ready' ? this.#conversation.value.turns : []
  }
  /** The query shown as chips: the recruiter's edit, else the conversation's. */
  get query(): Query | null {
    if (this.#draftQuery !== undefined) return this.#draftQuery
    return this.#conversation.state === 'ready' ? this.#conversation.value.currentQuery : null
  }
  get queryEdited(): boolean {
    return this.#draftQuery !== undefined
  }

  async load(): Promise<void> {
    if (this.#list.state !== 'ready') this.#list = { state: 'loading' }
    const reply = await this.#client.listConversations({})
    this.#list = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  async open(id: string): Promise<void> {
    this.#openId = id
    this.#draftQuery = undefined
    this.#error = null
    this.#conversation = { state: 'loading' }
    const reply = await this.#client.getConversation({ id })
    if (this.#openId !== id) return
    this.#conversation = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  /** A blank conversation: the next message starts it. */
  startNew(): void {
    this.#openId = null
    this.#conversation = { state: 'idle' }
    this.#draftQuery = undefined
    this.#error = null
    this.draft = ''
  }

  editQuery(next: Query | null): void {
    this.#draftQuery = next
  }
  resetQuery(): void {
    this.#draftQuery = undefined
  }

  async send(text = this.draft): Promise<boolean> {
    const message = text.trim()
    if (message === '' || this.#sending) return false
    const requestId = newRequestId()
    this.#sending = { text: message, requestId }
    this.#error = null
    const conversationId = this.#openId ?? undefined
    const reply = await this.#client.sendChat({
      text: message,
      requestId,
      ...(conversationId === undefined ? {} : { conversationId }),
      ...(this.#draftQuery === undefined ? {} : { currentQuery: this.#draftQuery })
    })
    this.#sending = null
    if (!reply.ok) {
      // what was typed stays in the box, ready to send again
      if (reply.error.code !== 'cancelled') this.#error = { error: reply.error, text: message }
      return false
    }
    const { conversation, turns } = reply.data
    const before = this.#conversation.state === 'ready' && this.#openId === conversation.id ? this.turns : []
    this.#openId = conversation.id
    this.#conversation = { state: 'ready', value: { ...conversation, turns: [...before, ...turns] } }
    this.#draftQuery = undefined
    if (text === this.draft) this.draft = ''
    this.#upsert(conversation)
    return true
  }

  async cancel(): Promise<void> {
    const sending = this.#sending
    if (sending) await this.#client.cancelRequest({ requestId: sending.requestId })
  }

  async rename(id: string, title: string): Promise<IpcError | null> {
    const reply = await this.#client.renameConversation({ id, title })
    if (!reply.ok) return reply.error
    this.#upsert(reply.data)
    if (this.#conversation.state === 'ready' && this.#conversation.value.id === id) {
      this.#conversation = { state: 'ready', value: { ...this.#conversation.value, title: reply.data.title } }
    }
    return null
  }

  async remove(id: string): Promise<IpcError | null> {
    const reply = await this.#client.deleteConversation({ id })
    if (!reply.ok) return reply.error
    this.#undo = reply.data
    if (this.#list.state === 'ready') {
      this.#list = { state: 'ready', value: this.#list.value.filter((c) => c.id !== id) }
    }
    if (this.#openId === id) this.startNew()
    return null
  }

  async undoRemove(): Promise<void> {
    const removed = this.#undo
    if (!removed) return
    this.#undo = null
    const reply = await this.#client.restoreConversation({ id: removed.id })
    if (reply.ok) {
      this.#upsert(reply.data)
      await this.open(reply.data.id)
    }
  }

  dismissUndo(): void {
    this.#undo = null
  }

  async raw(turnId: number): Promise<string | null> {
    if (this.#openId === null) return null
    const reply = await this.#client.getChatTurnRaw({ conversationId: this.#openId, turnId })
    return reply.ok ? reply.data.raw : null
  }

  #upsert(summary: ConversationSummary): void {
    const list = this.#list.state === 'ready' ? this.#list.value : []
    this.#list = {
      state: 'ready',
      value: [summary, ...list.filter((c) => c.id !== summary.id)].sort((a, b) =>
        b.updatedAt.localeCompare(a.updatedAt)
      )
    }
  }
}
