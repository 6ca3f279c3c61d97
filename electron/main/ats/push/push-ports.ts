import type { AtsSendProgress } from '../../../../shared/ipc/channels/ats-send'
import type {
  AtsTarget,
  AtsTargetsPort,
  BoughtContactsPort,
  DoNotContactPort,
  ExportLogPort,
  KnownPeoplePort,
  SheetRowsPort
} from '../../platform/ports'
import type { Clock } from '../../store/clock'
import type { StoreAccess } from '../../store/store-access'

/**
 * What a send needs of a saved ATS connection (issue #39 item 1 keeps them), declared narrow in
 * platform/ports.ts (port atsTargets) so "Send to the ATS" does not depend on how connections are
 * stored: its kind, its name, the user writes are made as, and a client at its pace (an AtsClient).
 */
export type { AtsTarget }
export type AtsOpener = AtsTargetsPort

/** One person to send, read from a shortlist member or an import row. */
export interface PushPerson {
  /** The profile's key (the journal's person key). */
  personKey: string
  /** The shortlist member's id, when from a shortlist. */
  memberId: number | null
  name: string
  firstName: string
  lastName: string
  company: string
  title: string
  emails: string[]
  phones: string[]
  /** Profile links (profilenet, code host…). */
  links: string[]
  /** Handles for the do-not-contact check. */
  handles: string[]
  tags: string[]
  /** The recruiter's notes ('' when none). */
  notes: string
}

/** A job (Greenhouse) or posting (Lever), with the stages a person may start in. */
export interface AtsJob {
  id: string
  name: string
  stages: Array<{ id: string; name: string }>
}

/** A record already in the ATS (a Greenhouse candidate or prospect, a Lever opportunity). */
export interface AtsRecord {
  id: string
  name: string
  /** Greenhouse's company; Lever has none (its headline is read instead). */
  company: string
  headline: string
  emails: string[]
  links: string[]
  /** ISO 8601. */
  createdAt: string
}

/** What the send service is given (push/index.ts wires it). */
export interface PushServiceDeps {
  stores: StoreAccess
  clock: Clock
  /** The saved ATS connections (issue #39 item 1), read when used. */
  opener: () => AtsOpener
  doNotContact: () => DoNotContactPort
  exportLog: () => ExportLogPort
  boughtContacts: () => BoughtContactsPort
  sheetRows: () => SheetRowsPort
  /**
   * The pulled lists of "Known people, live" (ats/pull keeps them): links and names are matched
   * against the connection's list when it has a ready one; absent, every record is read.
   */
  knownPeople?: () => Pick<KnownPeoplePort, 'atsList' | 'check'>
  /** Told after each person of a send (the atsSendProgress event). */
  progress: (progress: AtsSendProgress) => void
  /** Told once a send ends having made records in the ATS (its people are there now). */
  sent?: (connectionId: string) => void
}
