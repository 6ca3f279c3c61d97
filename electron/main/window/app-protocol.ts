import { readRendererFile } from './renderer-files'
import { contentSecurityPolicy } from './hardening'
import { failurePageCss, failurePageHtml, failurePagePath, failureStylePath } from './load-failure'

/**
 * The renderer is served from `app://talent-desk/…`, not `file://`: a standard, secure custom
 * scheme gives the page a real origin that IPC handlers can check, keeps it away from the rest
 * of the disk, and lets every response carry the CSP header.
 */
export const appScheme = 'app'
export const appHost = 'talent-desk'
export const appOrigin = `${appScheme}://${appHost}`
export const appEntryUrl = `${appOrigin}/index.html`

/**
 * Privileges for `protocol.registerSchemesAsPrivileged` (before `ready`). `standard` gives the
 * scheme `scheme://host/path` URLs, relative resolution and a tuple origin; `secure` makes the
 * page a secure context. Left off on purpose: `bypassCSP`, `corsEnabled` (would let other
 * origins read app files), `supportFetchAPI` (the page fetches nothing; CSP says
 * `connect-src 'none'` anyway), service workers and streaming.
 */
export const appSchemePrivileges = {
  standard: true,
  secure: true,
  bypassCSP: false,
  allowServiceWorkers: false,
  supportFetchAPI: false,
  corsEnabled: false,
  stream: false,
  codeCache: true
} as const

/** Headers on every app:// response. */
export const appResponseHeaders = {
  'content-security-policy': contentSecurityPolicy,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'cache-control': 'no-cache'
} as const

/**
 * The path part of an `app://talent-desk/…` URL, or null for anything else: another scheme,
 * another host, a port, credentials. Chromium lower-cases the host of a standard scheme; Node's
 * URL does not for non-special schemes, hence the case-insensitive compare. Dot segments
 * (`..`, `%2e%2e`) are already resolved by the URL parser and can never climb above `/`.
 */
export function appRequestPath(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${appScheme}:`) return null
  if (url.hostname.toLowerCase() !== appHost || url.port !== '') return null
  if (url.username !== '' || url.password !== '') return null
  return url.pathname === '' ? '/' : url.pathname
}

export interface AppRequest {
  url: string
  method: string
}

/**
 * Answers one `app://` request from the built renderer folder. Encoded separators and any path
 * that would leave the folder are refused by `readRendererFile` (shared with the browser host).
 * Only GET and HEAD: the page has nothing to post to its own files. The shell's own failure page
 * (load-failure.ts) is made here, not read from the renderer folder.
 */
export async function serveAppRequest(request: AppRequest, rendererDir: string): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') return plain(405, 'Method not allowed')
  const path = appRequestPath(request.url)
  if (path === null) return plain(404, 'Not found')
  if (path === failurePagePath || path === failureStylePath) {
    const text = path === failurePagePath ? failurePageHtml(new URL(request.url).search) : failurePageCss
    return new Response(request.method === 'HEAD' ? null : text, {
      status: 200,
      headers: {
        ...appResponseHeaders,
        'content-type': path === failurePagePath ? 'text/html; charset=utf-8' : 'text/css; charset=utf-8'
      }
    })
  }
  const file = await readRendererFile(rendererDir, path)
  if ('status' in file) return plain(file.status, file.status === 403 ? 'Forbidden' : 'Not found')
  const body = request.method === 'HEAD' ? null : new Uint8Array(file.body)
  return new Response(body, {
    status: 200,
    headers: { ...appResponseHeaders, 'content-type': file.mimeType }
  })
}

function plain(status: number, text: string): Response {
  return new Response(text, {
    status,
    headers: { ...appResponseHeaders, 'content-type': 'text/plain; charset=utf-8' }
  })
}
