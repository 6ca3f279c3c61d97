import type { PeopleHeld } from '../platform/event-bus'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import type { HandlerInput } from '../../../shared/ipc/contract'
import type { ImportBatch, ImportDecisionChange, ImportRow, OpenedImport } from '../../../shared/ipc/channels/imports'
import { AppError } from '../../../shared/ipc/errors'
import type { ConnectionsPort, DoNotContactPort, KnownPeoplePort } from '../platform/ports'
import type { ChunkedUploads } from '../transfers/chunked-uploads'
import type { EventHub } from '../ipc/event-hub'
import type { Logger } from '../logging/logger'
import type { Clock } from '../store/index'
import type { ImportBatchRecord } from './imports-repo'
import { importsStore, type ImportsStore } from './imports-store'
import type { StoreAccess } from '../store/store-access'
import { mapStoreErrors } from '../store/store-error'
import { guessHeaderRow, suggestMapping } from '../sheets/column-guess'
import { recallMapping, rememberMapping } from './remembered-mappings'
import type { ImportJobs } from './import-jobs'
import type { ImportMatcher } from './import-matcher'
import { atsOfRecords, rowOf } from './import-row-view'
import { MatchSpeed, type PaceFigures } from './match-speed'
import { ThresholdResorts, type ResortSlices } from './threshold-resort'
import { flagSuppressed } from './suppressed-rows'
import { flagKnown, knownRowsOf, type AtsOf } from './known-rows'
import { acceptedPeopleOf, shortlistAccepted, type ShortlistedImport } from './import-shortlist'

const PREVIEW_ROWS = 20
const SAMPLE_ROWS = 50
const EMIT_EVERY_MS = 250
const batchGone = { not_found: 'That import is no longer here (deleted in another window?). Reload the list.' }

/**
 * Bulk match from a spreadsheet, for the IPC layer: uploads read into batches (in a worker),
 * mapped (in a worker), matched (ImportMatcher), reviewed and acted on. Every change to a batch
 * is pushed as `importProgress`, at most four times a second per batch.
 */
export class ImportService {
  readonly #speed = new MatchSpeed()
  readonly #emitTimers = new Map<string, NodeJS.Timeout>()
  readonly #dirty = new Set<string>()
  /** The upload a batch was read from, kept while its sheet may still change (xlsx, mapping). */
  readonly #uploadOf = new Map<string, string>()
  /** Re-sorts of undecided rows after a threshold moved, in slices. */
  readonly #resorts: ThresholdResorts

  constructor(
    private readonly deps: {
      stores: StoreAccess
      /** The store's clock (batches' times). */
      clock: Clock
      connections: Pick<ConnectionsPort, 'active'>
      uploads: ChunkedUploads
      jobs: ImportJobs
      matcher: ImportMatcher
      events: EventHub
      logger: Logger
      now?: () => number
      /** The connection's pace (calls so far, rate now): a batch's speed and time left are its. */
      pace?: (connectionId: string) => PaceFigures | null
      /** How a re-sort after a threshold change takes turns with main (tests inject a clock). */
      resortSlices?: () => ResortSlices
      /** Who must not be contacted: their rows are flagged (the do-not-contact feature). */
      doNotContact?: () => DoNotContactPort
      /** Whom the recruiter already has (the known-people lists): their rows are marked and filtered. */
      knownPeople?: () => KnownPeoplePort
      /** Told who a shortlisted batch added, with their rows (the bus's peopleHeld: provenance). */
      held?: (held: PeopleHeld) => void
    }
  ) {
    this.#resorts = new ThresholdResorts({
      store: () => this.#store(),
      changed: (batchId) => this.#changed(batchId),
      ...(deps.resortSlices ? { slices: deps.resortSlices } : {})
    })
  }

  /** Follows every batch that was matching when the app last closed. */
  resume(): void {
    let running: ImportBatchRecord[]
    try {
      running = this.#store().imports.running()
    } catch {
      return
    }
    for (const batch of running) this.deps.matcher.run(batch.id)
  }

  async close(): Promise<void> {
    this.#resorts.close()
    for (const timer of this.#emitTimers.values()) clearTimeout(timer)
    this.#emitTimers.clear()
    await this.deps.matcher.close()
  }

  startUpload({ bytes }: { bytes: number }): { uploadId: string } {
    return { uploadId: this.deps.uploads.start(bytes) }
  }

  append({ uploadId, chunk, last }: HandlerInput<'appendImportUpload'>): Promise<{ received: number }> {
    return this.deps.uploads.append(uploadId, chunk, last)
  }

  discardUpload({ uploadId }: HandlerInput<'discardImportUpload'>): { discarded: boolean } {
    return { discarded: this.deps.uploads.discard(uploadId) }
  }

  async open({ uploadId, fileName, sheet, replaces }: HandlerInput<'openImport'>): Promise<OpenedImport> {
    const connectionId = this.deps.connections.active().id
    const batchId = randomBytes(12).toString('base64url')
    await this.deps.uploads.use(uploadId, async (file) => {
      const size = fs.statSync(file).size
      let last = 0
      await this.deps.jobs.read({ file, fileName, sheet, batchId, connectionId }, (read) => {
        const now = this.#now()
        if (now - last < 100 && read < size) return
        last = now
        this.deps.events.emit('importProgress', { batchId: null, uploadId, read, size, batch: null })
      })
    })
    const store = this.#store()
    const rows = store.imports.firstRows(batchId, PREVIEW_ROWS)
    const headerRow = guessHeaderRow(rows)
    await this.deps.jobs.prepare({ batchId, headerRow, mapping: this.#suggest(store, batchId, headerRow) })
    if (replaces !== undefined) this.#delete(replaces)
    this.#uploadOf.set(batchId, uploadId)
    return this.#opened(store, batchId)
  }

  list(): ImportBatch[] {
    const store = this.#store()
    return store.imports.list(this.deps.connections.active().id).map((batch) => this.#batch(store, batch))
  }

  get({ batchId }: HandlerInput<'getImport'>): OpenedImport {
    return this.#opened(this.#store(), batchId)
  }

  async map({ batchId, headerRow, mapping }: HandlerInput<'mapImport'>): Promise<OpenedImport> {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    if (batch.state !== 'mapping') {
      throw new AppError('conflict', 'This import is already being matched; its columns can no longer change.')
    }
    const width = this.#headers(store, batchId, headerRow).length
    const chosen = mapping ?? this.#suggest(store, batchId, headerRow)
    const fitted = Array.from({ length: width }, (_, column) => chosen[column] ?? 'keep')
    await this.deps.jobs.prepare({ batchId, headerRow, mapping: fitted })
    this.#changed(batchId)
    return this.#opened(store, batchId)
  }

  start({ batchId }: HandlerInput<'startImportMatch'>): ImportBatch {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    if (batch.state === 'cancelled') throw new AppError('conflict', 'This import was stopped; start a new one.')
    if (batch.mapping.every((field) => field === 'keep')) {
      throw new AppError('invalid_input', 'Map at least one column to a name, an email, a profile link or a key first.')
    }
    // the mapping matched with is the one these headers get next time
    rememberMapping(store, this.#headers(store, batchId, batch.headerRow), batch.mapping)
    store.imports.setState(batchId, 'matching')
    this.#speed.reset(batchId)
    // its columns can no longer change, nor its sheet: the file is no longer needed
    this.#letGoOfUpload(batchId)
    this.deps.matcher.run(batchId)
    return this.#emitNow(batchId)
  }

  async pause({ batchId }: HandlerInput<'pauseImport'>): Promise<ImportBatch> {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    store.imports.setState(batchId, 'paused')
    await this.deps.matcher.stop(batchId)
    return this.#emitNow(batchId)
  }

  async cancel({ batchId }: HandlerInput<'cancelImport'>): Promise<ImportBatch> {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    store.imports.setState(batchId, 'cancelled')
    await this.deps.matcher.stop(batchId)
    return this.#emitNow(batchId)
  }

  async delete({ batchId }: HandlerInput<'deleteImport'>): Promise<{ deleted: boolean }> {
    this.#letGoOfUpload(batchId)
    await this.deps.matcher.stop(batchId)
    return { deleted: this.#delete(batchId) }
  }

  /**
   * Saves the batch's threshold and sorts its undecided rows again, in slices (50,000 rows are
   * ~25 s of work): the batch says `resorting` meanwhile and is pushed as its rows change.
   * Answers once they are sorted, or once a newer threshold took over.
   */
  async setThreshold({ batchId, threshold }: HandlerInput<'setImportThreshold'>): Promise<ImportBatch> {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    store.imports.setThreshold(batchId, threshold)
    const resorted = this.#resorts.resort(batchId, threshold)
    this.#changed(batchId)
    await resorted
    return mapStoreErrors(() => this.#emitNow(batchId), batchGone)
  }

  async rows({ batchId, filter, offset, limit }: HandlerInput<'listImportRows'>): Promise<{
    total: number
    rows: ImportRow[]
  }> {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    const flag = (rows: ImportRow[], atsOf: AtsOf) =>
      flagKnown(flagSuppressed(rows, this.deps.doNotContact), this.deps.knownPeople, batch.connectionId, atsOf)
    if (filter === 'known') {
      const pageOf = (at: number, size: number) => {
        const page = store.imports.rows(batchId, 'all', at, size)
        return { total: page.total, rows: page.rows.map(rowOf), atsOf: atsOfRecords(page.rows) }
      }
      const known = await knownRowsOf(pageOf, this.deps.knownPeople, batch.connectionId, offset, limit)
      return { total: known.total, rows: flagSuppressed(known.rows, this.deps.doNotContact) }
    }
    const page = store.imports.rows(batchId, filter, offset, limit)
    return { total: page.total, rows: flag(page.rows.map(rowOf), atsOfRecords(page.rows)) }
  }

  decide({ batchId, decisions }: HandlerInput<'decideImportRows'>): { changed: ImportDecisionChange[] } {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    for (const decision of decisions) {
      if (decision.decision === 'accepted' && !decision.chosenKey) {
        throw new AppError('invalid_input', 'Accepting a row needs the key of the candidate chosen.', {
          rowNo: decision.rowNo
        })
      }
    }
    const changed = store.imports.decide(
      batchId,
      decisions.map((decision) => ({
        rowNo: decision.rowNo,
        decision: decision.decision,
        chosenKey: decision.decision === 'accepted' ? (decision.chosenKey ?? null) : null
      }))
    )
    this.#changed(batchId)
    return { changed }
  }

  acceptMatched({ batchId }: HandlerInput<'acceptMatchedImportRows'>): { changed: ImportDecisionChange[] } {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    if (this.#resorts.resorting(batchId)) {
      throw new AppError(
        'conflict',
        'The rows are still being sorted by the new threshold, so "matched" is not settled yet. Accept them once that is done.'
      )
    }
    const changed = store.imports.acceptMatched(batchId)
    this.#changed(batchId)
    return { changed }
  }

  edit({ batchId, rowNo, request }: HandlerInput<'editImportRow'>): ImportRow {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    if (
      Object.values(request).every(
        (value) => value === undefined || value === '' || (Array.isArray(value) && value.length === 0)
      )
    ) {
      throw new AppError('invalid_input', 'Fill in at least a name, an email, a profile handle or a key.')
    }
    mapStoreErrors(() => store.imports.row(batchId, rowNo), { not_found: 'That row is not in this import.' })
    store.imports.editRequest(batchId, rowNo, request)
    this.#rematch(store, batch)
    return rowOf(store.imports.row(batchId, rowNo))
  }

  rematch({ batchId, outcome }: HandlerInput<'rematchImportRows'>): ImportBatch {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    store.imports.requeue(batchId, outcome)
    this.#rematch(store, batch)
    return this.#emitNow(batchId)
  }

  shortlist(input: HandlerInput<'shortlistImport'>): ShortlistedImport {
    const store = this.#store()
    const batch = mapStoreErrors(() => store.imports.get(input.batchId), batchGone)
    const result = shortlistAccepted(
      store,
      this.deps.events,
      batch,
      this.#headers(store, batch.id, batch.headerRow),
      input,
      this.deps.held
    )
    this.#changed(batch.id)
    return result
  }

  acceptedPeople({ batchId }: HandlerInput<'importAcceptedPeople'>): Array<{ key: string; name: string }> {
    const store = this.#store()
    mapStoreErrors(() => store.imports.get(batchId), batchGone)
    return acceptedPeopleOf(store, batchId)
  }

  /** Rows put back to pending are matched: the batch runs again unless the recruiter paused it. */
  #rematch(store: ImportsStore, batch: ImportBatchRecord): void {
    if (batch.state === 'paused' || batch.state === 'mapping') return
    store.imports.setState(batch.id, 'matching')
    this.deps.matcher.run(batch.id)
    this.#changed(batch.id)
  }

  /** Batches change by themselves while matching: pushed, a few times a second at most. */
  changed(batchId: string): void {
    this.#changed(batchId)
  }

  #changed(batchId: string): void {
    if (this.#emitTimers.has(batchId)) {
      this.#dirty.add(batchId)
      return
    }
    try {
      this.#emitNow(batchId)
    } catch {
      return // deleted meanwhile, or the store is refused: nothing to say
    }
    this.#emitTimers.set(
      batchId,
      setTimeout(() => {
        this.#emitTimers.delete(batchId)
        if (this.#dirty.delete(batchId)) this.#changed(batchId)
      }, EMIT_EVERY_MS)
    )
  }

  #emitNow(batchId: string): ImportBatch {
    const store = this.#store()
    const batch = this.#batch(store, store.imports.get(batchId))
    this.deps.events.emit('importProgress', { batchId, uploadId: null, read: null, size: null, batch })
    return batch
  }

  #letGoOfUpload(batchId: string): void {
    const uploadId = this.#uploadOf.get(batchId)
    if (uploadId === undefined) return
    this.#uploadOf.delete(batchId)
    // another batch of the same upload (a sheet chosen in another window) still needs it
    if (![...this.#uploadOf.values()].includes(uploadId)) this.deps.uploads.discard(uploadId)
  }

  #delete(batchId: string): boolean {
    this.#uploadOf.delete(batchId)
    const deleted = this.#store().imports.delete(batchId)
    this.#speed.reset(batchId)
    return deleted
  }

  #opened(store: ImportsStore, batchId: string): OpenedImport {
    const batch = mapStoreErrors(() => store.imports.get(batchId), batchGone)
    return {
      batch: this.#batch(store, batch),
      preview: store.imports.firstRows(batchId, PREVIEW_ROWS),
      previewRows: store.imports.firstSheetRows(batchId, PREVIEW_ROWS)
    }
  }

  /** The header row's names (a blank one named by its place) and the rows under it, for the guesses. */
  #columns(store: ImportsStore, batchId: string, headerRow: number): { headers: string[]; sample: string[][] } {
    const rows = store.imports.firstRows(batchId, headerRow + 1 + SAMPLE_ROWS)
    const header = rows[headerRow] ?? []
    const sample = rows.slice(headerRow + 1)
    const width = Math.max(header.length, ...sample.map((row) => row.length))
    return {
      headers: Array.from({ length: width }, (_, column) => header[column]?.trim() || `Column ${column + 1}`),
      sample
    }
  }

  #headers(store: ImportsStore, batchId: string, headerRow: number): string[] {
    return this.#columns(store, batchId, headerRow).headers
  }

  /** The mapping last chosen for these very headers, else one guessed from their names and values. */
  #suggest(store: ImportsStore, batchId: string, headerRow: number) {
    const { headers, sample } = this.#columns(store, batchId, headerRow)
    return recallMapping(store, headers) ?? suggestMapping(headers, sample)
  }

  #batch(store: ImportsStore, record: ImportBatchRecord): ImportBatch {
    const counts = store.imports.counts(record.id)
    const { headers, sample } = this.#columns(store, record.id, record.headerRow)
    const pace = this.deps.pace?.(record.connectionId) ?? null
    const speed = this.#speed.sample(record.id, counts, this.#now(), record.state === 'matching', pace)
    return {
      id: record.id,
      fileName: record.fileName,
      format: record.format,
      sheet: record.sheet,
      sheets: record.sheets,
      encoding: record.encoding,
      delimiter: record.delimiter,
      notes: record.notes,
      headerRow: record.headerRow,
      headerSheetRow:
        store.imports.firstSheetRows(record.id, record.headerRow + 1)[record.headerRow] ?? record.headerRow + 1,
      headers,
      mapping: headers.map((_, column) => record.mapping[column] ?? 'keep'),
      suggested: suggestMapping(headers, sample),
      remembered: recallMapping(store, headers) !== null,
      state: record.state,
      threshold: record.threshold,
      resorting: this.#resorts.resorting(record.id),
      counts,
      rowsPerSecond: speed.rowsPerSecond,
      etaSeconds: speed.etaSeconds,
      problem: record.problem,
      shortlistId: record.shortlistId,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt
    }
  }

  #store(): ImportsStore {
    return importsStore(this.deps.stores.get(), this.deps.clock)
  }

  #now(): number {
    return this.deps.now?.() ?? Date.now()
  }
}
