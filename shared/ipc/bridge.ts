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

/** The browser host's bridge: the header that carries the page's session on every call. */
export const BRIDGE_SESSION_HEADER = 'x-talent-desk-session'
/** The one-time link's fragment parameter: `http://127.0.0.1:<port>/#login=<secret>`. */
export const BRIDGE_LOGIN_PARAM = 'login'
/** Where the page keeps its session: its own origin's storage (scheme, host and port). */
export const BRIDGE_SESSION_STORAGE_KEY = 'talent-desk-session'
