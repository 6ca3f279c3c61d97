import {
  normalisedValue,
  notOfKind,
  type DoNotContactEntry,
  type DoNotContactKind
} from '../../../../../shared/ipc/channels/do-not-contact'
import type { IpcError } from '../../../../../shared/ipc/errors'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { formatCount } from '../../../lib/format'

/**
 * Settings → Personal data → Do not contact: the recruiter's list (added by hand or from a file
 * of lines or CSV, removed) and how many forgotten people are suppressed besides. Read again when
 * main says the list changed or people were forgotten (their entries go).
 */
export class DoNotContactState {
  readonly #client: Client
  #entries = $state.raw<Load<DoNotContactEntry[]>>({ state: 'idle' })
  #forgotten = $state(0)
  #busy = $state(false)
  #message = $state.raw<PanelMessage | null>(null)

  constructor(client: Client) {
    this.#client = client
    const again = () => {
      if (this.#entries.state === 'ready') void this.load()
    }
    client.on('doNotContactChanged', again)
    client.on('peopleForgotten', again)
  }

  get entries() {
    return this.#entries
  }
  /** Forgotten people, suppressed with no entry. */
  get forgotten() {
    return this.#forgotten
  }
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }

  async load(): Promise<void> {
    if (this.#entries.state !== 'ready') this.#entries = { state: 'loading' }
    const reply = await this.#client.listDoNotContact({})
    if (!reply.ok) {
      this.#entries = { state: 'error', error: reply.error }
      return
    }
    this.#entries = { state: 'ready', value: reply.data.entries }
    this.#forgotten = reply.data.forgotten
  }

  /** Adds one entry; true when the field may be cleared (added, or already listed). */
  async add(kind: DoNotContactKind, value: string, note: string): Promise<boolean> {
    if (normalisedValue(kind, value) === null) {
      // said in the kind's words before asking (main's schema would refuse it the same way)
      this.#message = { tone: 'error', text: notOfKind[kind] }
      return false
    }
    return this.#run(async () => {
      const reply = await this.#client.addDoNotContact({ kind, value, note })
      if (!reply.ok) return this.#fail(reply.error)
      this.#message = {
        tone: 'ok',
        text: reply.data.added ? `Added ${value.trim()}.` : `${value.trim()} was already listed.`
      }
      await this.load()
      return true
    })
  }

  /** Adds what a file's text names; says how many were added, already there, or left out. */
  async importText(text: string, fileName: string): Promise<boolean> {
    return this.#run(async () => {
      const reply = await this.#client.importDoNotContact({ text, note: `Imported from ${fileName}` })
      if (!reply.ok) return this.#fail(reply.error)
      const { added, alreadyListed, skippedCount, skipped } = reply.data
      const parts = [
        `${formatCount(added, 'entry', 'entries')} added from ${fileName}`,
        alreadyListed > 0 ? `${formatCount(alreadyListed, 'was', 'were')} already listed` : '',
        skippedCount > 0
          ? `${formatCount(skippedCount, 'line', 'lines')} left out (not an email, domain, profile address or key:…; first on line ${skipped[0]!.line})`
          : ''
      ]
      this.#message = { tone: 'ok', text: parts.filter(Boolean).join('; ') + '.' }
      await this.load()
      return true
    })
  }

  async remove(entry: DoNotContactEntry): Promise<boolean> {
    return this.#run(async () => {
      const reply = await this.#client.removeDoNotContact({ id: entry.id })
      if (!reply.ok) return this.#fail(reply.error)
      this.#message = { tone: 'ok', text: `Removed ${entry.value}.` }
      await this.load()
      return true
    })
  }

  #fail(error: IpcError): false {
    this.#message = { tone: 'error', text: error.message, error }
    return false
  }

  async #run(work: () => Promise<boolean>): Promise<boolean> {
    if (this.#busy) return false
    this.#busy = true
    this.#message = null
    try {
      return await work()
    } finally {
      this.#busy = false
    }
  }
}
