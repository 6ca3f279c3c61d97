import fs from 'node:fs'
import path from 'node:path'
import type {
  RecoverStoreInput,
  RecoverStoreResult,
  StoreCopy,
  StoreRefusalCode,
  StoreStatus
} from '../../../shared/ipc/channels/store'
import { AppError } from '../../../shared/ipc/errors'
import type { Logger } from '../logging/logger'
import {
  openStore,
  purgeRecentlyDeleted,
  StoreError,
  StoreRecovery,
  storeFilePath,
  type OpenStoreOptions,
  type LedgerListener,
  type RecentlyDeletedPurge,
  type Store
} from './index'
import { DEFAULT_PURGE_AFTER_DAYS } from './shortlists-repo'
import { toAppError } from './store-error'
import { errorMessage, errorNameAndMessage } from '../../../shared/error-message'

/** Why the file was refused: the store's code and message, and the error services answer with. */
interface Refusal {
  code: StoreRefusalCode
  technical: string
  details: unknown
  error: AppError
}

const refusalCodes: ReadonlySet<string> = new Set<StoreRefusalCode>([
  'store_corrupt',
  'store_newer_than_app',
  'store_foreign',
  'store_unreadable',
  'store_migration_failed'
])

/**
 * The store as the services see it. It is opened once at start; if the file is refused (newer,
 * damaged, foreign, unreadable) the rest of the app still runs and every shortlist call answers
 * `store_error` with what happened and what to do, instead of the app failing to start.
 * `status()` tells the page why, and `recover()` offers the ways out (move the file aside,
 * restore a pre-migration copy, try again), then reopens with the same options. Nothing is ever
 * deleted or overwritten: files are renamed aside and copies are copied.
 */
export class StoreAccess {
  #store: Store | undefined
  #refusal: Refusal | undefined
  readonly #options: OpenStoreOptions
  readonly #logger: Logger
  readonly #file: string
  readonly #recovery: StoreRecovery
  /** The features' own parts of Recently deleted (addPurge). */
  readonly #purges: RecentlyDeletedPurge[] = []
  /** Told of every credit ledger row in its transaction (onLedgerRecord); the same list across reopens. */
  readonly #ledgerListeners: LedgerListener[] = []

  private constructor(options: OpenStoreOptions, logger: Logger) {
    this.#options = { ...options, ledgerListeners: this.#ledgerListeners }
    this.#logger = logger
    this.#file = path.resolve(storeFilePath(options.dataDir, options.fileName))
    this.#recovery = new StoreRecovery(this.#file, options.clock)
  }

  static open(options: OpenStoreOptions, logger: Logger): StoreAccess {
    const access = new StoreAccess(options, logger)
    access.#tryOpen()
    return access
  }

  /** The open store, or the reason it could not be opened. */
  get(): Store {
    if (this.#store === undefined)
      throw this.#refusal?.error ?? new AppError('store_error', 'The saved data is not open.')
    return this.#store
  }

  status(): StoreStatus {
    const refusal = this.#refusal
    if (this.#store !== undefined || refusal === undefined) return { state: 'open', file: this.#file }
    return {
      state: 'refused',
      code: refusal.code,
      message: recruiterMessage(refusal),
      technical: refusal.technical,
      file: this.#file,
      copies: this.#copies(),
      canMoveAside: this.#canMoveAside(refusal)
    }
  }

  /** Runs one way out, then reopens; if reopening fails too, that failure is the new status. */
  recover(input: RecoverStoreInput): RecoverStoreResult {
    const refusal = this.#refusal
    if (this.#store !== undefined || refusal === undefined) {
      throw new AppError('conflict', 'Your data file is open and working; there is nothing to recover.')
    }
    let done: Omit<RecoverStoreResult, 'status'> = {}
    if (input.action === 'moveAside') {
      if (!this.#canMoveAside(refusal)) {
        throw new AppError(
          'conflict',
          'This data file cannot be moved aside from here. Check the folder’s permissions, then try again.'
        )
      }
      done = { movedTo: this.#guard(() => this.#recovery.moveAside()).movedTo }
    } else if (input.action === 'restoreCopy') {
      // Only a copy we listed ourselves: the page never gets to name an arbitrary file.
      const copy = this.#copies().find((candidate) => candidate.path === input.path)
      if (copy === undefined) {
        throw new AppError('invalid_input', 'That is not one of the copies Talent Desk made of this data file.')
      }
      const { movedTo } = this.#guard(() => this.#recovery.restoreCopy(copy.path))
      done = { ...(movedTo === undefined ? {} : { movedTo }), restoredFrom: copy.path }
    }
    this.#logger.info('store.recover', { action: input.action, ...done })
    this.#tryOpen()
    return { ...done, status: this.status() }
  }

  close(): void {
    this.#store?.close()
  }

  /**
   * A feature's part of Recently deleted (its own tables): purged now when the store is open, at
   * every reopen after it (as openStore purges the store's), and hourly with the rest.
   */
  addPurge(purge: RecentlyDeletedPurge): void {
    this.#purges.push(purge)
    if (this.#store !== undefined) this.#purge(this.#store, purge)
  }

  /**
   * Tells `listener` of every credit ledger row as it is written, in the row's own transaction
   * (the team's book). Returns how to stop.
   */
  onLedgerRecord(listener: LedgerListener): () => void {
    this.#ledgerListeners.push(listener)
    return () => {
      const at = this.#ledgerListeners.indexOf(listener)
      if (at >= 0) this.#ledgerListeners.splice(at, 1)
    }
  }

  /** Deletes for good what has been in Recently deleted too long: the store's, then each feature's. */
  purgeRecentlyDeleted(): void {
    const store = this.get()
    purgeRecentlyDeleted(store, this.#options.purgeDeletedAfterDays)
    for (const purge of this.#purges) this.#purge(store, purge)
  }

  #purge(store: Store, purge: RecentlyDeletedPurge): void {
    try {
      purge(store, this.#options.purgeDeletedAfterDays ?? DEFAULT_PURGE_AFTER_DAYS)
    } catch (error) {
      this.#logger.warn('store.purge_failed', { error: errorNameAndMessage(error) })
    }
  }

  #tryOpen(): void {
    try {
      this.#store = openStore(this.#options)
      this.#refusal = undefined
    } catch (error) {
      this.#logger.error('store.open_failed', { error: errorNameAndMessage(error) })
      this.#refusal = refusalOf(error)
      return
    }
    for (const purge of this.#purges) this.#purge(this.#store, purge)
  }

  /** A corrupt or foreign file, or one from a newer app, can be renamed; an unreadable one is left be. */
  #canMoveAside(refusal: Refusal): boolean {
    return refusal.code !== 'store_unreadable' && fs.existsSync(this.#file)
  }

  #copies(): StoreCopy[] {
    try {
      return this.#recovery.listCopies().map((copy) => {
        const named = parseCopyName(path.basename(copy.path))
        return {
          path: copy.path,
          createdAt: named?.createdAt ?? copy.modifiedAt,
          ...(named === undefined ? {} : { fromVersion: named.fromVersion }),
          bytes: copy.bytes
        }
      })
    } catch (error) {
      this.#logger.warn('store.list_copies_failed', { error: errorMessage(error) })
      return []
    }
  }

  /** Recovery failures (a rename refused by the OS) become a store_error with the path. */
  #guard<T>(fn: () => T): T {
    try {
      return fn()
    } catch (error) {
      this.#logger.error('store.recover_failed', { error: errorMessage(error) })
      const technical = errorMessage(error)
      throw new AppError(
        'store_error',
        `Talent Desk could not move or copy the data file; nothing was changed. Check the folder’s permissions: ${this.#file}.`,
        { technical }
      )
    }
  }
}

function refusalOf(error: unknown): Refusal {
  if (error instanceof StoreError && refusalCodes.has(error.code)) {
    const mapped = toAppError(error)
    return {
      code: error.code as StoreRefusalCode,
      technical: error.message,
      details: error.details,
      error:
        mapped instanceof AppError
          ? mapped
          : new AppError('store_error', 'Talent Desk could not open its saved data. The details are in the log.')
    }
  }
  const technical = errorNameAndMessage(error)
  return {
    code: 'store_unreadable',
    technical,
    details: undefined,
    error: new AppError('store_error', 'Talent Desk could not open its saved data. The details are in the log.')
  }
}

/** What happened and what to do, per reason. The path is shown beside it by the page. */
function recruiterMessage(refusal: Refusal): string {
  switch (refusal.code) {
    case 'store_corrupt':
      return (
        'Talent Desk’s data file is damaged, so it was left untouched and nothing has been saved to it. ' +
        'Move it aside to start with an empty store (the damaged file is kept), or restore a copy if one is listed; ' +
        'then restore a JSON backup, if you have one, from Shortlists → Restore…'
      )
    case 'store_newer_than_app': {
      const versions = refusal.details as { fileVersion?: unknown; appVersion?: unknown } | undefined
      const which =
        typeof versions?.fileVersion === 'number' && typeof versions.appVersion === 'number'
          ? ` (data format ${versions.fileVersion}; this version reads up to ${versions.appVersion})`
          : ''
      return (
        `Your data file was written by a newer version of Talent Desk${which}. Update Talent Desk to open it — ` +
        'the file has not been changed. Only if you cannot update: start over with an empty store; your current file is kept beside it.'
      )
    }
    case 'store_foreign':
      return (
        'The file where Talent Desk keeps its data belongs to another program, so it was left untouched. ' +
        'Move it aside to start with an empty store (the file is kept).'
      )
    case 'store_unreadable':
      return (
        'Talent Desk cannot open its data file: the folder’s permissions, a full disk, or another program holding it. ' +
        'Fix that, then choose Try again. Nothing was changed.'
      )
    case 'store_migration_failed':
      return (
        'Talent Desk could not upgrade your data file, so it was left at its previous version. ' +
        'Restore the copy made before the upgrade, or move the file aside to start with an empty store (the file is kept).'
      )
  }
}

/** `<file>.pre-v2-from-v1.2026-03-01T10-00-00-000Z.bak` → when, and from which schema. */
function parseCopyName(name: string): { createdAt: string; fromVersion: number } | undefined {
  const match = /\.pre-v\d+-from-v(\d+)\.(\d{4}-\d{2}-\d{2})T(\d{2})-(\d{2})-(\d{2})-(\d{3})Z\.bak$/.exec(name)
  if (match === null) return undefined
  const [, from, day, hh, mm, ss, ms] = match
  const createdAt = `${day}T${hh}:${mm}:${ss}.${ms}Z`
  if (Number.isNaN(Date.parse(createdAt))) return undefined
  return { createdAt, fromVersion: Number(from) }
}
