import type { RetentionOverview, RetentionSettings } from '../../../../../shared/ipc/channels/retention'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { RepliesAndEvents } from '../../../lib/replies-and-events'

/**
 * Settings → Personal data → Retention: the periods the recruiter set, who would go and when,
 * and keeping someone (their clock starts again). Forgetting people anywhere reads it again.
 */
export class RetentionState {
  readonly #client: Client
  #overview = $state.raw<Load<RetentionOverview>>({ state: 'idle' })
  #busy = $state(false)
  #message = $state.raw<PanelMessage | null>(null)
  /** Previews asked so far: an answer to an older one (typed over since) is dropped. */
  #previews = 0

  /**
   * peopleForgotten, which reads the overview again: a read asked before it may answer after the
   * read it asked (the browser host's answers travel apart) and is then not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'forgotten'>()

  constructor(client: Client) {
    this.#client = client
    client.on('peopleForgotten', () => {
      if (this.#overview.state !== 'ready' && this.#overview.state !== 'loading') return
      this.#told.told('forgotten')
      void this.load()
    })
  }

  get overview() {
    return this.#overview
  }
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }

  async load(): Promise<void> {
    if (this.#overview.state !== 'ready') this.#overview = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.getRetention({})
    if (!this.#told.newest('forgotten', asked)) return
    this.#overview = reply.ok ? { state: 'ready', value: reply.data } : { state: 'error', error: reply.error }
  }

  /** Who would go under the periods as typed, before they are saved (nothing is saved). */
  async preview(settings: RetentionSettings): Promise<void> {
    if (this.#busy || this.#overview.state !== 'ready') return
    const asked = ++this.#previews
    const reply = await this.#client.getRetention({ settings })
    if (asked !== this.#previews || this.#busy) return
    if (reply.ok) this.#overview = { state: 'ready', value: reply.data }
    else this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
  }

  /** Saves the periods; the preview answers at once. */
  async save(settings: RetentionSettings): Promise<void> {
    await this.#run(
      () => this.#client.setRetention({ settings }),
      (overview) =>
        overview.settings.inactiveDays === null && overview.settings.contactDays === null
          ? 'Retention is off: no one is deleted.'
          : 'Saved.'
    )
  }

  /** Keeps people: their clock starts again today. */
  async keep(keys: string[], name: string): Promise<void> {
    await this.#run(
      () => this.#client.keepPeople({ keys }),
      () => `Kept ${name}: their period starts again today.`
    )
  }

  async #run(
    call: () => ReturnType<Client['getRetention']>,
    said: (overview: RetentionOverview) => string
  ): Promise<void> {
    if (this.#busy) return
    this.#busy = true
    this.#previews += 1
    this.#message = null
    try {
      const reply = await call()
      if (!reply.ok) {
        this.#message = { tone: 'error', text: reply.error.message, error: reply.error }
        return
      }
      this.#overview = { state: 'ready', value: reply.data }
      this.#message = { tone: 'ok', text: said(reply.data) }
    } finally {
      this.#busy = false
    }
  }
}
