import type { PeopleHeld } from '../platform/event-bus'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type {
  BackupPreview,
  BackupResult,
  CsvExportResult,
  CsvSource,
  DoNotContactChoice,
  KnownChoice,
  RestoreSummary
} from '../../../shared/ipc/channels/export'
import { AppError } from '../../../shared/ipc/errors'
import { BackupService } from './backup'
import type { BackupFileJobs } from './backup-reader'
import type { BackupUploads } from './backup-uploads'
import { columnPresets } from './csv-columns'
import { SpreadsheetExportService, type SpreadsheetExportRequest } from './spreadsheet-export-service'
import { listSeparatorFor, processLocale } from './list-separator'
import type { EventHub } from '../ipc/event-hub'
import type { Clock, Store } from '../store'
import type { SaveTargets } from './save-targets'
import { safeFileName } from './save-targets'
import { exportFormats } from '../../../shared/export-formats'
import type { StoreAccess } from '../store/store-access'
import type { DoNotContactPort, ExportLogPort, ExportTrace, KnownPeoplePort, SheetRowsPort } from '../platform/ports'
import { mapStoreErrors, mapStoreErrorsAsync } from '../store/store-error'

export interface ExportServiceOptions {
  stores: StoreAccess
  /** Backups sent in pieces, waiting to be previewed and restored. */
  uploads: BackupUploads
  /** An import batch's rows with what matching found (Imports provides it). */
  sheetRows: SheetRowsPort
  /** Previews and restores an uploaded backup (in a worker thread in the app). */
  backupJobs: BackupFileJobs
  targets: SaveTargets
  /** Where every finished file is recorded (the export-log feature), read when used. */
  exportLog: () => ExportLogPort
  /** Who must not be contacted (the do-not-contact feature), read when used; without it no one is flagged. */
  doNotContact?: () => DoNotContactPort
  /** Whom you already have in your ATS (the known-people feature), read when used; without it no one is. */
  knownPeople?: () => KnownPeoplePort
  /** The connection in use (search results and Usage's transactions are that connection's). */
  activeConnection?: () => string | null
  /** Told who a restore brought back, per shortlist (the bus's peopleHeld: provenance). */
  held?: (held: PeopleHeld) => void
  /** Masks every stored secret's value in what is written to a file (the log's mask). */
  mask?: (text: string) => string
  events: EventHub
  clock: Clock
  /**
   * The recruiter's regional locale (Electron: the system's; the browser host: the process's),
   * which decides the CSV list separator (list-separator.ts). Defaults to the process's.
   */
  locale?: string
}

const shortlistGone = 'That shortlist no longer exists, so there is nothing to export.'
/** The worker restores through a second connection to the data file; main's own is fine. */
const secondConnection = {
  store_unreadable:
    'Talent Desk could not open its data file a second time to restore into it, so nothing was restored. Restart Talent Desk, then try again.'
}

/**
 * CSV export, JSON backup and restore for the bridge: asks the shell where to save, writes the
 * file with the store's exporters, and pushes progress while rows are written.
 */
export class ExportService {
  readonly #options: ExportServiceOptions
  readonly #running = new Map<string, AbortController>()

  constructor(options: ExportServiceOptions) {
    this.#options = options
  }

  listExportColumns() {
    return {
      presets: { basic: [...columnPresets.basic], contact: [...columnPresets.contact], full: [...columnPresets.full] }
    }
  }

  /** The exportCsv channel: a CSV file or an .xlsx workbook, as the input's format says. */
  async exportSpreadsheet(input: HandlerInput<'exportCsv'>): Promise<CsvExportResult> {
    const { stores, targets, events } = this.#options
    const store = stores.get()
    const format = input.format
    const defaultName = safeFileName(
      input.fileName ?? this.#defaultCsvName(store, input.source),
      exportFormats[format].extension
    )
    if (this.#running.has(input.exportId)) {
      throw new AppError('conflict', 'An export with this id is already running.', { exportId: input.exportId })
    }
    const target = await targets.choose({
      title: `Export to ${exportFormats[format].name}`,
      defaultName,
      filters: [{ name: exportFormats[format].fileType, extensions: [exportFormats[format].extension] }]
    })
    if (target === null) return { cancelled: true }

    const controller = new AbortController()
    this.#running.set(input.exportId, controller)
    const progress = (written: number, total: number | undefined, done: boolean) =>
      events.emit('exportProgress', { exportId: input.exportId, written, total: total ?? null, done })
    try {
      const written = await mapStoreErrorsAsync(
        () =>
          new SpreadsheetExportService(store.memberRecords, { store, rows: this.#options.sheetRows }).toFile(
            {
              source: input.source,
              columns: input.columns,
              format,
              bom: input.bom,
              ...(this.#options.mask ? { mask: this.#options.mask } : {}),
              delimiter: listSeparatorFor(this.#options.locale ?? processLocale()),
              ...this.#doNotContact(input.doNotContact),
              ...this.#known(input.known),
              signal: controller.signal,
              onProgress: ({ written, total }) => progress(written, total, false)
            },
            target.path
          ),
        {
          not_found: shortlistGone,
          invalid_input: 'Those columns cannot be exported. Choose a preset or other columns.'
        }
      )
      // the people written: those left out (do not contact, unreadable) are not in the file
      this.#options.exportLog().record({
        ...this.#traceOf(store, input.source),
        format,
        people: input.source.kind === 'transactions' ? 0 : written.rows,
        files: [target]
      })
      progress(written.rows, written.rows, true)
      return {
        cancelled: false,
        target: targets.describe(target),
        rows: written.rows,
        bytes: written.bytes,
        unreadable: written.unreadable,
        doNotContact: written.doNotContact,
        known: written.known
      }
    } catch (error) {
      targets.abandon(target)
      events.emit('exportProgress', { exportId: input.exportId, written: 0, total: null, done: true })
      throw error
    } finally {
      this.#running.delete(input.exportId)
    }
  }

  /** The request's do-not-contact screening, when the port is there. */
  #doNotContact(choice: DoNotContactChoice): Pick<SpreadsheetExportRequest, 'doNotContact'> {
    const port = this.#options.doNotContact
    return port === undefined ? {} : { doNotContact: { choice, check: (people) => port().check(people) } }
  }

  /** The request's check of people already in your ATS (the one check of marks and quotes), when the port is there. */
  #known(choice: KnownChoice | undefined): Pick<SpreadsheetExportRequest, 'known'> {
    const port = this.#options.knownPeople
    return port === undefined
      ? {}
      : { known: { ...(choice === undefined ? {} : { choice }), check: (people) => port().check(people) } }
  }

  cancelExport({ exportId }: HandlerInput<'cancelExport'>): { cancelled: boolean } {
    const controller = this.#running.get(exportId)
    if (controller === undefined) return { cancelled: false }
    controller.abort()
    return { cancelled: true }
  }

  async backupShortlists(): Promise<BackupResult> {
    const { stores, targets, clock } = this.#options
    const store = stores.get()
    const day = clock.now().toISOString().slice(0, 10)
    const target = await targets.choose({
      title: 'Back up shortlists',
      defaultName: `talent-desk-shortlists-${day}.json`,
      filters: [{ name: 'Talent Desk backup', extensions: ['json'] }]
    })
    if (target === null) return { cancelled: true }
    try {
      const written = await mapStoreErrorsAsync(
        () => new BackupService(store, clock, this.#options.mask).writeBackup(target.path),
        {
          export_failed: 'The backup could not be written there. Choose another folder and try again.'
        }
      )
      this.#options.exportLog().record({
        kind: 'backup',
        format: 'json',
        source: `${written.shortlists} shortlists`,
        people: written.members,
        files: [target]
      })
      return {
        cancelled: false,
        target: targets.describe(target),
        shortlists: written.shortlists,
        members: written.members,
        recentlyDeleted: written.recentlyDeleted,
        bytes: written.bytes,
        damaged: written.damaged
      }
    } catch (error) {
      targets.abandon(target)
      throw error
    }
  }

  /**
   * Restores a backup read by the page: from its text (no temporary copy on disk), or from a
   * finished upload, read and checked in a worker thread and removed once restored. The whole
   * backup is checked before anything is written; with `partial`, what is readable comes back
   * and the rest is listed.
   */
  async restoreShortlists(input: HandlerInput<'restoreShortlists'>): Promise<RestoreSummary> {
    const { uploads, backupJobs } = this.#options
    const partial = input.partial === true
    // The backup's own messages say which kind of refusal it is (not ours, newer, damaged).
    if ('json' in input) {
      const restored = mapStoreErrors(() => this.#backups().restoreText(input.json, { partial }))
      this.#restored(restored)
      return restored
    }
    const summary = await uploads.use(input.uploadId, (file) =>
      mapStoreErrorsAsync(() => backupJobs.restore(file, { partial }), secondConnection)
    )
    uploads.discard(input.uploadId)
    this.#restored(summary)
    return summary
  }

  /**
   * Tells who came back: every member of a restored shortlist (a new row, or one whose id was
   * free) came from the backup; Recently deleted's too. The backup names no connection.
   */
  #restored(summary: RestoreSummary): void {
    const held = this.#options.held
    if (held === undefined) return
    const store = this.#options.stores.get()
    const keysOf = store.database.db.prepare('SELECT profile_key AS key FROM members WHERE shortlist_id = ?')
    for (const shortlist of summary.shortlists) {
      const keys = (keysOf.all(shortlist.id) as Array<{ key: string }>).map((row) => ({ key: row.key }))
      held({
        kind: 'restore',
        what: 'person',
        detail: 'a backup of the shortlists',
        connectionId: null,
        shortlistId: shortlist.id,
        people: keys
      })
    }
  }

  async previewRestore(input: HandlerInput<'previewRestore'>): Promise<BackupPreview> {
    const { uploads, backupJobs } = this.#options
    if ('json' in input) {
      const { counts, problems } = mapStoreErrors(() => this.#backups().inspect(input.json))
      return { ...counts, problems }
    }
    return uploads.use(input.uploadId, (file) => mapStoreErrorsAsync(() => backupJobs.preview(file)))
  }

  #backups(): BackupService {
    return new BackupService(this.#options.stores.get(), this.#options.clock)
  }

  /** What the export log says an export was: its kind, where from, and the import's connection. */
  #traceOf(store: Store, source: CsvSource): Pick<ExportTrace, 'kind' | 'source' | 'connectionId'> {
    if (source.kind === 'shortlist') return { kind: 'shortlist', source: store.shortlists.nameOf(source.shortlistId) }
    if (source.kind === 'import') {
      const batch = this.#options.sheetRows.batch(source.batchId)
      return { kind: 'import', source: batch.fileName, connectionId: batch.connectionId }
    }
    if (source.kind === 'profiles' || source.kind === 'transactions') {
      return { kind: source.kind, source: '', connectionId: this.#options.activeConnection?.() ?? null }
    }
    return { kind: source.kind, source: '' }
  }

  #defaultCsvName(store: Store, source: CsvSource): string {
    const day = this.#options.clock.now().toISOString().slice(0, 10)
    if (source.kind === 'shortlist') {
      const name = mapStoreErrors(() => store.shortlists.nameOf(source.shortlistId), { not_found: shortlistGone })
      return `${name} ${day}`
    }
    if (source.kind === 'transactions') return `talent-desk-transactions-${day}`
    if (source.kind === 'import') {
      const batch = mapStoreErrors(() => this.#options.sheetRows.batch(source.batchId), {
        not_found: 'That import is no longer here.'
      })
      return `${batch.fileName.replace(/\.(csv|xlsx|txt|tsv)$/i, '')} matched ${day}`
    }
    return source.kind === 'members' ? `talent-desk-selection-${day}` : `talent-desk-search-${day}`
  }
}
