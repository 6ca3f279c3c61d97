import type { MemberDetail } from '../../../../shared/ipc/channels/shortlists'
import type { IpcError } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'

export type SaveState =
  { state: 'idle' } | { state: 'saving' } | { state: 'saved'; at: number } | { state: 'error'; error: IpcError }

/**
 * The person open beside the Shortlists screen's rows: who, their details as read, and how the
 * save of their edits went. A reply that arrives after a newer read began is ignored.
 */
export class OpenMember {
  readonly #client: Client
  #id = $state<number | null>(null)
  #detail = $state.raw<Load<MemberDetail>>({ state: 'idle' })
  #save = $state.raw<SaveState>({ state: 'idle' })
  #request = 0

  constructor(client: Client) {
    this.#client = client
  }

  get id() {
    return this.#id
  }
  get detail() {
    return this.#detail
  }
  get save() {
    return this.#save
  }

  async open(memberId: number): Promise<void> {
    const request = ++this.#request
    this.#id = memberId
    this.#save = { state: 'idle' }
    if (!(this.#detail.state === 'ready' && this.#detail.value.id === memberId)) this.#detail = { state: 'loading' }
    const reply = await this.#client.getMember({ memberId })
    if (request !== this.#request) return
    this.#detail = loaded(reply)
  }

  close(): void {
    this.#request += 1
    this.#id = null
    this.#detail = { state: 'idle' }
    this.#save = { state: 'idle' }
  }

  /** The open person read again, without touching the save state of their editor. */
  async reload(memberId: number): Promise<void> {
    const request = ++this.#request
    const reply = await this.#client.getMember({ memberId })
    if (request !== this.#request || this.#id !== memberId || !reply.ok) return
    this.#detail = { state: 'ready', value: reply.data }
  }

  /** Says how a save of `memberId` goes, if they are the one open; false when they are not. */
  saving(memberId: number, save: SaveState): boolean {
    if (this.#id !== memberId) return false
    this.#save = save
    return true
  }

  /** Adds a note as an entry (who and when kept; shared when the list is); false when it did not go through. */
  async addNote(text: string): Promise<boolean> {
    const memberId = this.#id
    if (memberId === null) return false
    this.#save = { state: 'saving' }
    const reply = await this.#client.addMemberNote({ memberId, text })
    if (!reply.ok) {
      this.saving(memberId, { state: 'error', error: reply.error })
      return false
    }
    this.saving(memberId, { state: 'saved', at: Date.now() })
    this.show(memberId, reply.data)
    return true
  }

  /** Shows a person's details as saved, if they are the one open. */
  show(memberId: number, detail: MemberDetail): void {
    if (this.#id === memberId) this.#detail = { state: 'ready', value: detail }
  }
}
