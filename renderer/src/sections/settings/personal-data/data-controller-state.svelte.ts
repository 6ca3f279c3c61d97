import type { DataController } from '../../../../../shared/ipc/channels/personal-data'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'

/**
 * Settings → Personal data → Controller: who access copies and the candidate notice name as
 * responsible for the data, and how a person reaches them. Checked in main (a name and a
 * contact); null until set.
 */
export class DataControllerState {
  readonly #client: Client
  #controller = $state.raw<Load<DataController | null>>({ state: 'idle' })
  #busy = $state(false)
  #message = $state.raw<PanelMessage | null>(null)

  constructor(client: Client) {
    this.#client = client
  }

  get controller() {
    return this.#controller
  }
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }

  async load(): Promise<void> {
    if (this.#controller.state !== 'ready') this.#controller = { state: 'loading' }
    const reply = await this.#client.getDataController({})
    this.#controller = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  async save(controller: DataController): Promise<void> {
    if (this.#busy) return
    this.#busy = true
    try {
      const reply = await this.#client.setDataController({ controller })
      if (reply.ok) {
        this.#controller = { state: 'ready', value: reply.data }
        this.#message = { tone: 'ok', text: 'Saved. Access copies and the candidate notice name them from now on.' }
      } else {
        this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
      }
    } finally {
      this.#busy = false
    }
  }
}
