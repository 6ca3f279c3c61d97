import type { ContactQuote, Credits } from '../../../shared/ipc/channels/contacts'
import type { BudgetLine, SpentFor } from '../../../shared/ipc/channels/budgets'
import type { ConnectionsOverview, ConnectionTestPart } from '../../../shared/ipc/channels/connections'
import type { CsvColumn, SavedTarget } from '../../../shared/ipc/channels/export'
import type { ExportLogKind } from '../../../shared/ipc/channels/export-log'
import type { PersonToCheck, Suppression } from '../../../shared/ipc/channels/do-not-contact'
import type { KnownMatch, KnownPersonToCheck } from '../../../shared/ipc/channels/known-people'
import type { ErasureReason, ForgetResult } from '../../../shared/ipc/channels/personal-data'
import type { RefreshJobSummary, RefreshPlan } from '../../../shared/ipc/channels/refresh'
import type { NewPerson } from '../../../shared/ipc/channels/watches'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { PartnerClient } from '../api/partner-client'
import type { ApiCallInput } from '../api/api-call'
import type { Connection, CreditCounts, Store } from '../store'
import type { ExportRow } from './export-row'
import type { AtsTargetsPort } from './ats-targets-port'
import type { AtsPagesTarget, AtsPagesWriter } from './ats-pages-port'

export type { AtsPageBytes, AtsPageWritten, AtsPagesTarget, AtsPagesWriter } from './ats-pages-port'

export type { AtsCaller, AtsTarget, AtsTargetsPort } from './ats-targets-port'

/**
 * What features offer one another, typed here so that no feature imports another: a feature
 * provides a port from its contribution (contribution.ts), another reads it from its context at
 * call time. Each port is the least the reader needs, named for what it is used for.
 */

/** A connection's tool server: its addresses, client id, and the secret read when needed. */
export interface ToolAccess {
  connection: Connection
  authUrl: string
  mcpUrl: string
  clientId: string
  clientSecret: () => Promise<string | null>
}

/** Which service to call, with which key (the connections feature): every feature that calls the API. */
export interface ConnectionsPort {
  /** The active connection's settings. */
  active(): Connection
  /** A client for a connection (the active one by default), ready to call. */
  client(id?: string): Promise<{ client: PartnerClient; connection: Connection }>
  /** A connection's name, or null when it no longer exists. */
  nameOf(id: string): string | null
  /** The account a connection spends from: its service's address and its key's sha256 (never the key); null without a key. */
  accountIdentity(id: string): Promise<string | null>
  /** Why a connection cannot be called unattended now, or null. */
  notReady(id: string): Promise<string | null>
  overview(): Promise<ConnectionsOverview>
  /** Where a connection's tool server is and how to get its token. */
  toolAccess(id?: string): Promise<ToolAccess>
}

/** What Tools needs of Contacts: its quotes price and confirm a tool's contact lookup too. */
export interface ContactQuotesPort {
  quote(input: HandlerInput<'quoteContacts'>): ContactQuote
  confirmForTool(
    quoteId: string,
    call: { connectionId: string; contactType: ContactQuote['contactType']; keys: readonly string[] },
    /** The ledger's id for the spend (the call's request id), and whether a budget is lifted for it. */
    spend?: { purchaseId: string; overBudget: boolean }
  ): { quote: ContactQuote; release: () => void; hold: BudgetHold }
  /** In a team: the team's budget asked about a spend of this quote before it is confirmed (BudgetsPort.acrossTeam). */
  acrossTeam(quoteId: string, purchaseId: string, overBudget: boolean): Promise<TeamHold>
  refreshCredits(input: HandlerInput<'refreshCredits'>): Promise<Credits>
  /** Runs a spend in the connection's turn, so purchases and tool spends never overlap. */
  inSpendTurn<T>(connectionId: string, work: () => Promise<T>): Promise<T>
  /** The balance a tool call left, kept as the connection's last seen counts (in the caller's transaction). */
  recordToolCounts(connectionId: string, counts: { available: number; used?: number }): CreditCounts
  /** Contacts a tool call returned, saved with the Contacts screen's (in the caller's transaction). */
  saveToolContacts(
    connectionId: string,
    results: Array<Record<string, unknown>>,
    call: { contactType: string; requestType: 'New' | 'Polling' }
  ): void
  /** The counts last seen on a connection, or undefined. */
  lastCounts(connectionId: string): CreditCounts | undefined
}

/** A spend admitted by the budgets: it holds its credits against them until released (its spend ended). */
export interface BudgetHold {
  release(): void
}

/**
 * Credit budgets (the budgets feature): what a quoted spend would bring each budget to, and the
 * check every spending path makes before it sends (refused past 100% unless lifted for that one).
 */
export interface BudgetsPort {
  preview(connectionId: string, credits: number | null, spentFor: SpentFor | undefined): BudgetLine[]
  /**
   * In one step: throws (an AppError naming the budget) when the spend would cross one, counting
   * the spends admitted before it and not yet released; else tags it with its origin and holds its
   * credits against the budgets until `release` (called once the spend has ended, ledger written).
   */
  admit(spend: {
    connectionId: string
    purchaseId: string
    credits: number | null
    spentFor: SpentFor | undefined
    overBudget: boolean
  }): BudgetHold
  /**
   * Before a spend is sent, in a team: the team's monthly budget of the spend's account is asked
   * (one step on the team server: two desks cannot together pass it). Throws (`conflict`, nothing
   * spent, the same over-budget details as a local refusal) when it would pass and was not lifted;
   * when the server cannot be asked, `note` says so and the local budgets alone count. Release the
   * hold when the spend has ended (a booked spend has ended it on the server already).
   */
  acrossTeam(spend: {
    connectionId: string
    purchaseId: string
    credits: number
    overBudget: boolean
  }): Promise<TeamHold>
}

/** A spend's hold on the team's budget (BudgetsPort.acrossTeam). */
export interface TeamHold {
  release(): void
  /** Said to the recruiter when the team budget could not be checked; null otherwise. */
  note: string | null
}

/** What Connections needs of Tools: a connection's tool-server token and its test. */
export interface ToolTokensPort {
  /** Drops a connection's token (the connection was removed, or its client secret changed). */
  forget(connectionId: string): void
  testParts(connectionId: string): Promise<ConnectionTestPart[]>
}

/** What Watches needs of Refresh: plan a watched shortlist's refresh, and start its jobs. */
export interface RefreshJobsPort {
  planOlderThan(shortlistId: string, days: number | null): RefreshPlan
  /** Handles in jobs not yet finished (lower case): not asked for twice. */
  handlesInFlight(): Set<string>
  /** Whether a job a watch started is not finished yet (the watch waits for it). */
  watchBusy(watchId: string): boolean
  startPlanned(job: {
    jobId: string
    connectionId: string
    handles: string[]
    label: string
    shortlistId: string
    watchId: string
  }): Promise<RefreshJobSummary>
}

/** What Watches (people a watched search found first, in the run's transaction) and Retention tell Activity. */
export interface ActivityPort {
  newPeople(run: {
    connectionId: string
    runId: string
    watchId: string
    savedSearchId: string
    searchName: string
    people: NewPerson[]
  }): void
  /**
   * What Retention tells Activity: `count` people go on `dueAt` unless kept (no one named: the
   * list is on Settings → Personal data). Told once per `sourceKey`.
   */
  deletingSoon(notice: { count: number; dueAt: string; sourceKey: string }): void
  /** What a colleague did to a shared shortlist ("Anna moved Chinedu Young to Interview in ‘Backend’"), told once per `sourceKey`. */
  teamShortlist(news: { shortlistId: string; memberId: number | null; text: string; sourceKey: string }): void
}

/**
 * What Budgets tells Activity: a budget reached 75% or 100% (under its connection, else the one
 * in use). Told once per `sourceKey` (the budget, its period and the level).
 */
export interface BudgetNewsPort {
  budgetReached(notice: { connectionId: string | null; text: string; sourceKey: string }): void
}

/** The contact data bought for a person (contacts/ keeps it), for the features that show it beside them. */
export interface BoughtContactsPort {
  /** The newest result of each contact type bought for the person with this key, as received. */
  newestFor(profileKey: string): unknown[]
}

/** Where every Partner API call is logged (usage/ keeps the call log): told by the connection's client. */
export interface CallLogPort {
  /** One HTTP attempt; written behind the reply, never on its path. */
  record(call: ApiCallInput): void
}

/** What Export needs of Imports: a batch as the recruiter imported it, with what matching found. */
export interface SheetRowsPort {
  /** An imported file's name and the connection it was matched on (the export's name and its log). */
  batch(batchId: string): { fileName: string; connectionId: string }
  sheetRows(
    store: Store,
    batchId: string
  ): { columns: CsvColumn[]; rows: Iterable<ExportRow>; total: number; delimiter: string | null }
}

/** When watches run (the shell wakes it; tests wake it after moving the clock and wait for it). */
export interface WatchSchedulePort {
  wake(): void
  idle(): Promise<void>
}

/** Where a file goes: a path the recruiter chose (desktop), or a download the page fetches (browser host). */
export type FileTarget =
  { kind: 'file'; path: string } | { kind: 'download'; path: string; downloadId: string; fileName: string }

/**
 * Where files that leave the app are written (the export feature's save targets): the shell's
 * save dialog, or the browser host's downloads.
 */
export interface SaveFilesPort {
  /** Asks where to save; null when the recruiter cancelled. */
  choose(request: {
    title: string
    defaultName: string
    filters: Array<{ name: string; extensions: string[] }>
  }): Promise<FileTarget | null>
  /** A second file beside a chosen one (the same folder under `fileName`, never over a file; or another download). */
  beside(target: FileTarget, fileName: string): FileTarget
  /** What the page is told about a finished file. */
  describe(target: FileTarget): SavedTarget
  /** Forgets a download whose file was never finished. */
  abandon(target: FileTarget): void
}

/** What left the app in one export, backup or access copy: the export log's line for it. */
export interface ExportTrace {
  kind: ExportLogKind
  /** csv, xlsx, json, html+json. */
  format: string
  /** Where from in the recruiter's words (a shortlist's or spreadsheet's name), or ''. */
  source: string
  people: number
  /** The files written, finished. */
  files: readonly FileTarget[]
  /** The connection whose data it was, when one was involved. */
  connectionId?: string | null
  /** Its name, for a connection the Partner API's list does not hold (an ATS connection). */
  connectionName?: string
  /** People sent to an ATS through its API: no file, the log says 'ATS'. */
  delivery?: 'ats'
  /** An access-request copy's person: forgetting them blanks the copy's file names in the log. */
  personKey?: string
}

/**
 * Where every file that takes people's data out of the app is recorded (the export-log feature):
 * whoever writes such a file records it once it is finished, before telling the page.
 */
export interface ExportLogPort {
  record(trace: ExportTrace): void
  /** People forgotten on this desk (by hand, or retention's purge: reason 'retention-period'), for the register. */
  forgotten(people: number, reason: string): void
}

/**
 * Forgetting people everywhere, as forgetPeople does (the privacy feature): each in one
 * transaction with their tombstone, the file compacted once, the page told peopleForgotten.
 */
export interface PeopleEraserPort {
  forget(keys: readonly string[], reason: ErasureReason): ForgetResult
}

/** The data file's rebuild after people are forgotten (privacy; off main's thread in the app). */
export interface FileCompactionPort {
  /** Settles once no rebuild is running or asked for (tests scan the file then). */
  idle(): Promise<void>
}

/** When retention's purge runs (the shell wakes it; tests wake it after moving the clock and wait for it). */
export interface RetentionSchedulePort {
  wake(): void
  idle(): Promise<void>
}

/**
 * Who must not be contacted (the do-not-contact feature): people on the recruiter's list (an email,
 * its domain, a handle or a key) and every forgotten person. Contacts, watches and imports check
 * people before they buy, add or offer them.
 */
export interface DoNotContactPort {
  /** The suppressed people among these, by their place in the list, with why. */
  check(people: readonly PersonToCheck[]): Suppression[]
  /**
   * Emails an ATS pull found marked "may not be emailed" (issue #39), each noted with `reason`;
   * one already on the list is left as it was. Returns how many were added.
   */
  addFromAts(emails: readonly string[], reason: string): number
  /**
   * The ATS says they may be emailed again: only entries noted with exactly `reason` go (the pull's
   * own). The emails come as their salted hashes (hex), as known-people's worker made them
   * (AtsPageWritten.mayEmailHashes).
   */
  removeFromAts(emailHashes: readonly string[], reason: string): number
}

/** A person as an ATS pull read them (issue #39), before known-people normalises and hashes them. */
export interface AtsPersonRecord {
  atsId: string
  name: string
  company: string | null
  emails: readonly string[]
  /** Profile links (LinkedIn, GitHub, …): kept as handles when they are one. */
  links: readonly string[]
  stage: string | null
}

/**
 * Whom the recruiter already has (the known-people feature): people of the ATS lists imported,
 * the shared ones and the connection's own. Search, quotes and imports mark or leave them out.
 */
export interface KnownPeoplePort {
  /** The known people among these, by their place in the list (one line per list), for a connection (the active one by default). */
  check(people: readonly KnownPersonToCheck[], connectionId?: string): KnownMatch[]
  /** A pull's pages, each read (parsed, normalised, hashed) and written in known-people's worker thread. */
  writeAtsPages(target: AtsPagesTarget): AtsPagesWriter
  /** The ready list of that name for the connection: its size and when it was last pulled, or null. */
  atsList(name: string, connectionId: string): { listId: number; people: number; pulledAt: string } | null
  /**
   * Puts these people into the list in place of those with the same ATS id (an incremental pull)
   * and sets its pull time; null when there is no such list.
   */
  upsertAtsPeople(
    list: { name: string; connectionId: string },
    people: readonly AtsPersonRecord[],
    pulledAt: string
  ): { added: number; updated: number } | null
  /** The connection was removed: its pulled lists are hidden at once (deleted in slices after); answers how many. */
  removeAtsLists(connectionId: string): number
}

/**
 * The team this desk is in (the team feature, issue #38). A feature shares a local change by
 * appending it to the team's durable outbox inside the transaction of the change itself, so a
 * crash keeps both or neither. Outside a team, and while a colleague's change is being applied
 * (no echo), `share` does nothing.
 */
export interface TeamPort {
  joined(): boolean
  /** The team-salted hash (sha256 hex of the salt's bytes and the value) of a value already normalised; null outside a team. */
  salted(value: string): string | null
  /** Appends a change to the outbox, in the caller's transaction; pushed once online. */
  share(kind: string, payload: TeamPayload, subjects?: readonly string[]): void
  /** Pushes what another connection put in the outbox (the do-not-contact import's worker); nothing outside a team. */
  pushWaiting(): void
  /** This desk in the team (who a change made here is by); null outside a team. */
  me(): { deskId: string; personName: string } | null
}

/** A change's payload: plain JSON. */
export type TeamPayload = string | number | boolean | null | TeamPayload[] | { [key: string]: TeamPayload }

/** What the team's budget said of a spend (TeamSpendPort.admit). */
export type TeamAdmission =
  /** This desk is in no team, or the connection spends from no account (no key): the local budgets alone. */
  | { state: 'none' }
  | { state: 'admitted' | 'refused'; budget: number | null; spent: number; held: number }
  /** The team server could not be asked: the local budgets alone, and the recruiter is told. */
  | { state: 'unchecked'; message: string }

/**
 * The team's spend (the team feature, issue #38 item 4.3): a spend admitted against the team's
 * monthly budget of its account (one step on the server, so two desks cannot together pass it),
 * its hold released when nothing was spent (a ledger row booked in the team's book ends it), and a
 * connection's monthly budget shared with the team.
 */
export interface TeamSpendPort {
  admit(spend: {
    connectionId: string
    purchaseId: string
    credits: number
    overBudget: boolean
  }): Promise<TeamAdmission>
  /** The spend ended: gives the hold back unless its spend was booked (fire and forget). */
  release(purchaseId: string): void
  /** Shares a connection's monthly budget (null: removed) for its account. */
  budgetSet(connectionId: string, credits: number | null): Promise<void>
}

/** The team's sync (the shell and tests): push and pull now, and settle once nothing runs. */
export interface TeamSyncPort {
  sync(): Promise<void>
  idle(): Promise<void>
}

/** Who is held on this desk (provenance): every person key a feature recorded as held. */
export interface HeldPeoplePort {
  keys(): string[]
}

/** Every port, by name. */
export interface Ports {
  atsTargets: AtsTargetsPort
  team: TeamPort
  teamSync: TeamSyncPort
  teamSpend: TeamSpendPort
  heldPeople: HeldPeoplePort
  doNotContact: DoNotContactPort
  knownPeople: KnownPeoplePort
  connections: ConnectionsPort
  contactQuotes: ContactQuotesPort
  budgets: BudgetsPort
  budgetNews: BudgetNewsPort
  toolTokens: ToolTokensPort
  refreshJobs: RefreshJobsPort
  activity: ActivityPort
  sheetRows: SheetRowsPort
  callLog: CallLogPort
  boughtContacts: BoughtContactsPort
  watchSchedule: WatchSchedulePort
  saveFiles: SaveFilesPort
  exportLog: ExportLogPort
  peopleEraser: PeopleEraserPort
  fileCompaction: FileCompactionPort
  retentionSchedule: RetentionSchedulePort
}
