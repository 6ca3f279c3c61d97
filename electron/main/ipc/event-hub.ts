import { events, type EventName, type EventPayload } from '../../../shared/ipc/contract'
import { maskReply, type TextMask } from './reply-mask'

export type EventListener = (name: EventName, payload: unknown) => void

/**
 * Push events from services to whichever renderer transport is attached (Electron webContents,
 * the browser host's SSE streams). Payloads are checked against the contract before they leave,
 * and masked of every stored secret as the router's replies are (a service's words in a
 * progress notice may echo a key).
 */
export class EventHub {
  readonly #listeners = new Set<EventListener>()
  readonly #mask: TextMask

  constructor(mask: TextMask = { size: 0, text: (text) => text }) {
    this.#mask = mask
  }

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    const checked = maskReply(events[name].parse(payload), this.#mask)
    for (const listener of this.#listeners) listener(name, checked)
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
