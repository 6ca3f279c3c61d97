import type { SearchHit } from '../../../../shared/ipc/channels/shortlists'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'

/**
 * The Shortlists screen's full-text search over saved people: the query, its scope (every
 * shortlist or the selected one), the results and the cursor in them. A reply that arrives after
 * a newer search began is ignored.
 */
export class SavedSearch {
  readonly #client: Client
  readonly #selectedId: () => string | null
  #query = $state('')
  #scope = $state<'all' | 'selected'>('all')
  #hits = $state.raw<Load<SearchHit[]>>({ state: 'idle' })
  #cursor = $state(0)
  #request = 0

  /** `selectedId` names the selected shortlist, which a search scoped to it looks in. */
  constructor(client: Client, selectedId: () => string | null) {
    this.#client = client
    this.#selectedId = selectedId
  }

  get query() {
    return this.#query
  }
  get scope() {
    return this.#scope
  }
  /** A search replaces the members pane with the results while its query is not blank. */
  get active(): boolean {
    return this.#query.trim() !== ''
  }
  get hits() {
    return this.#hits
  }
  get cursor() {
    return this.#cursor
  }
  set cursor(index: number) {
    this.#cursor = index
  }

  setScope(scope: 'all' | 'selected'): void {
    this.#scope = scope
    if (this.active) void this.run(this.#query)
  }

  /** Searches saved people; an empty query clears the results. */
  async run(query: string): Promise<void> {
    this.#query = query
    const request = ++this.#request
    this.#cursor = 0
    if (query.trim() === '') {
      this.#hits = { state: 'idle' }
      return
    }
    if (this.#hits.state !== 'ready') this.#hits = { state: 'loading' }
    const reply = await this.#searchSaved(query)
    if (request !== this.#request) return
    this.#hits = loaded(reply)
  }

  /** The same search again, keeping the results and the cursor while it runs. */
  async again(): Promise<void> {
    const query = this.#query
    if (query.trim() === '') return
    const request = ++this.#request
    const reply = await this.#searchSaved(query)
    if (request !== this.#request || !reply.ok) return
    this.#hits = { state: 'ready', value: reply.data }
    this.#cursor = Math.min(this.#cursor, Math.max(reply.data.length - 1, 0))
  }

  /** Rewrites the results on screen (an edited person, a removed one); nothing while none are shown. */
  edit(change: (hits: SearchHit[]) => SearchHit[]): void {
    if (this.#hits.state === 'ready') this.#hits = { state: 'ready', value: change(this.#hits.value) }
  }

  #searchSaved(query: string) {
    const shortlistId = this.#selectedId()
    const scoped = this.#scope === 'selected' && shortlistId !== null
    return this.#client.searchSaved({ query, ...(scoped ? { shortlistId } : {}), limit: 500 })
  }
}
