import type { ChannelInput, ChannelName, ChannelOutput, EventName, EventPayload } from './contract'
import type { IpcResult } from './errors'

/**
 * The shape of `window.talentDesk`, derived from the contract: one method per channel, plus `on`
 * for push events. Both the Electron preload and the browser host's HTTP bridge implement it.
 * Replies arrive unvalidated: the renderer's client checks them against the contract.
 */
export type TalentDeskBridge = {
  [K in ChannelName]: (input: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>
} & {
  on<K extends EventName>(event: K, listener: (payload: EventPayload<K>) => void): () => void
}

/** Name of the method on the bridge that subscribes to events; no channel may use it. */
export const bridgeEventMethod = 'on'
