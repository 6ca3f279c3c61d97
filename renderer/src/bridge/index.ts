import { BRIDGE_LOGIN_PARAM, BRIDGE_SESSION_STORAGE_KEY, type TalentDeskBridge } from '../../../shared/ipc/bridge'

declare global {
  interface Window {
    talentDesk?: TalentDeskBridge
  }
}

/**
 * The bridge to main: Electron's preload puts it on `window.talentDesk`. In the browser host the
 * page logs in with the one-time secret in the link's fragment (never sent to a server as part
 * of a URL), keeps the session in this origin's own storage — which no other port of 127.0.0.1
 * can read, unlike a cookie — and sends it in a header (electron/host/sessions.ts).
 */
export async function connectBridge(codeMayRun: Promise<void> = Promise.resolve()): Promise<TalentDeskBridge> {
  if (window.talentDesk) return window.talentDesk
  // The page logs in at once; the HTTP bridge's code (fetched with the entry) runs once the page's
  // start lets it (`codeMayRun`: main.ts runs the contract it imports in steps first).
  const modules = codeMayRun.then(() => Promise.all([import('./http-bridge'), import('../lib/host-link.svelte')]))
  modules.catch(() => undefined) // awaited below; a refused login is what the page says first
  const session = await browserHostSession()
  // A new link opened in this tab (pasted after a restart of Talent Desk) only changes the
  // fragment: log in with it and start the page afresh.
  window.addEventListener('hashchange', () => {
    void followNewLink()
  })
  const [{ createHttpBridge }, { setHostLink }] = await modules
  return createHttpBridge(session, fetch.bind(globalThis), setHostLink)
}

async function followNewLink(): Promise<void> {
  const secret = takeSecret()
  if (secret === null) return
  const reply = await logIn(secret)
  if (reply.ok) writeKept(reply.session)
  // The page starts again with the new session, or says why the link did not work.
  if (reply.ok) location.reload()
  else window.alert(reply.message)
}

/** The one-time secret in the address's fragment, taken out of the address bar and history. */
function takeSecret(): string | null {
  const secret = new URLSearchParams(location.hash.slice(1)).get(BRIDGE_LOGIN_PARAM)
  if (secret !== null) history.replaceState(null, '', `${location.pathname}${location.search}`)
  return secret
}

const openTheLink =
  'Talent Desk is not open in this browser yet. Open the link printed in the terminal where it runs (npm start); to get a new link, press Enter in that terminal.'

async function browserHostSession(): Promise<string> {
  // The secret leaves the address bar and the history at once, whatever happens next.
  const secret = takeSecret()
  const kept = readKept()
  if (secret === null) {
    if (kept === null) throw new Error(openTheLink)
    return kept
  }
  const reply = await logIn(secret)
  if (reply.ok) {
    writeKept(reply.session)
    return reply.session
  }
  // A browser that is logged in already and opens the used link again simply gets the app.
  if (kept !== null) return kept
  throw new Error(reply.message)
}

async function logIn(secret: string): Promise<{ ok: true; session: string } | { ok: false; message: string }> {
  let response: Response
  try {
    response = await fetch('/bridge/session', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ [BRIDGE_LOGIN_PARAM]: secret })
    })
  } catch {
    return {
      ok: false,
      message: 'Talent Desk’s host is not answering. Start it again and open the new link it prints.'
    }
  }
  const body = (await response.json().catch(() => null)) as {
    ok?: boolean
    data?: { session?: unknown }
    error?: { message?: unknown }
  } | null
  if (body?.ok === true && typeof body.data?.session === 'string') return { ok: true, session: body.data.session }
  const message = typeof body?.error?.message === 'string' ? body.error.message : openTheLink
  return { ok: false, message }
}

function readKept(): string | null {
  try {
    return localStorage.getItem(BRIDGE_SESSION_STORAGE_KEY)
  } catch {
    return null
  }
}

function writeKept(session: string): void {
  try {
    localStorage.setItem(BRIDGE_SESSION_STORAGE_KEY, session)
  } catch {
    // storage refused (private mode quota): this tab still works until it is reloaded
  }
}
