import { channels, type ChannelName } from '../../../shared/ipc/contract'
import type { Handlers } from '../ipc/router'
import type { Logger } from '../logging/logger'
import type { PersonalDataOwner } from '../personal-data/personal-data-owner'
import { errorMessage } from '../../../shared/error-message'
import type { Feature, FeatureContext, FeatureContribution, StartWhen } from './contribution'
import type { Ports } from './ports'

interface Created {
  name: string
  feature: Feature
  started: boolean
}

/**
 * The features, made from their contributions in the list's order: their ports joined, their
 * handlers joined (a channel handled twice, or by none, is an error at start), started in two
 * waves, woken, and closed in the reverse order.
 */
export class FeatureHost {
  readonly #created: Created[]
  readonly #handlers: Handlers
  readonly #provided: Partial<Ports>
  readonly #logger: Logger

  private constructor(created: Created[], handlers: Handlers, provided: Partial<Ports>, logger: Logger) {
    this.#created = created
    this.#handlers = handlers
    this.#provided = provided
    this.#logger = logger
  }

  static async create<Options>(
    contributions: readonly FeatureContribution<Options>[],
    shared: Omit<FeatureContext<Options>, 'port' | 'personalDataOwners' | 'teamShares'>
  ): Promise<FeatureHost> {
    const provided: Partial<Ports> = {}
    const providers = new Map<keyof Ports, string>()
    const created: Created[] = []
    const context: FeatureContext<Options> = {
      ...shared,
      port: (name) => portProxy(provided, name),
      personalDataOwners: () => ownersOf(created),
      teamShares: () => created.flatMap(({ feature }) => (feature.teamShare ? [feature.teamShare] : []))
    }
    const handlers: Partial<Record<ChannelName, unknown>> = {}
    const handledBy = new Map<string, string>()
    for (const contribution of contributions) {
      const feature = await contribution.create(context)
      for (const [name, port] of Object.entries(feature.provides ?? {}) as [keyof Ports, never][]) {
        const before = providers.get(name)
        if (before !== undefined) throw new Error(`The port ${name} is provided by ${before} and ${contribution.name}.`)
        providers.set(name, contribution.name)
        provided[name] = port
      }
      for (const [channel, handler] of Object.entries(feature.handlers)) {
        const before = handledBy.get(channel)
        if (before !== undefined)
          throw new Error(`The channel ${channel} is handled by ${before} and ${contribution.name}.`)
        handledBy.set(channel, contribution.name)
        handlers[channel as ChannelName] = handler
      }
      created.push({ name: contribution.name, feature, started: false })
    }
    const missing = Object.keys(channels).filter((channel) => !handledBy.has(channel))
    if (missing.length > 0) throw new Error(`No feature handles ${missing.join(', ')}.`)
    return new FeatureHost(created, handlers as Handlers, provided, shared.logger)
  }

  /** A port a feature provides (for the shell's and the tests' use: MainServices). */
  port<K extends keyof Ports>(name: K): Ports[K] {
    return portProxy(this.#provided, name)
  }

  /** Every channel's handler, one per channel. */
  get handlers(): Handlers {
    return this.#handlers
  }

  /** The owners of personal data, one per feature that stores anything about a person. */
  get personalData(): PersonalDataOwner[] {
    return ownersOf(this.#created)
  }

  /** Starts the features that start `when` (each once), in the list's order. */
  start(when: StartWhen): void {
    for (const entry of this.#created) {
      if (entry.started || entry.feature.start?.when !== when) continue
      entry.started = true
      try {
        entry.feature.start.run()
      } catch (error) {
        this.#logger.warn('feature.start_failed', { feature: entry.name, error: errorMessage(error) })
      }
    }
  }

  /** The machine woke: each feature looks again. */
  wake(): void {
    for (const { feature } of this.#created) feature.wake?.()
  }

  /** Closes every feature, the last one first; one that fails to close does not keep the others open. */
  async close(): Promise<void> {
    for (const { name, feature } of [...this.#created].reverse()) {
      try {
        await feature.close?.()
      } catch (error) {
        this.#logger.warn('feature.close_failed', { feature: name, error: errorMessage(error) })
      }
    }
  }
}

function ownersOf(created: readonly Created[]): PersonalDataOwner[] {
  return created.flatMap(({ feature }) => (feature.personalData ? [feature.personalData] : []))
}

/**
 * A port read when it is used: the feature that provides it may come later in the list than the
 * one that holds it. Calling a port nobody provides throws.
 */
function portProxy<K extends keyof Ports>(provided: Partial<Ports>, name: K): Ports[K] {
  return new Proxy({} as Ports[K], {
    get(_target, property) {
      const port = provided[name]
      if (port === undefined) throw new Error(`No feature provides the port ${name}.`)
      const value = (port as unknown as Record<string | symbol, unknown>)[property]
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(port) : value
    }
  })
}
