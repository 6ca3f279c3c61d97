import type { Dispatcher } from 'undici'
import type { EmbeddedSandbox } from '../embedded-api/embedded-sandbox'
import type { EventHub } from '../ipc/event-hub'
import type { RequestRegistry } from '../ipc/request-registry'
import type { Handlers } from '../ipc/router'
import type { Logger } from '../logging/logger'
import type { SecretMask, SecretWatcher } from '../logging/secret-mask'
import type { AnswerLimits } from '../net/answer-limits'
import type { Paces } from '../pace/paces'
import type { PersonalDataOwner } from '../personal-data/personal-data-owner'
import type { Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import type { WriteBehind } from '../store/write-behind'
import type { SecretVault } from '../vault/secret-vault'
import type { DownloadRegistry } from '../transfers/downloads'
import type { EventBus } from './event-bus'
import type { Ports } from './ports'
import type { TeamShare } from './team-share'

/**
 * What every feature is given: the shared parts compose builds once (the layer below the
 * features), the options the shell passed (main-options.ts), and the ports other features provide.
 */
export interface FeatureContext<Options> {
  options: Options
  logger: Logger
  clock: Clock
  stores: StoreAccess
  vault: SecretVault
  /** Told of every secret the app holds: the log's mask and the replies' (secretMask). */
  secretWatcher: SecretWatcher
  secretMask: SecretMask
  dispatcher: Dispatcher
  answerLimits: AnswerLimits
  /** Each connection's pace, learnt from the answers. */
  paces: Paces
  /** Events to the page. */
  events: EventHub
  /** Events between features, in this process. */
  bus: EventBus
  requests: RequestRegistry
  writes: WriteBehind
  /** Finished exports waiting for the browser host's page to fetch them. */
  downloads: DownloadRegistry
  /** The built-in sandbox (null when not part of this build). */
  sandbox: EmbeddedSandbox | null
  /**
   * A port another feature provides. Read it when it is used (or at start), not at create: the
   * feature that provides it may come later in the list. Throws when no feature provides it.
   */
  port<K extends keyof Ports>(name: K): Ports[K]
  /**
   * Every feature's personal-data owner (Feature.personalData), for the feature that answers for a
   * person as a whole (privacy/). Read it when used: the list is complete once every feature is made.
   */
  personalDataOwners(): readonly PersonalDataOwner[]
  /** Every feature's team-share declaration (Feature.teamShare), for the team feature; read when used. */
  teamShares(): readonly TeamShare[]
}

/**
 * When a feature starts: with the first screen (its work is on it), or once the first screen is
 * painted (or a fallback delay passed without a paint), so it does not slow the first screen.
 */
export type StartWhen = 'first-screen' | 'after-first-screen'

/** A feature, once created: what it answers, what it offers other features, its life. */
export interface Feature {
  /** The channels it handles; every channel is handled by exactly one feature. */
  handlers: Partial<Handlers>
  /** The ports it provides (ports.ts). */
  provides?: Partial<Ports>
  /**
   * Its background work (resuming what a close cut short, timers). A handler called before it ran
   * still works: a feature whose handlers need it started starts it on demand.
   */
  start?: { when: StartWhen; run(): void }
  /** The machine woke from sleep: look again now. */
  wake?(): void
  /** Stops its work; called in the reverse of the list's order. */
  close?(): void | Promise<void>
  /** What it holds about a person, and how to forget it. */
  personalData?: PersonalDataOwner
  /** What it shares with the team, and how a colleague's change applies here (its team-share.ts). */
  teamShare?: TeamShare
}

/** One per feature folder, exported by its index.ts (as VS Code's `*.contribution.ts`). */
export interface FeatureContribution<Options> {
  /** The feature's folder name. */
  readonly name: string
  create(context: FeatureContext<Options>): Feature | Promise<Feature>
}
