import type { FeatureContribution } from '../platform/contribution'
import { teamHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { TeamService, type TeamTimers } from './team-service'

export { credentialAccount, type TeamTimers } from './team-service'

/** What the team needs of the shell (MainOptions): tests move the live stream's reconnects by hand. */
export interface TeamOptions {
  team?: {
    timers?: TeamTimers
    /** The live stream's reconnect: first wait, doubled each failure up to the last (ms; default 1 s to 60 s). */
    backoff?: { firstMs: number; maxMs: number }
  }
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
      ...(context.options.team?.backoff === undefined ? {} : { backoff: context.options.team.backoff })
    })
    return {
      handlers: teamHandlers(team),
      provides: {
        team: {
          joined: () => team.joined(),
          salted: (value) => team.salted(value),
          share: (kind, payload, subjects) => team.share(kind, payload, subjects),
          me: () => team.me()
        },
        teamSync: { idle: () => team.idle(), sync: () => team.sync() }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      start: { when: 'after-first-screen', run: () => team.start() },
      wake: () => team.wake(),
      close: () => team.close()
    }
  }
} satisfies FeatureContribution<TeamOptions>
