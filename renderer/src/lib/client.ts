import type { TalentDeskBridge } from '../../../shared/ipc/bridge'
import {
  channels,
  events,
  type ChannelInput,
  type ChannelName,
  type ChannelOutput,
  type EventName,
  type EventPayload
} from '../../../shared/ipc/contract'
import { z } from 'zod'
import { describeIssues, ipcResultSchema, type IpcResult } from '../../../shared/ipc/errors'
import { invalidInputMessage } from '../../../shared/ipc/issue-message'

export type Client = {
  [K in ChannelName]: (input: ChannelInput<K>) => Promise<IpcResult<ChannelOutput<K>>>
} & {
  on<K extends EventName>(event: K, listener: (payload: EventPayload<K>) => void): () => void
  /** Present in the browser host only: fetches a finished export or backup to save. */
  download?: (downloadId: string) => Promise<Blob>
}

/**
 * The renderer's typed client: same method names as the contract. It checks inputs before they
 * leave and replies when they arrive, so a mismatch shows up as a clear error value here rather
 * than as undefined somewhere in a component.
 */
export function createClient(bridge: TalentDeskBridge): Client {
  const client: Record<string, unknown> = {}
  for (const name of Object.keys(channels) as ChannelName[]) {
    const definition = channels[name]
    // built at the channel's first reply, not for every channel at start (the page's first task)
    let reply: ReturnType<typeof ipcResultSchema> | null = null
    client[name] = async (input: unknown): Promise<IpcResult<unknown>> => {
      const parsed = definition.input.safeParse(input)
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'invalid_input',
            message: invalidInputMessage(name, parsed.error, input),
            details: describeIssues(parsed.error)
          }
        }
      }
      const call = bridge[name] as (input: unknown) => Promise<unknown>
      const raw = await call(input)
      if (definition.output instanceof z.ZodArray && isLongList(raw)) {
        return checkLongList(name, definition.output.element as z.ZodType, raw.data)
      }
      reply ??= ipcResultSchema(definition.output)
      const checked = reply.safeParse(raw)
      if (!checked.success) {
        return {
          ok: false,
          error: {
            code: 'invalid_response',
            message: `Talent Desk’s main process answered ${name} in an unexpected shape.`,
            details: describeIssues(checked.error)
          }
        }
      }
      return checked.data as IpcResult<unknown>
    }
  }
  client.on = (event: EventName, listener: (payload: unknown) => void) =>
    bridge.on(event, (payload) => {
      const checked = events[event].safeParse(payload)
      if (checked.success) listener(checked.data)
    })
  if (bridge.download) client.download = (downloadId: string) => bridge.download!(downloadId)
  return client as Client
}

/** Rows checked in one task: a long list's check is spread over tasks, so the page never stalls. */
const CHECK_SLICE = 1_000

function isLongList(raw: unknown): raw is { ok: true; data: unknown[] } {
  return (
    typeof raw === 'object' &&
    raw !== null &&
    (raw as { ok?: unknown }).ok === true &&
    Array.isArray((raw as { data?: unknown }).data) &&
    (raw as { data: unknown[] }).data.length > 2 * CHECK_SLICE
  )
}

/**
 * A reply that is a long list (a shortlist of 15,000 people) checked a slice at a time, each slice
 * in a task of its own: the same check as the short path, row by row, without an 80 ms stall.
 */
async function checkLongList(name: string, row: z.ZodType, rows: unknown[]): Promise<IpcResult<unknown>> {
  const checked: unknown[] = new Array(rows.length)
  for (let start = 0; start < rows.length; start += CHECK_SLICE) {
    if (start > 0) await new Promise((resolve) => setTimeout(resolve, 0))
    const end = Math.min(rows.length, start + CHECK_SLICE)
    for (let index = start; index < end; index++) {
      const parsed = row.safeParse(rows[index])
      if (!parsed.success) {
        return {
          ok: false,
          error: {
            code: 'invalid_response',
            message: `Talent Desk’s main process answered ${name} in an unexpected shape.`,
            details: describeIssues(parsed.error).map((issue) => ({
              ...issue,
              path: issue.path === '(root)' ? `data.${index}` : `data.${index}.${issue.path}`
            }))
          }
        }
      }
      checked[index] = parsed.data
    }
  }
  return { ok: true, data: checked }
}
