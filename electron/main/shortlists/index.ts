import { errorMessage } from '../../../shared/error-message'
import type { FeatureContribution } from '../platform/contribution'
import type { TeamPort } from '../platform/ports'
import { personalDataOwner } from './personal-data'
import { shortlistsHandlers } from './handlers'
import { ShortlistsService } from './shortlists-service'
import { SharedLists } from './shared-lists'
import { shortlistsTeamShare } from './team-share'

/** Shortlists, their members and stages, Recently deleted, and shortlists shared with the team. */
export const contribution = {
  name: 'shortlists',
  create({ stores, clock, bus, port, events, logger }) {
    const activeConnection = () => {
      try {
        return port('connections').active().id
      } catch {
        return null
      }
    }
    const team = (): TeamPort | null => {
      try {
        return port('team')
      } catch {
        return null
      }
    }
    const shortlists = new ShortlistsService(
      stores,
      clock,
      () => port('boughtContacts'),
      (held) => bus.publish('peopleHeld', held),
      activeConnection,
      // opening a person restarts their retention clock (retention/ listens)
      (key) => bus.publish('personOpened', { key }),
      new SharedLists(team, clock)
    )
    // its part of Recently deleted (removed people): purged now, at every reopen and hourly
    stores.addPurge((store, days) => shortlists.purgeRemoved(store, days))
    const teamShare = shortlistsTeamShare({
      store: () => stores.get(),
      clock,
      held: ({ shortlistId, key, by }) =>
        bus.publish('peopleHeld', {
          kind: 'team',
          what: 'person',
          detail: `Shared by ${by}`,
          connectionId: null,
          shortlistId,
          people: [{ key }]
        }),
      // a colleague's changes, once their page committed: the page's views read again at once
      told(news) {
        const shortlistIds = [...news.shortlistIds]
        events.emit('shortlistsChanged', { reason: 'team', shortlistIds })
        if (news.memberIds.size > 0) {
          events.emit('membersChanged', {
            reason: 'team',
            memberIds: [...news.memberIds],
            shortlistIds,
            profileKeys: [...news.profileKeys]
          })
        }
        for (const line of news.lines) {
          try {
            port('activity').teamShortlist(line)
          } catch (error) {
            logger.warn('shared shortlist news not entered in Activity', {
              error: errorMessage(error)
            })
          }
        }
      }
    })
    return {
      handlers: shortlistsHandlers(shortlists),
      personalData: personalDataOwner(() => stores.get()),
      teamShare
    }
  }
} satisfies FeatureContribution<unknown>
