import type { Logger } from '../logging/logger'
import { errorMessage } from '../../../shared/error-message'

/**
 * When the window's page cannot load (`did-fail-load`) or its renderer process dies
 * (`render-process-gone`), the window shows a small page that says so, with a Reload link back
 * to the app — instead of a blank or never-shown window and a line in the log. The page is made
 * here and served by the app:// handler (app-protocol.ts), so it does not depend on the renderer
 * build that may be what failed; it has no script (the CSP allows only the app's own files) and
 * Reload is a plain same-origin link, which hardening lets through.
 */

/** Paths of the failure page and its stylesheet under app://talent-desk (outside the renderer's files). */
export const failurePagePath = '/_shell/failed.html'
export const failureStylePath = '/_shell/failed.css'

/** Chromium's net::ERR_ABORTED: a load replaced by another (a reload, a navigation), not a failure. */
export const ERR_ABORTED = -3

export type WindowFailure =
  { kind: 'load'; code: number; description: string } | { kind: 'gone'; reason: GoneReason; exitCode: number }

/** `RenderProcessGoneDetails.reason` values (Electron 39). */
export type GoneReason =
  | 'clean-exit'
  | 'abnormal-exit'
  | 'killed'
  | 'crashed'
  | 'oom'
  | 'launch-failed'
  | 'integrity-failure'
  | 'memory-eviction'

const goneReasons: Record<Exclude<GoneReason, 'clean-exit'>, string> = {
  'abnormal-exit': 'its page stopped unexpectedly',
  killed: 'its page was ended by the system',
  crashed: 'its page crashed',
  oom: 'its page ran out of memory',
  'launch-failed': 'its page could not be started',
  'integrity-failure': 'its page failed a code integrity check',
  'memory-eviction': 'its page was closed to free memory'
}

/** The failure a `did-fail-load` reports, or null when there is nothing to show. */
export function failureOfLoad(errorCode: number, errorDescription: string, isMainFrame: boolean): WindowFailure | null {
  if (!isMainFrame || errorCode === ERR_ABORTED || errorCode >= 0) return null
  return { kind: 'load', code: errorCode, description: errorDescription }
}

/** The failure a `render-process-gone` reports, or null for a clean exit (the window closing). */
export function failureOfGone(details: { reason: string; exitCode: number }): WindowFailure | null {
  if (!Object.hasOwn(goneReasons, details.reason)) return null
  return { kind: 'gone', reason: details.reason as GoneReason, exitCode: details.exitCode }
}

/** The failure page's URL for a failure: what happened travels in the query, as codes only. */
export function failurePageUrl(appOrigin: string, failure: WindowFailure): string {
  const query =
    failure.kind === 'load'
      ? new URLSearchParams({ kind: 'load', code: String(failure.code), error: failure.description })
      : new URLSearchParams({ kind: 'gone', reason: failure.reason })
  return `${appOrigin}${failurePagePath}?${query.toString()}`
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

/**
 * The failure page for its URL's query. Only known reasons and Chromium's own error names
 * (`ERR_…`) are shown; anything else in the query is dropped, never echoed.
 */
export function failurePageHtml(search: string): string {
  const query = new URLSearchParams(search)
  let what: string
  if (query.get('kind') === 'gone') {
    const reason = query.get('reason') ?? ''
    what = `Talent Desk’s window stopped: ${Object.hasOwn(goneReasons, reason) ? goneReasons[reason as keyof typeof goneReasons] : 'its page stopped unexpectedly'}. Your data is safe: everything was saved as you worked.`
  } else {
    const code = Number(query.get('code'))
    const name = query.get('error') ?? ''
    const detail = [/^ERR_[A-Z0-9_]{1,60}$/.test(name) ? name : null, Number.isInteger(code) ? `error ${code}` : null]
      .filter((part) => part !== null)
      .join(', ')
    what = `Talent Desk could not open its window${detail ? ` (${detail})` : ''}.`
  }
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="color-scheme" content="light dark">
<title>Talent Desk — the window did not open</title>
<link rel="stylesheet" href="${failureStylePath}">
</head>
<body>
<main>
<h1>Something went wrong</h1>
<p data-testid="failure-message">${escapeHtml(what)}</p>
<p><a class="button" href="/index.html" autofocus>Reload</a></p>
<p class="muted">If this keeps happening, restart Talent Desk. Help → Open log folder has the details for support.</p>
</main>
</body>
</html>
`
}

export const failurePageCss = `:root { font-family: system-ui, sans-serif; color-scheme: light dark; }
body { margin: 0; display: grid; place-items: center; min-height: 100vh; }
main { max-width: 34rem; padding: 2rem; line-height: 1.5; }
h1 { font-size: 1.3rem; margin: 0 0 0.75rem; }
.muted { opacity: 0.75; font-size: 0.9rem; }
.button { display: inline-block; padding: 0.45rem 1.1rem; border-radius: 6px; background: #2f6feb; color: #fff; text-decoration: none; font-weight: 600; }
.button:focus-visible { outline: 3px solid #79a6ff; outline-offset: 2px; }
`

/** The parts of Electron's `BrowserWindow` (and its `webContents`) this module touches. */
export interface FailingWindow {
  readonly webContents: {
    on(
      event: 'did-fail-load',
      listener: (
        event: unknown,
        errorCode: number,
        errorDescription: string,
        validatedURL: string,
        isMainFrame: boolean
      ) => void
    ): unknown
    on(
      event: 'render-process-gone',
      listener: (event: unknown, details: { reason: string; exitCode: number }) => void
    ): unknown
    loadURL(url: string): Promise<void>
    getURL(): string
  }
  isDestroyed(): boolean
  isVisible(): boolean
  show(): void
}

/**
 * Watches one window: a failed main-frame load or a dead renderer loads the failure page and
 * shows the window (created hidden, it is otherwise shown on `ready-to-show`, which a failed load
 * never sends). A failure of the failure page itself is logged and shown as it is, never retried.
 */
export function showFailuresInWindow(win: FailingWindow, options: { appOrigin: string; logger: Logger }): void {
  const { appOrigin, logger } = options
  const isFailurePage = (url: string) => url.startsWith(`${appOrigin}${failurePagePath}`)

  const show = (failure: WindowFailure, failedUrl: string) => {
    if (win.isDestroyed()) return
    logger.error(failure.kind === 'load' ? 'window.load_failed' : 'window.renderer_gone', { ...failure })
    if (!isFailurePage(failedUrl)) {
      win.webContents.loadURL(failurePageUrl(appOrigin, failure)).catch((error: unknown) => {
        logger.error('window.failure_page_failed', { error: errorMessage(error) })
      })
    }
    if (!win.isVisible()) win.show()
  }

  win.webContents.on('did-fail-load', (_event, errorCode, errorDescription, validatedURL, isMainFrame) => {
    const failure = failureOfLoad(errorCode, errorDescription, isMainFrame)
    if (failure) show(failure, validatedURL)
  })
  win.webContents.on('render-process-gone', (_event, details) => {
    const failure = failureOfGone(details)
    if (failure) show(failure, win.webContents.getURL())
  })
}
