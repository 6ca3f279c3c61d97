import type { ApiTimeouts, RetryPolicy } from '../api/partner-client'
import type { AnswerLimits } from '../net/answer-limits'
import type { ConnectionsOverview } from '../../../shared/ipc/channels/connections'
import type { FeatureContribution } from '../platform/contribution'
import { personalDataOwner } from './personal-data'
import { paceHandlers } from '../pace/handlers'
import { ConnectionsService } from './connections-service'
import { connectionsHandlers } from './handlers'
import { SecretsService } from './secrets-service'

/** How the Partner API is called (MainOptions; the dispatcher and limits are compose's). */
export interface ConnectionsOptions {
  /** HTTP for the Partner API; tests shorten timeouts and retries. */
  http?: { timeouts?: Partial<ApiTimeouts>; retry?: Partial<RetryPolicy>; limits?: Partial<AnswerLimits> }
}

/**
 * Connections: which service to call, with which key (the `connections` port every feature that
 * calls the API reads), their secrets, and each one's pace in Settings.
 */
export const contribution = {
  name: 'connections',
  async create(context) {
    const { options, answerLimits } = context
    const secrets = new SecretsService({ vault: context.vault, clock: context.clock, watcher: context.secretWatcher })
    const connections = new ConnectionsService({
      stores: context.stores,
      secrets,
      sandbox: context.sandbox,
      dispatcher: context.dispatcher,
      clock: context.clock,
      events: context.events,
      bus: context.bus,
      logger: context.logger,
      callLog: () => context.port('callLog'),
      pace: context.paces,
      ...(options.http?.timeouts || options.http?.limits?.deadlineMs !== undefined
        ? { timeouts: { ...options.http.timeouts, deadlineMs: answerLimits.deadlineMs } }
        : {}),
      ...(options.http?.limits ? { limits: options.http.limits } : {}),
      ...(options.http?.retry ? { retry: options.http.retry } : {})
    })
    await secrets.primeWatcher()
    // the sandbox came up (or failed): every window hears, and so does every feature
    const unsubscribe = [
      context.bus.subscribe('sandboxChanged', () => connections.notify()),
      context.events.subscribe((name, payload) => {
        if (name === 'connectionsChanged') context.bus.publish('connectionsChanged', payload as ConnectionsOverview)
      })
    ]
    return {
      handlers: {
        ...connectionsHandlers({ connections, secrets, tools: context.port('toolTokens') }),
        ...paceHandlers(context.paces, connections)
      },
      provides: { connections },
      personalData: personalDataOwner(() => context.stores.get()),
      close: () => unsubscribe.forEach((stop) => stop())
    }
  }
} satisfies FeatureContribution<ConnectionsOptions>
