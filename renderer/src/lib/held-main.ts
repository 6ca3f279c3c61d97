import type { TalentDeskBridge } from '../../../shared/ipc/bridge'
import { createClient, type Client } from './client'

/**
 * For the states' tests: a main whose replies on the `held` channels wait, in the order asked, for
 * the test to let them go — as the browser host's answers may arrive behind its events
 * (`RepliesAndEvents`) — while `answers` come at once and `tell` sends an event to the listener
 * the state registered. `client` checks inputs and replies as the app's does; `bare` is the same
 * main without those checks, for replies a test gives only in part.
 */
export function heldMain(held: readonly string[], answers: Record<string, unknown> = {}) {
  const listeners = new Map<string, (payload: unknown) => void>()
  const waiting = new Map<string, Array<(data: unknown) => void>>()
  const bridge: Record<string, unknown> = {
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  }
  for (const channel of held) {
    bridge[channel] = () =>
      new Promise((resolve) => {
        const queue = waiting.get(channel) ?? []
        queue.push((data) => resolve({ ok: true, data }))
        waiting.set(channel, queue)
      })
  }
  for (const [channel, data] of Object.entries(answers)) bridge[channel] = () => Promise.resolve({ ok: true, data })
  const queue = (channel: string) => {
    const asked = waiting.get(channel)
    if (asked === undefined || asked.length === 0) throw new Error(`nothing asked of ${channel} waits for an answer`)
    return asked
  }
  return {
    client: createClient(bridge as unknown as TalentDeskBridge),
    bare: bridge as unknown as Client,
    /** An event from main, to the listener the state registered for it. */
    tell: (event: string, payload: unknown) => listeners.get(event)!(payload),
    /** The oldest reply waiting on `channel` goes. */
    answer: (channel: string, data: unknown) => queue(channel).shift()!(data),
    /** The newest reply waiting on `channel` goes first. */
    answerNewest: (channel: string, data: unknown) => queue(channel).pop()!(data),
    /** How many replies wait on `channel`. */
    waiting: (channel: string) => waiting.get(channel)?.length ?? 0
  }
}
