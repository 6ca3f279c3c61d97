import type { FeatureContribution } from '../platform/contribution'
import { AtsKeys } from './ats-keys'
import { AtsConnections } from './connections/ats-connections'
import { atsHandlers } from './handlers'
import { personalDataOwner } from './personal-data'
import { atsPullPart } from './pull'

export { AtsConnections, type OpenedAtsConnection, type AtsConnectionChange } from './connections/ats-connections'

/** What the shell gives the ATS connections (main-options.ts). */
export interface AtsOptions {
  /**
   * Opens a web address in the system browser (Electron: `shell.openExternal`): Lever's consent
   * page for "Connect Lever with OAuth". Without it (the browser host, tests) the page offers the link.
   */
  openInBrowser?: (url: string) => Promise<void>
  /** How long a Lever sign-in waits for the browser to come back (10 minutes unless said). */
  leverOAuthWaitMs?: number
}

/**
 * Your ATS, directly (issue #39): Greenhouse and Lever connections, their keys in the keychain
 * bound to the ATS's origin, each one's pace, and Settings → ATS. Push and pull (push/, pull/)
 * call an ATS through `atsConnections.open(id)` and follow `atsConnections.onChange`.
 */
export const contribution = {
  name: 'ats',
  async create(context) {
    const keys = new AtsKeys({
      vault: context.vault,
      now: () => context.clock.now(),
      watcher: context.secretWatcher
    })
    const atsConnections = new AtsConnections({
      stores: context.stores,
      keys,
      sandbox: context.sandbox,
      dispatcher: context.dispatcher,
      limits: context.answerLimits,
      paces: context.paces,
      clock: context.clock,
      events: context.events,
      logger: context.logger,
      openInBrowser: context.options.openInBrowser,
      ...(context.options.leverOAuthWaitMs === undefined ? {} : { oauthWaitMs: context.options.leverOAuthWaitMs })
    })
    await keys.primeWatcher()
    // Known people, live (pull/): each saved connection's people pulled into "People you already have"
    const pull = atsPullPart({
      opener: {
        open: async (id) => {
          if (!atsConnections.list().some((row) => row.id === id)) return null
          const { connection, client } = await atsConnections.open(id)
          return { kind: connection.kind, name: connection.name, client }
        },
        connectionIds: () => atsConnections.list().map((row) => row.id)
      },
      knownPeople: () => context.port('knownPeople'),
      doNotContact: () => context.port('doNotContact'),
      clock: context.clock,
      emit: (status) => context.events.emit('atsPullProgress', status)
    })
    let started = false
    // a connection added (or brought back) gets its first full pull at once; a removed one's pulled
    // list goes with it (its marks would claim an ATS the desk no longer reads; Undo pulls it again)
    atsConnections.onChange((change) => {
      if (change.type === 'added') {
        if (started) pull.pull.start(change.id)
        return
      }
      void pull.pull.forget(change.id).then(() => context.port('knownPeople').removeAtsLists(change.id))
    })
    return {
      handlers: { ...atsHandlers(atsConnections), ...pull.handlers },
      provides: {
        // what "Send to the ATS" (push/) writes through: a saved connection, its acting user, its client
        atsTargets: {
          async open(id: string) {
            const { connection, client } = await atsConnections.open(id)
            return {
              connectionId: connection.id,
              kind: connection.kind,
              name: connection.name,
              actingUserId: connection.actingUser,
              client
            }
          },
          // a send made records there: the pulled list reads them now, so the marks agree with the send
          sent(id: string) {
            if (atsConnections.list().some((row) => row.id === id)) pull.pull.start(id)
          }
        }
      },
      personalData: personalDataOwner(() => context.stores.get()),
      // removed connections' keys go; the Sandbox's fakes start only if a saved connection uses them
      // then the pull's schedule: every connection pulls once now, and again every 15 minutes
      start: {
        when: 'after-first-screen',
        run: () => {
          started = true
          void atsConnections
            .start()
            .catch((error: unknown) => context.logger.warn('ats.start_failed', { error: String(error) }))
            .finally(() => pull.start())
        }
      },
      wake: pull.wake,
      close: async () => {
        atsConnections.signIns.cancelAll()
        await pull.close()
        await atsConnections.purgeRemoved()
      }
    }
  }
} satisfies FeatureContribution<AtsOptions>

// "Send to the ATS" (issue #39 item 2, ats/push/) is a contribution of its own: its handlers (its
// journal's people are this feature's owner's); it opens connections through the port atsTargets.
export { contribution as sendContribution, type AtsSendOptions, type AtsOpener, type AtsTarget } from './push'
