import type { ServerResponse } from 'node:http'
import type { EventName } from '../../shared/ipc/contract'
import { stringifyJson } from '../../shared/json'
import { endsOwnRefreshJob } from '../../shared/notice-events'
import type { MainServices } from '../main/compose'
import type { ThrottledWarnings } from './log-throttle'
import { failure, sendJson } from './http-replies'

export interface EventStreamLimits {
  /** Open event streams (one per tab): one more is refused with 503 until one closes. */
  maxEventStreams: number
  /** Events queued for a stream that does not read them: past this, the stream is closed. */
  maxStreamBacklogBytes: number
}

/** Job endings held while no tab listens (a host restart, a closed tab): the newest this many. */
export const MAX_HELD_NOTICES = 20

export interface EventStreams {
  /** `GET /bridge/events`: Server-Sent Events carrying the contract's push events, one stream per tab. */
  open(response: ServerResponse): void
  /** Stops listening and ends every stream (the host is closing). */
  close(): void
}

/** The contract's push events, fanned out to every open tab as Server-Sent Events. */
export function createEventStreams(
  events: MainServices['events'],
  limits: EventStreamLimits,
  refusals: ThrottledWarnings
): EventStreams {
  const streams = new Set<ServerResponse>()
  // The page notifies of a job's end when it hears it: one that ends while no tab listens is
  // told to the next tab that opens, once.
  const held: string[] = []
  const unsubscribe = events.subscribe((name, payload) => {
    const frame = `event: ${name}\ndata: ${stringifyJson(payload)}\n\n`
    if (streams.size === 0 && endsOwnRefreshJob(name as EventName, payload)) {
      held.push(frame)
      if (held.length > MAX_HELD_NOTICES) held.shift()
    }
    for (const stream of streams) {
      // A client that stopped reading would otherwise keep every event in memory.
      if (stream.writableLength > limits.maxStreamBacklogBytes) stream.destroy()
      else stream.write(frame)
    }
  })
  return {
    open(response) {
      if (streams.size >= limits.maxEventStreams) {
        refusals.warn('host.too_many_event_streams', { open: streams.size })
        response.setHeader('retry-after', '5')
        return sendJson(
          response,
          503,
          failure(
            'rate_limited',
            `Talent Desk is already open in ${streams.size} tabs or windows. Close some; this one connects once there is room.`
          )
        )
      }
      response.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        connection: 'keep-alive'
      })
      response.write(': connected\n\n')
      for (const frame of held.splice(0)) response.write(frame)
      streams.add(response)
      const heartbeat = setInterval(() => response.write(': keep-alive\n\n'), 15_000)
      response.on('close', () => {
        clearInterval(heartbeat)
        streams.delete(response)
      })
    },
    close() {
      unsubscribe()
      for (const stream of streams) stream.end()
    }
  }
}
