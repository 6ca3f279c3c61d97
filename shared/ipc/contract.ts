import type { z } from 'zod'
import { appChannels } from './channels/app'
import { exportChannels, exportEvents } from './channels/export'
import { keychainChannels } from './channels/keychain'
import { shortlistChannels, shortlistEvents } from './channels/shortlists'
import { storeChannels } from './channels/store'
import { connectionChannels, connectionEvents } from './channels/connections'
import { searchChannels } from './channels/search'
import { contactChannels, contactEvents } from './channels/contacts'
import { refreshChannels, refreshEvents } from './channels/refresh'
import { chatChannels } from './channels/chat'
import { usageChannels } from './channels/usage'
import { toolsChannels } from './channels/tools'
import { importChannels, importEvents } from './channels/imports'
import { watchesChannels, watchesEvents } from './channels/watches'
import { personalDataChannels, personalDataEvents } from './channels/personal-data'
import { exportLogChannels, exportLogEvents } from './channels/export-log'
import { doNotContactChannels, doNotContactEvents } from './channels/do-not-contact'
import { knownPeopleChannels, knownPeopleEvents } from './channels/known-people'
import { retentionChannels } from './channels/retention'
import { provenanceChannels } from './channels/provenance'
import { budgetsChannels, budgetsEvents } from './channels/budgets'
import { teamChannels, teamEvents } from './channels/team'
import { teamSpendChannels } from './channels/team-spend'
import { atsChannels, atsEvents } from './channels/ats'
import { atsSendChannels, atsSendEvents } from './channels/ats-send'
import { atsPullChannels, atsPullEvents } from './channels/ats-pull'
import type { ChannelNameOfList, EventNameOfList } from './names'

/**
 * The one IPC contract. Each channel: name → strict input schema, output schema. Main validates
 * inputs (and its own outputs), the renderer client validates both again, and the preload builds
 * `window.talentDesk` from these keys (as the zod-free name lists of names.ts, which must agree
 * with them). To add a channel: declare it in a file under `channels/`, spread it here, add its
 * name to names.ts, implement it in its feature's `handlers.ts` (`electron/main/<feature>/`).
 */
export const channels = {
  ...doNotContactChannels,
  ...appChannels,
  ...keychainChannels,
  ...shortlistChannels,
  ...exportChannels,
  ...storeChannels,
  ...connectionChannels,
  ...searchChannels,
  ...contactChannels,
  ...refreshChannels,
  ...chatChannels,
  ...usageChannels,
  ...toolsChannels,
  ...importChannels,
  ...watchesChannels,
  ...personalDataChannels,
  ...exportLogChannels,
  ...provenanceChannels,
  ...retentionChannels,
  ...knownPeopleChannels,
  ...budgetsChannels,
  ...teamChannels,
  ...teamSpendChannels,
  ...atsChannels,
  ...atsSendChannels,
  ...atsPullChannels
} as const satisfies Record<string, ChannelDefinition>

/** Push events from main to renderer, declared the same way (name → payload schema). */
export const events = {
  ...doNotContactEvents,
  ...shortlistEvents,
  ...exportEvents,
  ...connectionEvents,
  ...contactEvents,
  ...refreshEvents,
  ...importEvents,
  ...watchesEvents,
  ...personalDataEvents,
  ...exportLogEvents,
  ...knownPeopleEvents,
  ...budgetsEvents,
  ...teamEvents,
  ...atsEvents,
  ...atsSendEvents,
  ...atsPullEvents
} as const satisfies Record<string, z.ZodType>

export interface ChannelDefinition {
  input: z.ZodType
  output: z.ZodType
}

export type Channels = typeof channels
export type ChannelName = keyof Channels & string
export type ChannelInput<K extends ChannelName> = z.input<Channels[K]['input']>
export type ChannelOutput<K extends ChannelName> = z.output<Channels[K]['output']>
/** What a handler receives: the input after parsing (defaults applied). */
export type HandlerInput<K extends ChannelName> = z.output<Channels[K]['input']>
export type Events = typeof events
export type EventName = keyof Events & string
export type EventPayload<K extends EventName> = z.output<Events[K]>

export const channelNames = Object.keys(channels) as ChannelName[]
export const eventNames = Object.keys(events) as EventName[]

export function isChannelName(name: string): name is ChannelName {
  return Object.hasOwn(channels, name)
}
export function isEventName(name: string): name is EventName {
  return Object.hasOwn(events, name)
}

/** The zod-free name lists (names.ts) are exactly the contract's keys: this fails to compile if not. */
type SameKeys<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false
export const channelListsAgree: SameKeys<ChannelNameOfList, ChannelName> = true
export const eventListsAgree: SameKeys<EventNameOfList, EventName> = true

export { ipcChannel, ipcEvent } from './names'
