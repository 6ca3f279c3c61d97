import type { FeatureContribution } from '../platform/contribution'
import { teamHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import type { SliceOptions } from '../work/work-slices'
import type { TeamTimers } from './team-context'
import type { CheckpointOptions, SpawnCheckpointWorker } from './wal-checkpoints'
import { TeamService } from './team-service'
import { TeamSpend } from './team-spend'

export { credentialAccount } from './team-credential'
export type { TeamTimers } from './team-context'
export type { SpawnCheckpointWorker } from './wal-checkpoints'

/** What the team needs of the shell (MainOptions): tests move the live stream's reconnects by hand. */
export interface TeamOptions {
  team?: {
    timers?: TeamTimers
    /** The live stream's reconnect: first wait, doubled each failure up to the last (ms; default 1 s to 60 s). */
    backoff?: { firstMs: number; maxMs: number }
    /** How long a slice of a pulled page applies before main's event loop gets a turn (tests pass a clock of their own). */
    slices?: SliceOptions
    /** The log's checkpoints off main's thread while a backlog applies: their pace and cap (tests count their answers). */
    checkpoints?: CheckpointOptions
  }
  /**
   * How to start the worker thread that checkpoints the data file's write-ahead log while the team
   * sync applies a backlog (wal-checkpoints.ts). Without it main's commits checkpoint, as SQLite does by itself.
   */
  checkpointWorker?: SpawnCheckpointWorker
}

/**
 * The team (issue #38): this desk in a team on the agency's team server. What each feature shares
 * is declared in its own folder (team-share.ts) and handed over by its contribution; features
 * share a change through the port `team`, in the transaction of the change itself.
 */
export const contribution = {
  name: 'team',
  create(context) {
    const team = new TeamService({
      stores: context.stores,
      clock: context.clock,
      vault: context.vault,
      secretWatcher: context.secretWatcher,
      dispatcher: context.dispatcher,
      events: context.events,
      logger: context.logger,
      shares: () => context.teamShares(),
      ...(context.options.team?.timers === undefined ? {} : { timers: context.options.team.timers }),
      ...(context.options.team?.backoff === undefined ? {} : { backoff: context.options.team.backoff }),
      ...(context.options.team?.slices === undefined ? {} : { slices: context.options.team.slices }),
      ...(context.options.team?.checkpoints === undefined ? {} : { checkpoints: context.options.team.checkpoints }),
      ...(context.options.checkpointWorker === undefined ? {} : { checkpointWorker: context.options.checkpointWorker })
    })
    const port = {
      joined: () => team.joined(),
      salted: (value: string) => team.salted(value),
      share: (...args: Parameters<TeamService['share']>) => team.share(...args),
      pushWaiting: () => void team.sync(),
      me: () => team.me()
    }
    const spend = new TeamSpend({
      stores: context.stores,
      clock: context.clock,
      vault: context.vault,
      dispatcher: context.dispatcher,
      logger: context.logger,
      team: port,
      connections: () => context.port('connections')
    })
    // every ledger row, in its transaction, to the team's book; identities learnt again when connections change
    const stops = [
      context.stores.onLedgerRecord((entry) => spend.recorded(entry)),
      context.bus.subscribe('connectionsChanged', () => spend.forgetAccounts())
    ]
    return {
      handlers: { ...teamHandlers(team), getTeamSpend: ({ month }) => spend.book(month) },
      provides: {
        team: port,
        teamSync: { idle: () => team.idle(), sync: () => team.sync() },
        teamSpend: spend
      },
      personalData: personalDataOwner(() => context.stores.get()),
      start: { when: 'after-first-screen', run: () => team.start() },
      wake: () => team.wake(),
      close: () => {
        stops.forEach((stop) => stop())
        return team.close()
      }
    }
  }
} satisfies FeatureContribution<TeamOptions>
