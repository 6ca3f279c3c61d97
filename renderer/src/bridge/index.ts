import { BRIDGE_TOKEN_META, type TalentDeskBridge } from '../../../shared/ipc/bridge'

declare global {
  interface Window {
    talentDesk?: TalentDeskBridge
  }
}

/**
 * The bridge to main: Electron's preload puts it on `window.talentDesk`; in the browser host the
 * page builds it over HTTP from the token the host wrote into the page (read once, then removed).
 */
export async function connectBridge(): Promise<TalentDeskBridge> {
  if (window.talentDesk) return window.talentDesk
  const meta = document.querySelector<HTMLMetaElement>(`meta[name="${BRIDGE_TOKEN_META}"]`)
  if (!meta) {
    throw new Error('Talent Desk could not reach its main process: open it from the app or from `npm run web`.')
  }
  const token = meta.content
  meta.remove()
  const { createHttpBridge } = await import('./http-bridge')
  return createHttpBridge(token)
}
