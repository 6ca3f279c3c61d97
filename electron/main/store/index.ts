import path from 'node:path'
import {
  openDatabase,
  openExtraConnection,
  STORE_FILE_NAME,
  type OpenDatabaseOptions,
  type StoreDatabase
} from './database'
import { systemClock, type Clock } from './clock'
import type { ExtraConnectionTarget } from './extra-connection-target'
import { DEFAULT_PURGE_AFTER_DAYS, ShortlistsRepo } from './shortlists-repo'
import { StagesRepo } from './stages-repo'
import { MembersRepo } from './members-repo'
import { SnapshotsRepo } from './snapshots-repo'
import { MemberRecordsRepo } from './member-records-repo'
import { ContactsRepo } from './contacts-repo'
import { ConnectionsRepo } from './connections-repo'
import { SettingsRepo } from './settings-repo'
import { CreditLedgerRepo, type LedgerListener } from './credit-ledger-repo'

export * from './store-error'
export * from './clock'
export * from './database'
export * from './recovery'
export * from './shortlists-repo'
export * from './stages-repo'
export * from './members-repo'
export * from './snapshots-repo'
export * from './member-records-repo'
export * from './contacts-repo'
export * from './connections-repo'
export * from './settings-repo'
export * from './credit-ledger-repo'
export type { ProfileInput } from './profile-fields'
export type { JsonInput } from './json-text'

/** The typed repositories: the only way other services touch the database. */
export interface Store {
  readonly database: StoreDatabase
  readonly shortlists: ShortlistsRepo
  readonly stages: StagesRepo
  readonly members: MembersRepo
  /** A member's profile over time (refreshes). */
  readonly snapshots: SnapshotsRepo
  /** Members in bulk: export, backup and restore. */
  readonly memberRecords: MemberRecordsRepo
  readonly contacts: ContactsRepo
  readonly connections: ConnectionsRepo
  readonly settings: SettingsRepo
  readonly ledger: CreditLedgerRepo
  /** Schema version of the open file. */
  readonly schemaVersion: number
  /** Runs `fn` in one transaction across repositories (all or nothing). */
  transaction<T>(fn: () => T): T
  close(): void
}

export interface OpenStoreOptions extends Omit<OpenDatabaseOptions, 'path' | 'clock'> {
  /** The app's data folder (Electron userData, or --data-dir / env in the browser host and tests). */
  dataDir: string
  fileName?: string
  clock?: Clock
  /** Days a deleted shortlist or removed person stays in Recently deleted; purged at open. */
  purgeDeletedAfterDays?: number
  /** Told of every credit ledger row in its own transaction (the list is read at each write, so it may grow later). */
  ledgerListeners?: readonly LedgerListener[]
}

/**
 * Deletes for good what has been in Recently deleted for `days` (at open, and hourly while
 * running). A feature purges its own tables' entries through `StoreAccess.addPurge`.
 */
export function purgeRecentlyDeleted(
  store: Pick<Store, 'shortlists' | 'transaction'>,
  days = DEFAULT_PURGE_AFTER_DAYS
): { shortlists: number } {
  return store.transaction(() => ({ shortlists: store.shortlists.purgeDeleted(days) }))
}

/** A feature's part of Recently deleted: deletes for good what it has held there for `days`. */
export type RecentlyDeletedPurge = (store: Store, days: number) => void

export function storeFilePath(dataDir: string, fileName = STORE_FILE_NAME): string {
  return path.join(dataDir, fileName)
}

/** The repositories of saved people, over one connection. */
function memberRepos(
  db: StoreDatabase['db'],
  clock: Clock,
  shortlists: ShortlistsRepo,
  stages: StagesRepo
): Pick<Store, 'members' | 'snapshots' | 'memberRecords'> {
  const members = new MembersRepo(db, clock, shortlists, stages)
  const snapshots = new SnapshotsRepo(db, clock, members)
  return {
    members,
    snapshots,
    memberRecords: new MemberRecordsRepo(db, shortlists, members, snapshots)
  }
}

/** Opens the store (checks, migrations), purges long-deleted shortlists, and builds the repositories. */
export function openStore(options: OpenStoreOptions): Store {
  const clock = options.clock ?? systemClock
  const { dataDir, fileName, purgeDeletedAfterDays, ledgerListeners, ...rest } = options
  const database = openDatabase({ ...rest, path: storeFilePath(dataDir, fileName), clock })
  const { db } = database
  const shortlists = new ShortlistsRepo(db, clock)
  const stages = new StagesRepo(db)
  const store: Store = {
    database,
    shortlists,
    stages,
    ...memberRepos(db, clock, shortlists, stages),
    contacts: new ContactsRepo(db, clock),
    connections: new ConnectionsRepo(db, clock),
    settings: new SettingsRepo(db),
    ledger: new CreditLedgerRepo(db, clock, ledgerListeners),
    schemaVersion: database.version,
    transaction: (fn) => db.transaction(fn)(),
    close: () => database.close()
  }
  purgeRecentlyDeleted(store, purgeDeletedAfterDays)
  return store
}

/** The repositories a backup restore writes through, and the connection to close after. */
export type RestoreStore = Pick<
  Store,
  'shortlists' | 'members' | 'memberRecords' | 'snapshots' | 'stages' | 'transaction' | 'schemaVersion' | 'close'
> & { readonly database: Pick<StoreDatabase, 'db'> }

/**
 * A second connection to an open store, for a worker thread that restores a large backup: the
 * main thread stays free while the transaction runs (WAL lets main keep reading meanwhile).
 */
export function openRestoreStore(target: ExtraConnectionTarget, clock: Clock): RestoreStore {
  const db = openExtraConnection(target)
  const shortlists = new ShortlistsRepo(db, clock)
  const stages = new StagesRepo(db)
  return {
    shortlists,
    stages,
    ...memberRepos(db, clock, shortlists, stages),
    schemaVersion: target.schemaVersion,
    // the tombstones are read through it (a restore skips forgotten people)
    database: { db },
    // IMMEDIATE: the write lock is taken before the first read, so a commit by main in between
    // cannot make the transaction fail half-way (SQLITE_BUSY_SNAPSHOT)
    transaction: (fn) => db.transaction(fn).immediate(),
    close: () => db.close()
  }
}
