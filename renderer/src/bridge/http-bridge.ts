import { parseJson, stringifyJson } from '../../../shared/json'
import { createParser } from 'eventsource-parser'
import { BRIDGE_SESSION_HEADER, type TalentDeskBridge } from '../../../shared/ipc/bridge'
import { channelNames, isEventName } from '../../../shared/ipc/contract'
import type { IpcResult } from '../../../shared/ipc/errors'

type Listener = (payload: unknown) => void

/** How the page stands with the host, as its event stream tells (lib/host-link.svelte.ts). */
export type HostLinkReport = { state: 'ok' } | { state: 'down' | 'logged-out'; message: string }

const notAnswering =
  'Talent Desk’s host is not answering. The page reconnects by itself when it runs again; if its terminal was closed, start Talent Desk again and open the new link it prints.'
/** A bridge call once the host no longer knows this page: the banner says what to do. */
const loggedOutCall =
  'Talent Desk was restarted and no longer knows this page: see the message at the top. Nothing was changed.'

/**
 * `window.talentDesk` for the browser host: each channel is a POST to `/bridge/<channel>` and
 * events arrive as Server-Sent Events. The stream is read with fetch (not EventSource) so the
 * session travels in a header, never in a URL or a cookie.
 */
export function createHttpBridge(
  session: string,
  fetchImpl: typeof fetch = fetch.bind(globalThis),
  onHostLink: (report: HostLinkReport) => void = () => {}
): TalentDeskBridge {
  const bridge: Record<string, unknown> = {}
  /** The host answered this page's session with 401: it was restarted, and only a new link helps. */
  let loggedOut = false
  for (const name of channelNames) {
    bridge[name] = (input: unknown) => call(name, input)
  }

  async function call(name: string, input: unknown): Promise<IpcResult<unknown>> {
    if (loggedOut) return { ok: false, error: { code: 'forbidden', message: loggedOutCall } }
    let response: Response
    try {
      response = await fetchImpl(`/bridge/${encodeURIComponent(name)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: session },
        body: stringifyJson(input ?? {})
      })
    } catch {
      return {
        ok: false,
        error: {
          code: 'network',
          message:
            'Talent Desk’s host is not answering. If its terminal was closed, start Talent Desk again and open the new link it prints.'
        }
      }
    }
    try {
      return parseJson(await response.text()) as IpcResult<unknown>
    } catch {
      return {
        ok: false,
        error: { code: 'invalid_response', message: `The host answered ${response.status} with something unreadable.` }
      }
    }
  }

  // A finished export, fetched with the session in a header (never in a URL), once.
  bridge.download = async (downloadId: string): Promise<Blob> => {
    const response = await fetchImpl(`/bridge/download/${encodeURIComponent(downloadId)}`, {
      headers: { [BRIDGE_SESSION_HEADER]: session }
    })
    if (!response.ok) throw new Error(`The file could not be fetched from the host (${response.status}).`)
    return response.blob()
  }

  const listeners = new Map<string, Set<Listener>>()
  let streaming = false

  async function stream(): Promise<void> {
    streaming = true
    let delay = 500
    while (streaming) {
      let response: Response
      try {
        response = await fetchImpl('/bridge/events', { headers: { [BRIDGE_SESSION_HEADER]: session } })
      } catch {
        // The host stopped (or the connection dropped): say so, and try again, backing off to 10 s.
        onHostLink({ state: 'down', message: notAnswering })
        await new Promise((resolve) => setTimeout(resolve, delay))
        delay = Math.min(delay * 2, 10_000)
        continue
      }
      if (response.status === 401) {
        // A restarted host does not know this page's session, and never will: stop, and say so.
        loggedOut = true
        streaming = false
        onHostLink({ state: 'logged-out', message: await errorMessage(response) })
        return
      }
      try {
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`)
        onHostLink({ state: 'ok' })
        delay = 500
        const parser = createParser({
          onEvent(message) {
            if (!message.event) return
            const payload: unknown = parseJson(message.data)
            for (const listener of listeners.get(message.event) ?? []) listener(payload)
          }
        })
        const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          parser.feed(value)
        }
      } catch {
        // The host restarted or the connection dropped: try again, backing off to 10 s.
      }
      await new Promise((resolve) => setTimeout(resolve, delay))
      delay = Math.min(delay * 2, 10_000)
    }
  }

  /** The host's own words for a refusal (its error value), else a plain one. */
  async function errorMessage(response: Response): Promise<string> {
    try {
      const reply = parseJson(await response.text()) as IpcResult<unknown>
      if (!reply.ok && typeof reply.error?.message === 'string') return reply.error.message
    } catch {
      // not an error value
    }
    return 'Talent Desk no longer knows this page. Open the link printed in the terminal where it runs.'
  }

  bridge.on = (event: string, listener: Listener) => {
    if (!isEventName(event)) throw new Error(`Unknown event “${event}”`)
    const set = listeners.get(event) ?? new Set<Listener>()
    listeners.set(event, set)
    set.add(listener)
    if (!streaming && !loggedOut) void stream()
    return () => set.delete(listener)
  }

  return bridge as TalentDeskBridge
}
