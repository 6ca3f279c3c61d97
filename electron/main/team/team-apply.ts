import type { TeamChange } from '../../../shared/team/protocol'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { TeamShare } from '../platform/team-share'
import { isoNow, type Clock } from '../store/clock'
import type { TeamContext } from './team-context'
import type { TeamState } from './team-repo'

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

  /** Applies a page: changes after the last applied only (one delivered twice is applied once), colleagues' only (ours are here already). */
  page(state: TeamState, changes: readonly TeamChange[], last: number): Set<string> {
    const { context } = this.#deps
    const db = context.db()
    const kinds = new Map(this.#deps.shares().flatMap((share) => Object.entries(share.kinds)))
    const applyContext = { db, salted: context.salted(state), deskId: state.deskId }
    const appliedKinds = new Set<string>()
    db.transaction(() => {
      const repo = context.repo()
      const applied = repo.state()?.lastSeq ?? 0
      let newest = applied
      for (const change of [...changes].sort((a, b) => a.seq - b.seq)) {
        if (change.seq <= newest) continue
        newest = change.seq
        const mine = change.author.deskId === state.deskId
        const kind = kinds.get(change.kind)
        if (mine && kind?.mineToo !== true) continue
        if (kind === undefined) {
          this.#deps.logger.info('team.kind_unknown', { kind: change.kind, seq: change.seq })
          continue
        }
        let payload: unknown = null
        if (change.payload !== null) {
          const parsed = kind.payload.safeParse(change.payload)
          if (!parsed.success) {
            this.#deps.logger.warn('team.payload_unreadable', { kind: change.kind, seq: change.seq })
            continue
          }
          payload = parsed.data
        }
        this.#applying = true
        try {
          kind.apply({ ...change, payload, ...(mine ? { mine } : {}) }, applyContext)
        } finally {
          this.#applying = false
        }
        appliedKinds.add(change.kind)
      }
      repo.setLastSeq(Math.max(newest, last), isoNow(this.#deps.clock))
    })()
    return appliedKinds
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
