import { events, type EventName, type EventPayload } from '../../../shared/ipc/contract'

export type EventListener = (name: EventName, payload: unknown) => void

/**
 * Push events from services to whichever renderer transport is attached (Electron webContents,
 * the browser host's SSE streams). Payloads are checked against the contract before they leave.
 */
export class EventHub {
  readonly #listeners = new Set<EventListener>()

  emit<K extends EventName>(name: K, payload: EventPayload<K>): void {
    const checked = events[name].parse(payload)
    for (const listener of this.#listeners) listener(name, checked)
  }

  subscribe(listener: EventListener): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
}
