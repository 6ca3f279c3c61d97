import type { TeamBoard } from './team-board'
import type { TeamContext, TeamTimers } from './team-context'
import type { TeamSync } from './team-sync'

export interface TeamLiveDeps {
  context: TeamContext
  board: TeamBoard
  sync: TeamSync
  timers: TeamTimers
  /** The reconnect: first wait, doubled each failure up to the last (ms). */
  backoff?: { firstMs: number; maxMs: number }
}

interface LiveStream {
  abort: AbortController
  cancelRetry: (() => void) | null
  failures: number
}

/**
 * The server's live stream, which says when to pull: open while the desk is in a team, a sync on
 * each opening and each change announced, reconnected after a failure with a doubling wait.
 */
export class TeamLive {
  readonly #deps: TeamLiveDeps
  #live: LiveStream | null = null

  constructor(deps: TeamLiveDeps) {
    this.#deps = deps
  }

  get started(): boolean {
    return this.#live !== null
  }

  start(): void {
    if (this.#live !== null || this.#deps.context.closed) return
    this.#live = { abort: new AbortController(), cancelRetry: null, failures: 0 }
    this.#connect()
  }

  /** After a sleep: a reconnect waiting is done now, if the desk is offline. */
  wake(): void {
    const live = this.#live
    if (live === null) return
    live.cancelRetry?.()
    live.cancelRetry = null
    if (!this.#deps.board.online) this.#connect()
  }

  stop(): void {
    const live = this.#live
    this.#live = null
    if (live === null) return
    live.cancelRetry?.()
    live.abort.abort()
  }

  #connect(): void {
    const { context, board, sync } = this.#deps
    const live = this.#live
    const state = context.state()
    if (live === null || state === null || context.closed) return
    live.abort = new AbortController()
    context
      .client(state.serverOrigin, state.deskId)
      .events({
        signal: live.abort.signal,
        onOpen: () => {
          live.failures = 0
          board.online = true
          board.publish()
          void sync.sync()
          void board.refreshDesks(state).then(() => board.publish())
        },
        onChanges: () => void sync.sync()
      })
      .then(
        () => this.#retry(live, null),
        (error: unknown) => this.#retry(live, error)
      )
  }

  #retry(live: LiveStream, error: unknown): void {
    const { context, board } = this.#deps
    if (this.#live !== live || live.abort.signal.aborted || context.closed) return
    if (error !== null) {
      live.failures += 1
      const wasOnline = board.online
      board.failed(error)
      if (wasOnline !== board.online) board.publish()
    }
    const { firstMs, maxMs } = this.#deps.backoff ?? { firstMs: 1000, maxMs: 60_000 }
    const delay = Math.min(maxMs, firstMs * 2 ** Math.max(0, live.failures - 1))
    live.cancelRetry = this.#deps.timers.after(delay, () => {
      live.cancelRetry = null
      this.#connect()
    })
  }
}
