import type { RecentlyDeleted } from '../../../../shared/ipc/channels/shortlists'
import type { IpcError, IpcResult } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'

/**
 * Recently deleted: deleted shortlists and removed people, restorable for 30 days, as mail and
 * file managers keep a bin. Deleting for good (one item, or emptying) is the only irreversible
 * step, and the view asks before it.
 */
export class RecentlyDeletedState {
  readonly #client: Client
  #items = $state.raw<Load<RecentlyDeleted>>({ state: 'idle' })
  #error = $state.raw<IpcError | null>(null)
  #message = $state.raw<string | null>(null)

  constructor(client: Client) {
    this.#client = client
  }

  get items() {
    return this.#items
  }
  /** The last action's failure, shown above the list; the list stays as it was. */
  get error() {
    return this.#error
  }
  /** The last action's confirmation ("Ana is back in Backend."). */
  get message() {
    return this.#message
  }
  get count(): number {
    return this.#items.state === 'ready' ? this.#items.value.shortlists.length + this.#items.value.members.length : 0
  }

  /** Opening the view: what was said last time it was open is no longer news. */
  async open(): Promise<void> {
    this.#message = null
    this.#error = null
    await this.load()
  }

  async load(): Promise<void> {
    if (this.#items.state !== 'ready') this.#items = { state: 'loading' }
    const reply = await this.#client.listRecentlyDeleted({})
    this.#items = loaded(reply)
  }

  restoreShortlist(id: string, name: string): Promise<boolean> {
    return this.#act(this.#client.undoDeleteShortlist({ id }), `“${name}” is back, with its people.`)
  }

  restoreMember(memberId: number, name: string, shortlistName: string): Promise<boolean> {
    return this.#act(
      this.#client.restoreMember({ memberId }),
      `${name} is back in “${shortlistName}”, with notes, tags and stage.`
    )
  }

  purgeShortlist(id: string, name: string): Promise<boolean> {
    return this.#act(this.#client.purgeShortlist({ id }), `“${name}” was deleted for good.`)
  }

  purgeMember(memberId: number, name: string): Promise<boolean> {
    return this.#act(this.#client.purgeMember({ memberId }), `${name} was deleted for good.`)
  }

  async empty(): Promise<boolean> {
    const reply = await this.#client.emptyRecentlyDeleted({})
    if (!reply.ok) return this.#fail(reply.error)
    const { shortlists, members } = reply.data
    this.#error = null
    this.#message = `Deleted for good: ${shortlists} ${shortlists === 1 ? 'shortlist' : 'shortlists'}, ${members} ${members === 1 ? 'person' : 'people'}.`
    await this.load()
    return true
  }

  async #act(request: Promise<IpcResult<unknown>>, done: string): Promise<boolean> {
    const reply = await request
    if (!reply.ok) return this.#fail(reply.error)
    this.#error = null
    this.#message = done
    await this.load()
    return true
  }

  #fail(error: IpcError): false {
    this.#error = error
    this.#message = null
    return false
  }
}
