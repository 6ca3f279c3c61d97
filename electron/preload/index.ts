import { contextBridge, ipcRenderer } from 'electron'
import type { TalentDeskBridge } from '../../shared/ipc/bridge'
import { channelNameList, ipcChannel, ipcEvent, isListedEvent } from '../../shared/ipc/names'

/**
 * Builds `window.talentDesk` from the contract's names (shared/ipc/names.ts: the names only, so
 * no schema and no zod is bundled here): one function per channel and `on` for push events.
 * Nothing else crosses: no ipcRenderer, no process, no generic invoke. Replies are checked by
 * the renderer's client; inputs are checked again, strictly, in main.
 */
const bridge: Record<string, unknown> = {}
for (const name of channelNameList) {
  bridge[name] = (input: unknown) => ipcRenderer.invoke(ipcChannel(name), input)
}
bridge.on = (event: string, listener: (payload: unknown) => void) => {
  if (!isListedEvent(event)) throw new Error(`Unknown event “${event}”`)
  const channel = ipcEvent(event)
  // Hand the page only the payload, never Electron's event object (it exposes `sender`).
  const wrapped = (_event: unknown, payload: unknown) => listener(payload)
  ipcRenderer.on(channel, wrapped)
  return () => {
    ipcRenderer.removeListener(channel, wrapped)
  }
}

contextBridge.exposeInMainWorld('talentDesk', bridge as TalentDeskBridge)
