import { randomUUID } from 'node:crypto'
import { MAX_CHANGES_PER_PULL, MAX_CHANGES_PER_PUSH, MAX_PUSH_BYTES } from '../../../shared/team/protocol'
import type { TeamPayload } from '../platform/ports'
import { isoNow, type Clock } from '../store/clock'
import { nextTurn } from '../work/next-turn'
import { WorkSlices, type SliceOptions } from '../work/work-slices'
import type { TeamApply } from './team-apply'
import type { TeamBoard } from './team-board'
import { inSeqOrder } from './team-client'
import type { TeamContext } from './team-context'
import type { TeamState } from './team-repo'
import type { CheckpointSession, WalCheckpoints } from './wal-checkpoints'

export interface TeamSyncDeps {
  context: TeamContext
  clock: Clock
  apply: TeamApply
  board: TeamBoard
  /** How long a slice of a page applies before main's event loop gets a turn (work-slices.ts; tests pass a clock of their own). */
  slices?: SliceOptions
  /** The write-ahead log checkpointed off main's thread while a backlog applies (wal-checkpoints.ts). */
  checkpoints?: WalCheckpoints
}

/**
 * The durable outbox every feature's shared change goes to (in the change's own transaction) and
 * the sync: the outbox pushed in order, then the server's changes pulled after the last sequence
 * applied, each page applied in one transaction with its last sequence number (exactly once).
 */
export class TeamSync {
  readonly #deps: TeamSyncDeps
  #running: Promise<void> | null = null
  #again = false
  #kick: NodeJS.Immediate | null = null

  constructor(deps: TeamSyncDeps) {
    this.#deps = deps
  }

  /** Appends a change to the outbox in the caller's transaction; pushed once it has committed. */
  share(kind: string, payload: TeamPayload, subjects: readonly string[] = []): void {
    if (this.#deps.apply.applying) return
    const { context } = this.#deps
    if (context.state() === null) return
    context.repo().append({ changeId: randomUUID(), kind, payload, subjects, deskTime: isoNow(this.#deps.clock) })
    // after the caller's transaction commits (the same turn of the event loop)
    this.#kick ??= setImmediate(() => {
      this.#kick = null
      this.#deps.board.publish()
      void this.sync()
    })
  }

  /** Pushes the outbox, then pulls; one at a time (a sync asked meanwhile runs once more after). */
  sync(): Promise<void> {
    const { context, board } = this.#deps
    if (context.closed) return Promise.resolve()
    if (this.#running !== null) {
      this.#again = true
      return this.#running
    }
    this.#running = (async () => {
      try {
        do {
          this.#again = false
          const state = context.state()
          if (state === null) return
          try {
            await this.#push(state)
            await this.#pull(state)
            board.wentThrough()
          } catch (error) {
            board.failed(error)
            return
          }
        } while (this.#again && !context.closed)
      } finally {
        this.#running = null
        board.publish()
      }
    })()
    return this.#running
  }

  /** Settles once no sync is running (tests wait for it). */
  async idle(): Promise<void> {
    while (this.#running !== null || this.#kick !== null) {
      await (this.#running ?? nextTurn())
    }
  }

  /** Settles once the sync running now (if any) has ended, whether it went through or not. */
  async finished(): Promise<void> {
    await this.#running?.catch(() => undefined)
  }

  /** No sync is kicked off any more (the desk is closing). */
  stop(): void {
    if (this.#kick !== null) clearImmediate(this.#kick)
  }

  /**
   * The outbox in order, at most MAX_CHANGES_PER_PUSH a push and MAX_PUSH_BYTES of JSON (a file's
   * do-not-contact batches are ~61 KB each); a refused change is kept aside with its reason.
   */
  async #push(state: TeamState): Promise<void> {
    const { context, apply } = this.#deps
    const client = context.client(state.serverOrigin, state.deskId)
    for (;;) {
      const batch = withinPushBytes(context.repo().waiting(MAX_CHANGES_PER_PUSH))
      if (batch.length === 0) return
      context.db().transaction(() => context.repo().attempted(batch.map((change) => change.id)))()
      const result = await client.push(
        batch.map((change) => {
          // the desks it is meant for, as its feature declares: the server gives it to no other
          const audience = apply.audienceOf(change.kind, change.payload)
          return {
            id: change.changeId,
            kind: change.kind,
            payload: change.payload,
            subjects: change.subjects,
            deskTime: change.deskTime,
            ...(audience === undefined ? {} : { audience })
          }
        })
      )
      context.db().transaction(() => {
        const repo = context.repo()
        for (const { id } of result.accepted) repo.accepted(id)
        for (const { id, code, message } of result.refused) repo.refuse(id, code, message)
      })()
      if (result.accepted.length + result.refused.length === 0) return
    }
  }

  /**
   * Pages after the last sequence applied. A page is read (JSON.parse) in a turn of main's event
   * loop of its own, then its changes checked and applied in slices of about DEFAULT_SLICE_MS each (work-slices.ts), each
   * slice one transaction with the sequence number of its last change, and a turn of the event loop
   * before each: a desk back after a month never holds main for long, whatever a change costs (a
   * colleague's entry some microseconds, a file's batch of 900 some milliseconds, a commit that
   * checkpoints the data file more). A page is as many changes as apply in about PAGE_APPLY_MS
   * (measured page by page, the turns left out), which bounds the page read at once.
   */
  async #pull(state: TeamState): Promise<void> {
    let checkpoints: CheckpointSession | null = null
    try {
      await this.#pages(state, (page) => {
        // a backlog (more than a page waiting): the log is checkpointed off main's thread until the pull ends
        if (checkpoints === null && (page.more || page.changes >= CHECKPOINTS_FROM)) {
          checkpoints = this.#checkpoints()
        }
        return checkpoints
      })
    } finally {
      // after the last slice: one more checkpoint by the worker, then main's own setting back
      await (checkpoints as CheckpointSession | null)?.end()
    }
  }

  /** A checkpoint session on main's connection (none without a worker; a failure to start one is logged, never the sync's). */
  #checkpoints(): CheckpointSession | null {
    const { context, checkpoints } = this.#deps
    if (checkpoints === undefined) return null
    try {
      return checkpoints.begin(context.db(), context.file())
    } catch {
      return null
    }
  }

  async #pages(
    state: TeamState,
    backlog: (page: { more: boolean; changes: number }) => CheckpointSession | null
  ): Promise<void> {
    const { context, apply } = this.#deps
    const client = context.client(state.serverOrigin, state.deskId)
    let limit = FIRST_PULL_LIMIT
    for (;;) {
      const after = context.repo().state()?.lastSeq
      if (after === undefined) return
      const page = await client.pull(after, limit)
      const changes = inSeqOrder(page.changes)
      const checkpoints = backlog({ more: page.more, changes: changes.length })
      const slices = new WorkSlices(this.#deps.slices)
      let appliedMs = 0
      let from = 0
      // the page was read in a callback of the socket's: a first pause ends that turn of the event loop,
      // the second lets timers and I/O in before the first slice
      await slices.pause()
      do {
        // the log copied whole by the checkpoint worker when it has grown long (wal-checkpoints.ts)
        await checkpoints?.ready()
        await slices.pause()
        // the desk closed or left the team (or joined another) during the turn: nothing more of this page
        if (!this.#stillIn(state)) return
        const started = performance.now()
        const slice = apply.slice(state, changes, from, page.last, () => slices.spent())
        checkpoints?.committed()
        apply.settle(state, slice.kinds)
        appliedMs += performance.now() - started
        from = slice.next
      } while (from < changes.length)
      if (!page.more || changes.length === 0) return
      limit = nextPullLimit(limit, appliedMs)
    }
  }

  /** Whether the desk is still open and in the team (as the same desk) a sync started in. */
  #stillIn(state: TeamState): boolean {
    const { context } = this.#deps
    const now = context.closed ? null : context.state()
    return now !== null && now.teamId === state.teamId && now.deskId === state.deskId
  }
}

/** A page of this many changes (or one with more after it) is a backlog: its log is checkpointed off main's thread. */
const CHECKPOINTS_FROM = 100

/** Changes asked for in a sync's first page (their size unknown yet). */
const FIRST_PULL_LIMIT = 100
/**
 * The time a page's changes should take to apply, in slices (before the slices, the page was one
 * block of main's and 20 ms). It bounds the page read at once (1,000 entries ~450 KB, some dozen of a
 * file's batches); smaller pages only added round trips: at 20 ms, a desk applied 100,000 entries in
 * 13.4 s with 5.3 s of main's CPU, at 100 ms in 8.4 s with 4.0 s (team-desk bench's apply, load ~4).
 */
const PAGE_APPLY_MS = 100

/** The next page's size: as many as apply in PAGE_APPLY_MS at the pace of the last page, at most twice as many. */
export function nextPullLimit(limit: number, appliedMs: number): number {
  const paced = Math.floor((limit * PAGE_APPLY_MS) / Math.max(appliedMs, 0.1))
  return Math.max(1, Math.min(MAX_CHANGES_PER_PULL, limit * 2, paced))
}

/** Room left in a push for its envelope and each change's fields beside the payload. */
const PUSH_ENVELOPE_BYTES = 64 * 1024

/** The first of these changes that fit in one push's body (always the first: a change alone fits the payload limit). */
function withinPushBytes<Change extends { payload: unknown; subjects: readonly string[] }>(
  changes: readonly Change[]
): Change[] {
  let bytes = PUSH_ENVELOPE_BYTES
  let count = 0
  for (const change of changes) {
    bytes += Buffer.byteLength(JSON.stringify(change.payload)) + change.subjects.length * 67 + 200
    if (count > 0 && bytes > MAX_PUSH_BYTES) break
    count += 1
  }
  return changes.slice(0, count)
}
