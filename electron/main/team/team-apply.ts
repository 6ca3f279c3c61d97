import type { TeamChange } from '../../../shared/team/protocol'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { ApplyContext, TeamShare } from '../platform/team-share'
import { isoNow, type Clock } from '../store/clock'
import { readChange } from './team-client'
import type { TeamContext } from './team-context'
import type { TeamState } from './team-repo'
import { withoutWaitingForDisk } from '../store/without-waiting-for-disk'

export interface TeamApplyDeps {
  context: TeamContext
  clock: Clock
  logger: Pick<Logger, 'info' | 'warn'>
  /** Every feature's declaration of what it shares (read when a change is applied). */
  shares: () => readonly TeamShare[]
}

/**
 * Colleagues' changes applied to this desk's store through each feature's declared kind, and
 * each kind's after-commit work. While one is applied, what it writes is not shared again.
 */
export class TeamApply {
  readonly #deps: TeamApplyDeps
  #applying = false

  constructor(deps: TeamApplyDeps) {
    this.#deps = deps
  }

  /** True while a colleague's change is applied (a feature's share then shares nothing). */
  get applying(): boolean {
    return this.#applying
  }

  /**
   * Applies a slice of a page (its changes in the order of their sequence numbers) from `from` on,
   * in one transaction, until `spent()` answers true after a change or the page ends; the same
   * transaction records the sequence number of the last change it went past (the page's `last` once
   * it ends), so each change is applied exactly once whatever stops the sync between two slices.
   * Changes after the last applied only (one delivered twice is applied once), colleagues' only
   * (ours are here already); each read by the protocol's schema here (readChange: one that does not
   * fit fails the sync, its slice undone). Answers where the next slice starts and the kinds it applied.
   */
  slice(
    state: TeamState,
    changes: readonly unknown[],
    from: number,
    last: number,
    spent: () => boolean
  ): { next: number; kinds: Set<string> } {
    const { context } = this.#deps
    const db = context.db()
    const kinds = new Map(this.#deps.shares().flatMap((share) => Object.entries(share.kinds)))
    const applyContext = { db, salted: context.salted(state), deskId: state.deskId }
    const appliedKinds = new Set<string>()
    let next = from
    // without waiting for the disk (synchronous = NORMAL, as an import's hidden entries are written:
    // entry-writer.ts): a crash may lose the last slices, with the sequence number they recorded, and
    // the next sync pulls them again; the store's next commit (FULL) puts them on disk
    withoutWaitingForDisk(db, () =>
      db.transaction(() => {
        const repo = context.repo()
        let newest = repo.state()?.lastSeq ?? 0
        while (next < changes.length) {
          const change = readChange(state.serverOrigin, changes[next])
          next += 1
          if (change.seq > newest) {
            newest = change.seq
            if (this.#applyOne(state, change, kinds.get(change.kind), applyContext)) appliedKinds.add(change.kind)
          }
          if (spent()) break
        }
        repo.setLastSeq(next === changes.length ? Math.max(newest, last) : newest, isoNow(this.#deps.clock))
      })()
    )
    return { next, kinds: appliedKinds }
  }

  /** Applies one change through its kind (inside the slice's transaction); false when skipped. */
  #applyOne(
    state: TeamState,
    change: TeamChange,
    kind: TeamShare['kinds'][string] | undefined,
    applyContext: ApplyContext
  ): boolean {
    const mine = change.author.deskId === state.deskId
    if (mine && kind?.mineToo !== true) return false
    if (kind === undefined) {
      this.#deps.logger.info('team.kind_unknown', { kind: change.kind, seq: change.seq })
      return false
    }
    let payload: unknown = null
    if (change.payload !== null) {
      const parsed = kind.payload.safeParse(change.payload)
      if (!parsed.success) {
        this.#deps.logger.warn('team.payload_unreadable', { kind: change.kind, seq: change.seq })
        return false
      }
      payload = parsed.data
    }
    this.#applying = true
    try {
      kind.apply({ ...change, payload, ...(mine ? { mine } : {}) }, applyContext)
    } finally {
      this.#applying = false
    }
    return true
  }

  /** The desks a change of this kind is meant for, as its feature declares (SharedKind.audience); undefined: the whole team. */
  audienceOf(kind: string, payload: unknown): string[] | undefined {
    for (const share of this.#deps.shares()) {
      const declared = share.kinds[kind]
      if (declared === undefined) continue
      const parsed = declared.audience === undefined ? null : declared.payload.safeParse(payload)
      if (parsed === null || !parsed.success) return undefined
      const audience = declared.audience!(parsed.data)
      return audience === null || audience.length === 0 ? undefined : [...new Set(audience)]
    }
    return undefined
  }

  /** Each kind's after-commit work (SharedKind.settle) for the kinds a page held; every kind's at start. */
  settle(state: TeamState, kinds: ReadonlySet<string> | 'all'): void {
    const settleContext = {
      db: this.#deps.context.db(),
      salted: this.#deps.context.salted(state),
      deskId: state.deskId
    }
    for (const share of this.#deps.shares()) {
      for (const [name, kind] of Object.entries(share.kinds)) {
        if (kind.settle === undefined || (kinds !== 'all' && !kinds.has(name))) continue
        this.#applying = true
        try {
          kind.settle(settleContext)
        } catch (error) {
          this.#deps.logger.warn('team.settle_failed', { kind: name, error: errorMessage(error) })
        } finally {
          this.#applying = false
        }
      }
    }
  }
}
