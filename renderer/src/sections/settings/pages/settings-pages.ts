import type { Component } from 'svelte'
import ConnectionsPage from './ConnectionsPage.svelte'
import WatchesPage from './WatchesPage.svelte'
import ControllerPage from './ControllerPage.svelte'
import RetentionPage from './RetentionPage.svelte'
import DoNotContactPage from './DoNotContactPage.svelte'
import ExportLogPage from './ExportLogPage.svelte'
import RegisterPage from './RegisterPage.svelte'
import NoticePage from './NoticePage.svelte'
import KnownPeoplePage from './KnownPeoplePage.svelte'
import TeamPage from './TeamPage.svelte'
import AtsPage from './AtsPage.svelte'
import type { SettingsStates } from './settings-states'

/** One page of Settings: its place in the page list, its title there and the component it shows. */
export interface SettingsPage<Id extends string = string> {
  id: Id
  title: string
  /** The heading the page is listed under, when it belongs to one ("Personal data"). */
  group?: string
  component: Component<{ states: SettingsStates }>
}

/**
 * Settings' pages, in the order of its page list. The list, its keys and every link into
 * Settings (app-state's openSettings) come from this table: a page added here is listed and can
 * be linked to; a page id that is not here does not type-check.
 */
export const settingsPages = [
  { id: 'connections', title: 'Connections', component: ConnectionsPage },
  { id: 'watches', title: 'Watches', component: WatchesPage },
  { id: 'controller', title: 'Controller', group: 'Personal data', component: ControllerPage },
  { id: 'retention', title: 'Retention', group: 'Personal data', component: RetentionPage },
  { id: 'do-not-contact', title: 'Do not contact', group: 'Personal data', component: DoNotContactPage },
  { id: 'export-log', title: 'Export log', group: 'Personal data', component: ExportLogPage },
  { id: 'register', title: 'Register', group: 'Personal data', component: RegisterPage },
  { id: 'notice', title: 'Candidate notice', group: 'Personal data', component: NoticePage },
  { id: 'known-people', title: 'People you already have', component: KnownPeoplePage },
  { id: 'team', title: 'Team', component: TeamPage },
  { id: 'ats', title: 'ATS', component: AtsPage }
] as const satisfies ReadonlyArray<SettingsPage>

export type SettingsPageId = (typeof settingsPages)[number]['id']

/** The page with this id; the first (Connections) for one that is not (an old link). */
export function settingsPageById(id: string): SettingsPage<SettingsPageId> {
  return settingsPages.find((page) => page.id === id) ?? settingsPages[0]
}
