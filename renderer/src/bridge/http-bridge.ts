import { parseJson, stringifyJson } from '../../../shared/json'
import { createParser } from 'eventsource-parser'
import { BRIDGE_SESSION_HEADER, type TalentDeskBridge } from '../../../shared/ipc/bridge'
import { channelNames, isEventName } from '../../../shared/ipc/contract'
import type { IpcResult } from '../../../shared/ipc/errors'

type Listener = (payload: unknown) => void

/**
 * `window.talentDesk` for the browser host: each channel is a POST to `/bridge/<channel>` and
 * events arrive as Server-Sent Events. The stream is read with fetch (not EventSource) so the
 * session travels in a header, never in a URL or a cookie.
 */
export function createHttpBridge(session: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): TalentDeskBridge {
  const bridge: Record<string, unknown> = {}
  for (const name of channelNames) {
    bridge[name] = (input: unknown) => call(name, input)
  }

  async function call(name: string, input: unknown): Promise<IpcResult<unknown>> {
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
      try {
        const response = await fetchImpl('/bridge/events', { headers: { [BRIDGE_SESSION_HEADER]: session } })
        if (!response.ok || !response.body) throw new Error(`events: ${response.status}`)
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

  bridge.on = (event: string, listener: Listener) => {
    if (!isEventName(event)) throw new Error(`Unknown event “${event}”`)
    const set = listeners.get(event) ?? new Set<Listener>()
    listeners.set(event, set)
    set.add(listener)
    if (!streaming) void stream()
    return () => set.delete(listener)
  }

  return bridge as TalentDeskBridge
}
