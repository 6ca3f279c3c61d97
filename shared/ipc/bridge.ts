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
  /**
   * Browser host only: fetches a finished export or backup (`GET /bridge/download/<id>`, with the
   * bridge token) so the page can save it. The desktop app saves through its own dialog instead.
   */
  download?(downloadId: string): Promise<Blob>
}

/** Name of the method on the bridge that subscribes to events; no channel may use it. */
export const bridgeEventMethod = 'on'
/** Name of the browser host's download method on the bridge; no channel may use it either. */
export const bridgeDownloadMethod = 'download'

/** The browser host's bridge: the header that carries the per-run token on every call. */
export const BRIDGE_TOKEN_HEADER = 'x-talent-desk-token'
/** The browser host writes the token into the page in a meta tag of this name (read once). */
export const BRIDGE_TOKEN_META = 'talent-desk-bridge-token'
