import type {
  ImportBatch,
  ImportDecisionChange,
  ImportField,
  ImportRow,
  ImportRowFilter,
  OpenedImport
} from '../../../../shared/ipc/channels/imports'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { RepliesAndEvents } from '../../lib/replies-and-events'
import { uploadSheet } from './upload-sheet'
import { errorMessage } from '../../../../shared/error-message'

const PAGE = 500

export type Reading = { file: string; sent: number; read: number | null; size: number } | null

/**
 * The Import section's state: the connection's imports, the one open (its preview, mapping and
 * rows under a filter), what a file upload has reached, and the last decisions for Undo. Batches
 * change in main while matching; `importProgress` events keep every view of them current.
 */
export class ImportState {
  batches = $state.raw<ImportBatch[] | null>(null)
  opened = $state.raw<OpenedImport | null>(null)
  rows = $state.raw<ImportRow[]>([])
  total = $state(0)
  filter = $state<ImportRowFilter>('all')
  cursor = $state(0)
  /** Where the rows' list was scrolled to: the review opens there again after the section was left. */
  scroll = 0
  reading = $state.raw<Reading>(null)
  error = $state.raw<IpcError | null>(null)
  busy = $state(false)
  notice = $state<string | null>(null)
  /** The last change of decisions, for Undo. */
  undo = $state.raw<{ label: string; changes: ImportDecisionChange[] } | null>(null)
  #unsubscribe: (() => void) | null = null
  #reloadTimer: ReturnType<typeof setTimeout> | null = null
  /**
   * importProgress events per batch, and the batch each told last: a batch a reply carries (a
   * Match's "matching" taken at its start, the list, an opened import) may have been taken before
   * an event about it that arrives first; the event's batch is then the one shown.
   */
  readonly #told = new RepliesAndEvents()
  readonly #toldBatch: Record<string, ImportBatch> = {}
  /**
   * Decisions take turns: a key pressed while the last one is being saved applies to the row the
   * cursor lands on after it, not to the row just decided.
   */
  #turn: Promise<void> = Promise.resolve()

  constructor(private readonly client: Client) {}

  get batch(): ImportBatch | null {
    return this.opened?.batch ?? null
  }

  get row(): ImportRow | null {
    return this.rows[this.cursor] ?? null
  }

  listen(): () => void {
    this.#unsubscribe?.()
    this.#unsubscribe = this.client.on('importProgress', (progress) => {
      if (progress.uploadId !== null && this.reading !== null && progress.read !== null) {
        this.reading = { ...this.reading, read: progress.read, size: progress.size ?? this.reading.size }
      }
      const batch = progress.batch
      if (batch === null) return
      this.#told.told(batch.id)
      this.#toldBatch[batch.id] = batch
      if (this.batches !== null) this.batches = this.batches.map((other) => (other.id === batch.id ? batch : other))
      if (this.opened?.batch.id === batch.id) {
        this.opened = { ...this.opened, batch }
        this.#reloadRowsSoon()
      }
    })
    return () => {
      this.#unsubscribe?.()
      this.#unsubscribe = null
    }
  }

  async load(): Promise<void> {
    const asked = this.#told.asked()
    const reply = await this.client.listImports({})
    if (reply.ok) this.batches = reply.data.map((batch) => this.#newer(asked, batch))
    else this.error = reply.error
  }

  async openFile(file: File): Promise<void> {
    this.error = null
    this.notice = null
    // before the new upload starts, so its place is free
    await this.letGoOfUpload()
    this.reading = { file: file.name, sent: 0, read: null, size: file.size }
    try {
      const uploaded = await uploadSheet(this.client, file, (sent) => {
        if (this.reading) this.reading = { ...this.reading, sent }
      })
      if ('error' in uploaded) {
        this.error = uploaded.error
        return
      }
      const asked = this.#told.asked()
      const reply = await this.client.openImport({ uploadId: uploaded.uploadId, fileName: file.name })
      if (!reply.ok) {
        void this.client.discardImportUpload({ uploadId: uploaded.uploadId })
        this.error = reply.error
        return
      }
      this.#uploadId = reply.data.batch.format === 'xlsx' ? uploaded.uploadId : null
      if (this.#uploadId === null) void this.client.discardImportUpload({ uploadId: uploaded.uploadId })
      this.#show(this.#newerOpened(asked, reply.data))
      await this.load()
    } catch (error) {
      this.error = { code: 'internal', message: `The file could not be read: ${errorMessage(error)}` }
    } finally {
      this.reading = null
    }
  }

  /** The upload of the open workbook, kept so another of its sheets can be read. */
  #uploadId: string | null = null

  /**
   * Lets main drop the open workbook's upload: once another file or import is opened, matching
   * starts, the import is deleted or the section is left, no other sheet of it will be read (main
   * keeps only a few uploads at once).
   */
  async letGoOfUpload(): Promise<void> {
    const uploadId = this.#uploadId
    if (uploadId === null) return
    this.#uploadId = null
    await this.client.discardImportUpload({ uploadId })
  }

  get canChangeSheet(): boolean {
    return this.#uploadId !== null && this.batch?.state === 'mapping'
  }

  async chooseSheet(sheet: string): Promise<void> {
    const batch = this.batch
    if (batch === null || this.#uploadId === null) return
    this.busy = true
    const asked = this.#told.asked()
    const reply = await this.client.openImport({
      uploadId: this.#uploadId,
      fileName: batch.fileName,
      sheet,
      replaces: batch.id
    })
    this.busy = false
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.#show(this.#newerOpened(asked, reply.data))
    await this.load()
  }

  async open(batchId: string): Promise<void> {
    this.error = null
    this.notice = null
    if (batchId !== this.batch?.id) void this.letGoOfUpload()
    const asked = this.#told.asked()
    const reply = await this.client.getImport({ batchId })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.#show(this.#newerOpened(asked, reply.data))
  }

  /** A batch a reply asked at `asked` carries, or the one an importProgress event told of it since (as new or newer). */
  #newer(asked: number, batch: ImportBatch): ImportBatch {
    return this.#told.newest(batch.id, asked) ? batch : (this.#toldBatch[batch.id] ?? batch)
  }

  #newerOpened(asked: number, opened: OpenedImport): OpenedImport {
    const batch = this.#newer(asked, opened.batch)
    return batch === opened.batch ? opened : { ...opened, batch }
  }

  #show(opened: OpenedImport): void {
    this.opened = opened
    this.undo = null
    this.cursor = 0
    this.scroll = 0
    this.filter = opened.batch.state === 'mapping' ? 'all' : this.filter
    void this.loadRows()
  }

  async map(headerRow: number, mapping?: ImportField[]): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    this.busy = true
    const asked = this.#told.asked()
    const reply = await this.client.mapImport({ batchId: batch.id, headerRow, ...(mapping ? { mapping } : {}) })
    this.busy = false
    if (reply.ok) {
      this.opened = this.#newerOpened(asked, reply.data)
      void this.loadRows()
    } else this.error = reply.error
  }

  async act(action: 'startImportMatch' | 'pauseImport' | 'cancelImport'): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    this.error = null
    if (action === 'startImportMatch') void this.letGoOfUpload()
    const asked = this.#told.asked()
    const reply = await this.client[action]({ batchId: batch.id })
    if (reply.ok) this.opened = this.opened && { ...this.opened, batch: this.#newer(asked, reply.data) }
    else this.error = reply.error
  }

  async remove(): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    const reply = await this.client.deleteImport({ batchId: batch.id })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    void this.letGoOfUpload()
    this.opened = null
    this.rows = []
    await this.load()
  }

  async setThreshold(threshold: number): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    const asked = this.#told.asked()
    const reply = await this.client.setImportThreshold({ batchId: batch.id, threshold })
    if (reply.ok) {
      this.opened = this.opened && { ...this.opened, batch: this.#newer(asked, reply.data) }
      await this.loadRows()
    } else this.error = reply.error
  }

  /**
   * Shows the rows under `filter`. In turn with decisions: a key pressed before they arrive acts
   * on the first of them, not on a row of the list shown before.
   */
  setFilter(filter: ImportRowFilter): Promise<void> {
    this.filter = filter
    this.cursor = 0
    this.scroll = 0
    return this.#inTurn(() => this.loadRows())
  }

  #loadingMore: Promise<void> | null = null

  /** The next page of rows under the filter (once at a time, however often the list asks). */
  loadMoreRows(): Promise<void> {
    this.#loadingMore ??= this.loadRows(true).finally(() => (this.#loadingMore = null))
    return this.#loadingMore
  }

  async loadRows(more = false): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    const offset = more ? this.rows.length : 0
    const limit = more ? PAGE : Math.max(PAGE, this.rows.length)
    const reply = await this.client.listImportRows({ batchId: batch.id, filter: this.filter, offset, limit })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.rows = more ? [...this.rows, ...reply.data.rows] : reply.data.rows
    this.total = reply.data.total
    this.cursor = Math.min(this.cursor, Math.max(0, this.rows.length - 1))
  }

  #reloadRowsSoon(): void {
    if (this.#reloadTimer !== null) return
    this.#reloadTimer = setTimeout(() => {
      this.#reloadTimer = null
      void this.loadRows()
    }, 500)
  }

  #inTurn(action: () => Promise<void>): Promise<void> {
    const next = this.#turn.then(action)
    this.#turn = next.catch(() => undefined)
    return next
  }

  /** Accepts a candidate of the row under the cursor (its match when no index is given). */
  accept(index?: number): Promise<void> {
    return this.#inTurn(() => this.#accept(index))
  }

  async #accept(index?: number): Promise<void> {
    const row = this.row
    if (row === null || row.candidates.length === 0) return
    const candidate =
      index === undefined
        ? (row.candidates.find((c) => c.key === row.bestKey) ?? row.candidates[0])
        : row.candidates[index]
    if (candidate === undefined) return
    await this.#decide(`Accepted ${candidate.name || candidate.key} for row ${row.sheetRow}`, [
      { rowNo: row.rowNo, decision: 'accepted', chosenKey: candidate.key }
    ])
  }

  reject(): Promise<void> {
    return this.#inTurn(() => this.#reject())
  }

  async #reject(): Promise<void> {
    const row = this.row
    if (row === null) return
    await this.#decide(`Rejected every candidate of row ${row.sheetRow}`, [
      { rowNo: row.rowNo, decision: 'rejected', chosenKey: null }
    ])
  }

  acceptMatched(): Promise<void> {
    return this.#inTurn(() => this.#acceptMatched())
  }

  async #acceptMatched(): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    const reply = await this.client.acceptMatchedImportRows({ batchId: batch.id })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.undo = { label: `Accepted ${reply.data.changed.length} matched rows`, changes: reply.data.changed }
    await this.loadRows()
    this.notice = this.undo.label
  }

  undoLast(): Promise<void> {
    return this.#inTurn(() => this.#undoLast())
  }

  async #undoLast(): Promise<void> {
    const batch = this.batch
    const undo = this.undo
    if (batch === null || undo === null || undo.changes.length === 0) return
    const reply = await this.client.decideImportRows({ batchId: batch.id, decisions: undo.changes })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.undo = null
    await this.loadRows()
    this.notice = `Undone: ${undo.label}`
  }

  async #decide(
    label: string,
    decisions: Array<{ rowNo: number; decision: 'accepted' | 'rejected' | null; chosenKey: string | null }>
  ) {
    const batch = this.batch
    if (batch === null) return
    const reply = await this.client.decideImportRows({ batchId: batch.id, decisions })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.undo = { label, changes: reply.data.changed }
    const keepCursor = this.cursor
    const decided = decisions[0]?.rowNo
    await this.loadRows()
    // on to the next row to settle: past the one decided when it is still listed, else the one
    // that took its place
    const still = this.rows.findIndex((row) => row.rowNo === decided)
    this.cursor = Math.min(still === -1 ? keepCursor : still + 1, Math.max(0, this.rows.length - 1))
    // said once the cursor is on the next row, so what the page says is where the keys now act
    this.notice = label
  }

  async edit(request: Record<string, string | string[]>): Promise<void> {
    const batch = this.batch
    const row = this.row
    if (batch === null || row === null) return
    const reply = await this.client.editImportRow({ batchId: batch.id, rowNo: row.rowNo, request })
    if (!reply.ok) {
      this.error = reply.error
      return
    }
    this.notice = `Row ${row.sheetRow} is being matched again`
    await this.loadRows()
  }

  async rematchFailed(): Promise<void> {
    const batch = this.batch
    if (batch === null) return
    const asked = this.#told.asked()
    const reply = await this.client.rematchImportRows({ batchId: batch.id, outcome: 'failed' })
    if (reply.ok) this.opened = this.opened && { ...this.opened, batch: this.#newer(asked, reply.data) }
    else this.error = reply.error
  }
}
