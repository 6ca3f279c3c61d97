import type { ChatTurn, Conversation, ConversationSummary } from '../../../../shared/ipc/channels/chat'
import type { IpcError } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { RepliesAndEvents } from '../../lib/replies-and-events'

type Query = Record<string, unknown>

const newRequestId = (): string => `chat-${crypto.randomUUID()}`

/** Where Chat was on one connection: what a reload (or the next visit) reopens. */
export interface ChatPlace {
  /** The open conversation; null when the recruiter chose a new one (the next message starts it). */
  openId: string | null
  /** The query as edited and not sent yet (null: every chip removed); absent when untouched. */
  editedQuery?: Query | null
  /** The message being typed. */
  draft?: string
}

/** Keeps each connection's place in Chat across reloads. */
export interface ChatPlaces {
  read(connectionId: string): ChatPlace | null
  write(connectionId: string, place: ChatPlace): void
}

const placeKey = (connectionId: string) => `talent-desk.chat-place.${connectionId}`

/** In the page's own storage (the app's origin): survives a reload, a restart, a closed window. */
const storedChatPlaces: ChatPlaces = {
  read(connectionId) {
    try {
      const text = localStorage.getItem(placeKey(connectionId))
      const place: unknown = text === null ? null : JSON.parse(text)
      if (place === null || typeof place !== 'object') return null
      const { openId, editedQuery, draft } = place as Record<string, unknown>
      if (openId !== null && typeof openId !== 'string') return null
      return {
        openId,
        ...(editedQuery === null || (typeof editedQuery === 'object' && !Array.isArray(editedQuery))
          ? { editedQuery: editedQuery as Query | null }
          : {}),
        ...(typeof draft === 'string' ? { draft } : {})
      }
    } catch {
      return null // storage off or a damaged entry: Chat opens the newest conversation
    }
  },
  write(connectionId, place) {
    try {
      localStorage.setItem(placeKey(connectionId), JSON.stringify(place))
    } catch {
      // storage full or off: the place is kept for this page only
    }
  }
}

/**
 * Chat (Conversational Search) as the page knows it: the connection's conversations, the open
 * one with its turns, the query as the recruiter edited it (sent with the next message), and
 * what is being sent now. Where it was on each connection (the open conversation, the edited
 * chips, the typed message) is kept, so a reload reopens it; without a kept place the newest
 * conversation is reopened. Nothing open means the next message starts a new conversation, and
 * `startsNew` says so for the screen to show.
 */
export class ChatState {
  readonly #client: Client
  readonly #places: ChatPlaces
  /** The connection whose conversations are shown (its place is kept as it changes). */
  #connectionId: string | null = null
  #list = $state.raw<Load<ConversationSummary[]>>({ state: 'idle' })
  #openId = $state<string | null>(null)
  #conversation = $state.raw<Load<Conversation>>({ state: 'idle' })
  /** The query as edited; undefined while untouched (the conversation's own is sent). */
  #draftQuery = $state.raw<Query | null | undefined>(undefined)
  #sending = $state<{ text: string; requestId: string } | null>(null)
  #error = $state.raw<{ error: IpcError; text: string } | null>(null)
  #undo = $state.raw<ConversationSummary | null>(null)
  #draft = $state('')
  /** Words carried over from another screen, put in a new conversation's message box once Chat has resumed. */
  #carried: string | null = null
  #resuming = false
  #wantsFocus = $state(false)

  /**
   * peopleForgotten, which reads the list and the open conversation again: a read asked before it
   * may answer after the read it asked (the browser host's answers travel apart) and is then not
   * shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'forgotten'>()

  constructor(client: Client, places: ChatPlaces = storedChatPlaces) {
    this.#client = client
    this.#places = places
    // People were forgotten: their words left the chats' titles and answers, so what is shown is read again.
    client.on('peopleForgotten', () => void this.#readAgain())
  }

  /** The message being typed (kept with the place, so a reload does not lose it). */
  get draft() {
    return this.#draft
  }
  set draft(text: string) {
    this.#draft = text
    this.#keepPlace()
  }

  /** Nothing is open: the next message starts a new conversation (the screen says so). */
  get startsNew(): boolean {
    return this.#openId === null
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
    const asked = this.#told.asked()
    const reply = await this.#client.listConversations({})
    if (this.#told.newest('forgotten', asked)) this.#list = loaded(reply)
  }

  /**
   * Shows a connection's conversations where Chat was on it: the kept conversation (with its
   * edited chips and typed message), a new one if that was chosen, else the newest. Coming back
   * to the screen on the same connection keeps everything as it is.
   */
  async resume(connectionId: string): Promise<void> {
    if (this.#connectionId === connectionId) return
    this.#resuming = true
    try {
      await this.#resume(connectionId)
    } finally {
      this.#resuming = false
      this.#takeCarried()
    }
  }

  /**
   * Starts a new conversation with these words typed in, not sent (Search's "ask Chat" for a
   * role and a place): at once, or once Chat has resumed its place on the connection.
   */
  carryOver(words: string): void {
    this.#carried = words
    if (this.#connectionId !== null && !this.#resuming) this.#takeCarried()
  }

  /** Words were carried over: the screen puts the keyboard in the message box (then calls focusTaken). */
  get wantsFocus(): boolean {
    return this.#wantsFocus
  }
  focusTaken(): void {
    this.#wantsFocus = false
  }

  #takeCarried(): void {
    const words = this.#carried
    if (words === null || this.#connectionId === null) return
    this.#carried = null
    this.startNew()
    this.draft = words
    this.#wantsFocus = true
  }

  async #resume(connectionId: string): Promise<void> {
    this.#connectionId = connectionId
    this.#openId = null
    this.#conversation = { state: 'idle' }
    this.#draftQuery = undefined
    this.#error = null
    this.#draft = ''
    await this.load()
    if (this.#connectionId !== connectionId) return
    const place = this.#places.read(connectionId)
    const listed = this.#list.state === 'ready' ? this.#list.value : []
    const kept = place?.openId != null && listed.some((c) => c.id === place.openId)
    // a kept place that is gone (deleted since) falls back to the newest, as no place does
    const openId = kept ? place!.openId : place !== null && place.openId === null ? null : (listed[0]?.id ?? null)
    const same = place !== null && place.openId === openId
    if (same && place.draft !== undefined) this.#draft = place.draft
    if (openId !== null)
      await this.open(openId, same && 'editedQuery' in place ? { editedQuery: place.editedQuery! } : {})
    else if (same && 'editedQuery' in place) this.#draftQuery = place.editedQuery
    this.#keepPlace()
  }

  async open(id: string, restore: { editedQuery?: Query | null } = {}): Promise<void> {
    this.#openId = id
    this.#draftQuery = 'editedQuery' in restore ? restore.editedQuery : undefined
    this.#error = null
    this.#conversation = { state: 'loading' }
    this.#keepPlace()
    const reply = await this.#client.getConversation({ id })
    if (this.#openId !== id) return
    this.#conversation = loaded(reply)
  }

  /** The list and the open conversation read again, quietly: what is on screen stays until the new answer. */
  async #readAgain(): Promise<void> {
    if (this.#list.state === 'idle') return
    this.#told.told('forgotten')
    const asked = this.#told.asked()
    await this.load()
    const id = this.#openId
    if (id === null || this.#conversation.state !== 'ready') return
    const reply = await this.#client.getConversation({ id })
    if (this.#openId === id && reply.ok && this.#told.newest('forgotten', asked))
      this.#conversation = { state: 'ready', value: reply.data }
  }

  /** A blank conversation: the next message starts it. */
  startNew(): void {
    this.#openId = null
    this.#conversation = { state: 'idle' }
    this.#draftQuery = undefined
    this.#error = null
    this.#draft = ''
    this.#keepPlace()
  }

  editQuery(next: Query | null): void {
    this.#draftQuery = next
    this.#keepPlace()
  }
  resetQuery(): void {
    this.#draftQuery = undefined
    this.#keepPlace()
  }

  /** Something to send: words typed, or chips edited (sent as they stand, with no words). */
  get canSend(): boolean {
    return this.#sending === null && (this.#draft.trim() !== '' || this.#draftQuery !== undefined)
  }

  async send(text = this.draft): Promise<boolean> {
    const message = text.trim()
    if ((message === '' && this.#draftQuery === undefined) || this.#sending) return false
    const requestId = newRequestId()
    this.#sending = { text: message, requestId }
    this.#error = null
    const conversationId = this.#openId ?? undefined
    const asked = this.#told.asked()
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
    this.#draftQuery = undefined
    if (text === this.#draft) this.#draft = ''
    if (!this.#told.newest('forgotten', asked)) {
      // people were forgotten while the message was out: its answer may name them as it came, so the
      // conversation and the list are shown as main keeps them now
      const id = conversation.id
      this.#openId = id
      this.#keepPlace()
      const [again] = await Promise.all([
        this.#client.getConversation({ id }),
        this.#list.state === 'idle' ? undefined : this.load()
      ])
      if (this.#openId === id) this.#conversation = loaded(again)
      return true
    }
    const before = this.#conversation.state === 'ready' && this.#openId === conversation.id ? this.turns : []
    this.#openId = conversation.id
    this.#conversation = { state: 'ready', value: { ...conversation, turns: [...before, ...turns] } }
    this.#upsert(conversation)
    this.#keepPlace()
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

  #keepPlace(): void {
    if (this.#connectionId === null) return
    this.#places.write(this.#connectionId, {
      openId: this.#openId,
      ...(this.#draftQuery === undefined ? {} : { editedQuery: this.#draftQuery }),
      ...(this.#draft === '' ? {} : { draft: this.#draft })
    })
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
