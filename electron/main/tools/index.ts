import type { SecretWatcher } from '../logging/secret-mask'
import { fetch as undiciFetch } from 'undici'
import { limitedFetch } from '../net/limited-fetch'
import type { FeatureContribution } from '../platform/contribution'
import { toolsHandlers } from './handlers'
import { ToolsService } from './tools-service'

/** What Tools needs of the shell (MainOptions). */
export interface ToolsOptions {
  appVersion: string
  /** Told about every secret the app holds, so the log masks it (the file logger's mask). */
  secretWatcher?: SecretWatcher
  /** Tests: the tool server's clock, token margin and time limits. */
  toolServer?: { now?: () => number; tokenMarginMs?: number; callTimeoutMs?: number; listRetryMinMs?: number }
}

/** The Tools screen: a connection's tool server, its calls, and the spends they confirm first. */
export const contribution = {
  name: 'tools',
  create(context) {
    const { options, dispatcher } = context
    const tools = new ToolsService({
      connections: context.port('connections'),
      stores: context.stores,
      // a tool's contact lookup is priced and confirmed by the Contacts screen's quotes
      contacts: context.port('contactQuotes'),
      budgets: () => context.port('budgets'),
      events: context.events,
      requests: context.requests,
      // the token exchange and the tool server go through the same dispatcher as every other call
      // (its answers read within the same limits as the Partner API's)
      fetch: limitedFetch(
        ((input: string | URL | Request, init?: RequestInit) =>
          undiciFetch(input as string, { ...(init as object), dispatcher })) as unknown as typeof fetch,
        context.answerLimits
      ),
      logger: context.logger,
      clientInfo: { name: 'talent-desk', version: options.appVersion },
      held: (held) => context.bus.publish('peopleHeld', held),
      // tokens (an hour's life, never stored) are masked in the log; replies mask the stored secrets
      ...(options.secretWatcher ? { mask: (token: string) => options.secretWatcher?.add(token) } : {}),
      ...(options.toolServer ?? {})
    })
    return { handlers: toolsHandlers(tools), provides: { toolTokens: tools }, close: () => tools.close() }
  }
} satisfies FeatureContribution<ToolsOptions>
