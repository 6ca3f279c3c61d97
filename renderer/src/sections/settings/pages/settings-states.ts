import type { ConnectionsState } from '../../../lib/connections-state.svelte'
import type { WatchesState } from '../../../components/watches/watches-state.svelte'
import type { ExportLogState } from '../personal-data/export-log-state.svelte'
import type { RetentionState } from '../personal-data/retention-state.svelte'
import type { DataControllerState } from '../personal-data/data-controller-state.svelte'
import type { DoNotContactState } from '../personal-data/do-not-contact-state.svelte'
import type { KnownPeopleState } from '../known-people/known-people-state.svelte'
import type { TeamPageState } from '../team/team-state.svelte'
import type { AtsState } from '../ats/ats-state.svelte'

/** The states Settings' pages read; each page takes what it shows from these. */
export interface SettingsStates {
  connections: ConnectionsState
  watches: WatchesState
  exportLog: ExportLogState
  retention: RetentionState
  doNotContact: DoNotContactState
  dataController: DataControllerState
  knownPeople: KnownPeopleState
  team: TeamPageState
  /** The app's ATS connections (Settings → ATS; the send dialog reads them too). */
  ats: AtsState
}
