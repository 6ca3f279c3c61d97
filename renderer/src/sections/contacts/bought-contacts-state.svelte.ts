import type { ContactType } from '../../../../shared/api'
import type { BoughtPerson } from '../../../../shared/ipc/channels/contacts'
import type { EventPayload } from '../../../../shared/ipc/contract'
import type { Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { RepliesAndEvents } from '../../lib/replies-and-events'

export type StatusFilter = 'Completed' | 'Failed' | 'InProgress'

interface Listed {
  connectionId: string
  people: BoughtPerson[]
  total: number
}

/**
 * The Contacts section: everyone with contact data on the active connection (from the store,
 * offline too), filtered, with the cursor, the open person and their stored contacts.
 * Purchases running anywhere (this window, a dialog, another window) update it live through
 * `contactsProgress`; when one ends the list is read again.
 */
export class BoughtContactsState {
  readonly #client: Client
  #list = $state.raw<Load<Listed>>({ state: 'idle' })
  #contacts = $state.raw<Load<unknown[]>>({ state: 'idle' })
  query = $state('')
  contactType = $state<ContactType | ''>('')
  status = $state<StatusFilter | ''>('')
  cursor = $state(0)
  scroll = 0
  #openKey = $state<string | null>(null)
  #loads = 0
  #queryTimer: ReturnType<typeof setTimeout> | undefined
  #reloadTimer: ReturnType<typeof setTimeout> | undefined
  /**
   * contactsProgress events per purchase, and the last each told: a list read before one of them
   * may arrive after it (the browser host's answers and events travel apart); the statuses told
   * meanwhile are put back on it.
   */
  readonly #told = new RepliesAndEvents()
  readonly #lastProgress: Record<string, EventPayload<'contactsProgress'>> = {}

  constructor(client: Client) {
    this.#client = client
  }

  get list() {
    return this.#list
  }
  get people(): BoughtPerson[] {
    return this.#list.state === 'ready' ? this.#list.value.people : []
  }
  get total(): number {
    return this.#list.state === 'ready' ? this.#list.value.total : 0
  }
  get filtered(): boolean {
    return this.query.trim() !== '' || this.contactType !== '' || this.status !== ''
  }
  get open(): BoughtPerson | null {
    return this.people.find((p) => p.key === this.#openKey) ?? null
  }
  get openKey() {
    return this.#openKey
  }
  get contacts() {
    return this.#contacts
  }

  /**
   * Follows every purchase's progress, saved people a refresh changed (their headline here is
   * the newer of the saved profile and the bought card) and people forgotten; returns the unsubscribe (call from an $effect).
   */
  follow(): () => void {
    const off = this.#client.on('contactsProgress', (progress) => {
      this.#told.told(progress.purchaseId)
      this.#lastProgress[progress.purchaseId] = progress
      this.#progress(progress)
    })
    const offMembers = this.#client.on('membersChanged', ({ profileKeys }) => {
      if (this.people.some((person) => profileKeys.includes(person.key))) this.#reloadSoon()
    })
    // People forgotten: their bought contacts are gone, so their row and open card go too.
    const offForgotten = this.#client.on('peopleForgotten', ({ keys }) => {
      if (this.#openKey !== null && keys.includes(this.#openKey)) this.closeDetail()
      if (this.people.some((person) => keys.includes(person.key))) void this.load()
    })
    return () => {
      off()
      offMembers()
      offForgotten()
      clearTimeout(this.#queryTimer)
      clearTimeout(this.#reloadTimer)
    }
  }

  async load(): Promise<void> {
    const ticket = ++this.#loads
    if (this.#list.state !== 'ready') this.#list = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listBoughtContacts({
      ...(this.query.trim() === '' ? {} : { query: this.query.trim().slice(0, 200) }),
      ...(this.contactType === '' ? {} : { contactType: this.contactType }),
      ...(this.status === '' ? {} : { status: this.status })
    })
    if (ticket !== this.#loads) return
    if (!reply.ok) {
      this.#list = { state: 'error', error: reply.error }
      return
    }
    // Another connection is active since the last look: nothing of the previous one's stays open.
    const previous = this.#list.state === 'ready' ? this.#list.value.connectionId : null
    if (previous !== null && previous !== reply.data.connectionId) {
      this.closeDetail()
      this.cursor = 0
      this.scroll = 0
    }
    this.#list = { state: 'ready', value: reply.data }
    for (const purchaseId of this.#told.toldSince(asked)) this.#statuses(this.#lastProgress[purchaseId]!)
    this.cursor = Math.min(this.cursor, Math.max(reply.data.people.length - 1, 0))
    if (this.#openKey !== null) void this.loadContacts()
  }

  /** Typing in the filter: read again once the recruiter pauses. */
  setQuery(query: string): void {
    this.query = query
    clearTimeout(this.#queryTimer)
    this.#queryTimer = setTimeout(() => void this.load(), 150)
  }
  setType(type: ContactType | ''): void {
    this.contactType = type
    void this.load()
  }
  setStatus(status: StatusFilter | ''): void {
    this.status = status
    void this.load()
  }
  clearFilters(): void {
    this.query = ''
    this.contactType = ''
    this.status = ''
    void this.load()
  }

  moveTo(index: number): void {
    this.cursor = index
    if (this.#openKey !== null) this.openAt(index)
  }
  openAt(index: number): void {
    const person = this.people[index]
    if (!person) return
    this.cursor = index
    if (person.key === this.#openKey) return
    this.#openKey = person.key
    void this.loadContacts()
  }
  closeDetail(): void {
    this.#openKey = null
    this.#contacts = { state: 'idle' }
  }

  /** The open person's stored contact results (emails, phones, links; failures). */
  async loadContacts(): Promise<void> {
    const key = this.#openKey
    if (key === null) return
    if (this.#contacts.state !== 'ready') this.#contacts = { state: 'loading' }
    const reply = await this.#client.contactsFor({ keys: [key] })
    if (key !== this.#openKey) return
    this.#contacts = reply.ok
      ? { state: 'ready', value: reply.data[key] ?? [] }
      : { state: 'error', error: reply.error }
  }

  /** A different connection: nothing of the previous one's is shown. */
  reset(): void {
    this.closeDetail()
    this.cursor = 0
    this.scroll = 0
    this.#list = { state: 'idle' }
    void this.load()
  }

  #progress(progress: EventPayload<'contactsProgress'>): void {
    if (this.#list.state !== 'ready') return
    const known = this.#statuses(progress)
    // A purchase that ended (its results are stored now) or one this list has not seen yet.
    if (progress.done || !known) this.#reloadSoon()
  }

  /** A purchase's statuses on the list's rows; whether the list has that purchase. */
  #statuses(progress: EventPayload<'contactsProgress'>): boolean {
    const listed = this.#list
    if (listed.state !== 'ready') return false
    const known = listed.value.people.some((p) => p.types.some((t) => t.running?.purchaseId === progress.purchaseId))
    if (known) {
      // a plain lookup (not reactive state): the list is replaced as a whole below
      const byKey: Record<string, { status: string | null }> = Object.fromEntries(
        progress.statuses.map((s) => [s.key, s])
      )
      const people = listed.value.people.map((person) => {
        const now = Object.hasOwn(byKey, person.key) ? byKey[person.key] : undefined
        if (now === undefined) return person
        return {
          ...person,
          types: person.types.map((t) =>
            t.running?.purchaseId === progress.purchaseId ? { ...t, status: now.status ?? t.status } : t
          )
        }
      })
      this.#list = { state: 'ready', value: { ...listed.value, people } }
    }
    return known
  }

  #reloadSoon(): void {
    clearTimeout(this.#reloadTimer)
    this.#reloadTimer = setTimeout(() => void this.load(), 100)
  }
}
