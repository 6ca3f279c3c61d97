import { contribution as activity } from './activity'
import { contribution as appInfo } from './app-info'
import { contribution as ats } from './ats'
import { sendContribution as atsSend } from './ats'
import { contribution as budgets } from './budgets'
import { contribution as chat } from './chat'
import { contribution as connections } from './connections'
import { contribution as contacts } from './contacts'
import { contribution as doNotContact } from './do-not-contact'
import { contribution as exports } from './export'
import { contribution as exportLog } from './export-log'
import { contribution as imports } from './imports'
import { contribution as knownPeople } from './known-people'
import { contribution as privacy } from './privacy'
import { contribution as provenance } from './provenance'
import type { ChannelName } from '../../shared/ipc/contract'
import { contribution as refresh } from './refresh'
import { contribution as retention } from './retention'
import { contribution as search } from './search'
import { contribution as shortlists } from './shortlists'
import { contribution as team } from './team'
import { contribution as tools } from './tools'
import { contribution as usage } from './usage'
import { contribution as watches } from './watches'

/**
 * The app's features, one line each, in the order they are made and started (and closed in
 * reverse). What the first screen needs comes first; adding a capability is its folder and a line.
 */
export const features = [
  appInfo,
  connections,
  budgets,
  search,
  shortlists,
  contacts,
  exports,
  exportLog,
  doNotContact,
  knownPeople,
  chat,
  refresh,
  activity,
  watches,
  imports,
  usage,
  tools,
  provenance,
  privacy,
  retention,
  team,
  ats,
  atsSend
] as const

/** The channels a contribution's handlers answer, read from its type. */
type HandledBy<Contribution> = Contribution extends { create(...args: never[]): infer Made }
  ? Awaited<Made> extends { handlers: infer Handlers }
    ? keyof Handlers
    : never
  : never
/**
 * Every channel of the contract is handled by a feature of the list, checked as it compiles (the
 * feature host checks again at start, and that none is handled twice): a missing one is named here.
 */
type Unhandled = Exclude<ChannelName, HandledBy<(typeof features)[number]>>
export const everyChannelHandled: [Unhandled] extends [never] ? true : `unhandled: ${Unhandled}` = true
