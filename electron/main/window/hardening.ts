import type { Logger } from '../logging/logger'
import { errorMessage } from '../../../shared/error-message'

/**
 * Every window is locked down here, in one Electron-free module: the shell passes Electron's
 * objects in, and tests pass small fakes with the same shape. The types below name only the
 * parts of Electron's API this module touches.
 */

/**
 * The renderer's Content-Security-Policy: one definition, sent by both shells with every page
 * response. Styles are `'self'` only: Vite emits Svelte's component CSS to a .css file, and
 * Svelte sets dynamic styles through CSSOM (`style.cssText`, `style.setProperty`), which CSP does
 * not restrict. Static `style="…"` attributes in markup are blocked, so the renderer uses classes
 * or `style:` directives instead. `connect` is the one difference between the shells: the desktop
 * page makes no network calls at all (everything goes through the preload bridge), the browser
 * host's page talks to its own origin only (the HTTP bridge).
 */
export function rendererCsp(connect: "'none'" | "'self'"): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src ${connect}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
    "object-src 'none'"
  ].join('; ')
}

/** The desktop app's CSP (every `app://` response): no network from the page. */
export const contentSecurityPolicy = rendererCsp("'none'")

/** The browser host's CSP: the page may talk only to its own origin, the bridge. */
export const browserHostCsp = rendererCsp("'self'")

export interface SecureWebPreferences {
  preload: string
  contextIsolation: true
  sandbox: true
  nodeIntegration: false
  nodeIntegrationInWorker: false
  nodeIntegrationInSubFrames: false
  webSecurity: true
  allowRunningInsecureContent: false
  webviewTag: false
  experimentalFeatures: false
  enableWebSQL: false
  navigateOnDragDrop: false
  safeDialogs: true
  spellcheck: false
  devTools: boolean
}

/**
 * The webPreferences of every window. Each value is spelled out, even where it is Electron's
 * default, so a reader (and the test) sees the whole policy. Spellcheck is off because on
 * Windows and Linux Chromium downloads its dictionaries from Google's CDN: a network call the
 * user did not ask for.
 */
export function secureWebPreferences(preload: string, options: { devTools?: boolean } = {}): SecureWebPreferences {
  return {
    preload,
    contextIsolation: true,
    // Chromium's renderer sandbox (not the Sandbox, the built-in API service)
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    enableWebSQL: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools ?? false
  }
}

/** Longest URL handed to the OS browser; anything longer is not a link a person clicked. */
const MAX_EXTERNAL_URL_LENGTH = 4096

/**
 * The URL to hand to the OS browser, or null. Only `https:` with a host and without
 * credentials (`https://user:pass@host` is a phishing shape); parsed with URL, never matched
 * as a string, and returned in its normalised form so the OS gets exactly what was checked.
 */
export function safeExternalUrl(raw: string): string | null {
  if (typeof raw !== 'string' || raw.length > MAX_EXTERNAL_URL_LENGTH) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== 'https:' || url.hostname === '') return null
  if (url.username !== '' || url.password !== '') return null
  return url.href
}

export const isSafeExternalUrl = (raw: string): boolean => safeExternalUrl(raw) !== null

/**
 * The origin of a URL as Chromium serialises it, or null. Node's URL gives `"null"` for
 * non-special schemes, but `app:` is registered as a standard scheme, so Chromium gives it a
 * real `scheme://host[:port]` origin; this computes the same for it.
 */
export function originOf(raw: string | null | undefined): string | null {
  if (!raw) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.origin !== 'null') return url.origin
  if (url.host === '') return null
  return `${url.protocol}//${url.host.toLowerCase()}`
}

/** What hardening uses of an Electron event: only the ability to cancel it. */
export interface PreventableEvent {
  preventDefault(): void
}

/** Electron's navigation events carry the target URL on the event itself (Electron ≥ 25). */
export interface NavigationEvent extends PreventableEvent {
  url: string
}

export interface WindowOpenDetails {
  url: string
}

/** The part of Electron's `WebContents` that hardening touches. */
export interface HardenableContents {
  on(event: 'will-navigate', listener: (event: NavigationEvent) => void): unknown
  on(event: 'will-redirect', listener: (event: NavigationEvent) => void): unknown
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown
  setWindowOpenHandler(handler: (details: WindowOpenDetails) => { action: 'deny' }): void
}

export interface HardeningOptions {
  /** The app's own origin (`app://talent-desk`): the only place navigation may go. */
  appOrigin: string
  /** Hands a checked https URL to the OS browser (Electron's `shell.openExternal`). */
  openExternal(url: string): Promise<void>
  logger: Logger
}

/**
 * Locks one webContents down: no navigation away from the app, no redirects elsewhere, no
 * `<webview>`, no new windows. A link the user clicks (a navigation or `window.open`) to an
 * https URL goes to the OS browser instead; every other scheme is refused and logged.
 * Same-origin navigation (a reload of the app itself) is allowed.
 */
export function hardenWebContents(contents: HardenableContents, options: HardeningOptions): void {
  const { appOrigin, logger } = options

  const handOff = (raw: string, via: string) => {
    const url = safeExternalUrl(raw)
    if (url === null) {
      logger.warn('window.link_refused', { via, scheme: schemeOf(raw) })
      return
    }
    options.openExternal(url).catch((error: unknown) => {
      logger.warn('window.open_external_failed', { error: errorMessage(error) })
    })
  }

  contents.on('will-navigate', (event) => {
    if (originOf(event.url) === appOrigin) return
    event.preventDefault()
    handOff(event.url, 'navigation')
  })

  // A server-side redirect is not something the user clicked: refuse, never hand off.
  contents.on('will-redirect', (event) => {
    if (originOf(event.url) === appOrigin) return
    event.preventDefault()
    logger.warn('window.redirect_refused', { scheme: schemeOf(event.url) })
  })

  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
    logger.warn('window.webview_refused')
  })

  contents.setWindowOpenHandler((details) => {
    handOff(details.url, 'window.open')
    return { action: 'deny' }
  })
}

/** Log only the scheme of a refused URL: the rest may hold personal data. */
function schemeOf(raw: string): string {
  const match = /^([a-z][a-z0-9+.-]*):/i.exec(raw)
  return match?.[1]?.toLowerCase() ?? 'unknown'
}

/**
 * What Electron tells a permission request handler about the frame asking (its `details`:
 * `PermissionRequest` and the media/openExternal/fileSystem variants all carry these two).
 */
export interface PermissionRequestDetails {
  requestingUrl?: string
  isMainFrame?: boolean
}

/** What Electron tells a permission check handler (`PermissionCheckHandlerHandlerDetails`). */
export interface PermissionCheckDetails {
  requestingUrl?: string
  isMainFrame?: boolean
  /** Set only for a cross-origin subframe. */
  embeddingOrigin?: string
}

/** The part of Electron's `Session` whose permission handlers hardening sets. */
export interface PermissionSession {
  setPermissionRequestHandler(
    handler: (
      contents: unknown,
      permission: string,
      callback: (granted: boolean) => void,
      details: PermissionRequestDetails
    ) => void
  ): void
  setPermissionCheckHandler(
    handler: (
      contents: unknown,
      permission: string,
      requestingOrigin: string,
      details: PermissionCheckDetails
    ) => boolean
  ): void
  setDevicePermissionHandler(handler: (details: unknown) => boolean): void
}

/**
 * The web permissions Talent Desk uses: `navigator.clipboard.writeText` (the Copy buttons) asks
 * for `clipboard-sanitized-write` (reading the clipboard is never needed), and Activity's one
 * notice per batch of news is the page's own `Notification` (the page knows what the recruiter is
 * looking at, and keeps quiet about it).
 */
export const grantedPermissions: readonly string[] = ['clipboard-sanitized-write', 'notifications']

export interface PermissionPolicyOptions {
  /** The app's own origin (`app://talent-desk`): the only one granted anything. */
  appOrigin: string
  logger?: Logger
}

/**
 * Every permission request and check is refused, except those above asked by the app's own
 * main frame (its URL's origin is the app's, and it is not a subframe). Anything
 * Electron leaves out of the details counts as a refusal. Devices (HID, USB, serial) are refused.
 */
export function limitPermissions(session: PermissionSession, options: PermissionPolicyOptions): void {
  const { appOrigin, logger } = options
  const isGranted = (permission: string) => grantedPermissions.includes(permission)

  session.setPermissionRequestHandler((_contents, permission, callback, details) => {
    const allow =
      isGranted(permission) && details?.isMainFrame === true && originOf(details.requestingUrl) === appOrigin
    if (!allow) logger?.warn('window.permission_refused', { permission })
    callback(allow)
  })
  // A check names the origin itself; the URL, when Electron gives it, must agree.
  session.setPermissionCheckHandler(
    (_contents, permission, requestingOrigin, details) =>
      isGranted(permission) &&
      details?.isMainFrame === true &&
      details.embeddingOrigin === undefined &&
      originOf(requestingOrigin) === appOrigin &&
      (details.requestingUrl === undefined || originOf(details.requestingUrl) === appOrigin)
  )
  session.setDevicePermissionHandler(() => false)
}
