import type {
  BackupPreview,
  ColumnPreset,
  CsvColumn,
  CsvSource,
  ExportProgress,
  RestoreSummary
} from '../../../shared/ipc/channels/export'
import type { IpcError } from '../../../shared/ipc/errors'
import type { Load } from './app-state.svelte'
import type { Client } from './client'
import { columnChoice, recentlyDeletedText, restoreMessage, type ColumnMode } from './export-choice'
import { deliver } from './save-file'

export type ExportPhase =
  | { state: 'choosing' }
  | { state: 'running'; written: number; total: number | null }
  | { state: 'done'; message: string; rows: number; unreadable: string[] }
  | { state: 'cancelled' }
  | { state: 'error'; error: IpcError }

let exportCounter = 0

/**
 * The CSV export dialog: what to export, which columns, BOM; then the real progress pushed by
 * main (`exportProgress`), and where the file went.
 */
export class ExportState {
  readonly #client: Client
  #source = $state.raw<{ source: CsvSource; label: string } | null>(null)
  #mode = $state<ColumnMode>('basic')
  #custom = $state.raw<CsvColumn[]>([])
  #bom = $state(true)
  #format = $state<'csv' | 'xlsx'>('csv')
  #presets = $state.raw<Load<Record<ColumnPreset, CsvColumn[]>>>({ state: 'idle' })
  #phase = $state.raw<ExportPhase>({ state: 'choosing' })
  #exportId: string | null = null

  constructor(client: Client) {
    this.#client = client
    client.on('exportProgress', (progress) => this.#onProgress(progress))
  }

  get open() {
    return this.#source !== null
  }
  get label() {
    return this.#source?.label ?? ''
  }
  get mode() {
    return this.#mode
  }
  get custom() {
    return this.#custom
  }
  /** csv, or xlsx (typed cells); kept between exports. */
  get format() {
    return this.#format
  }
  setFormat(format: 'csv' | 'xlsx'): void {
    this.#format = format
  }
  get bom() {
    return this.#bom
  }
  get presets() {
    return this.#presets
  }
  get phase() {
    return this.#phase
  }
  get choice() {
    return columnChoice(this.#mode, this.#custom)
  }

  start(source: CsvSource, label: string): void {
    this.#source = { source, label }
    this.#phase = { state: 'choosing' }
    if (this.#presets.state !== 'ready') void this.#loadPresets()
  }

  /** Back to the choice of columns (after a cancel or to export again). */
  again(): void {
    this.#phase = { state: 'choosing' }
  }

  close(): void {
    if (this.#phase.state === 'running') void this.cancel()
    this.#source = null
  }

  setMode(mode: ColumnMode): void {
    this.#mode = mode
    if (mode === 'custom' && this.#custom.length === 0 && this.#presets.state === 'ready') {
      this.#custom = [...this.#presets.value.basic]
    }
  }

  setBom(bom: boolean): void {
    this.#bom = bom
  }

  /** Adds or removes a column of the custom choice, keeping the order of the Full preset. */
  toggleColumn(column: CsvColumn, on: boolean): void {
    const all = this.#presets.state === 'ready' ? this.#presets.value.full : []
    const chosen = (entry: CsvColumn) =>
      entry.path === column.path ? on : this.#custom.some((picked) => picked.path === entry.path)
    this.#custom = all.filter(chosen)
  }

  async run(): Promise<void> {
    const source = this.#source
    const columns = this.choice
    if (!source || !columns || this.#phase.state === 'running') return
    const exportId = `export-${Date.now().toString(36)}-${++exportCounter}`
    this.#exportId = exportId
    this.#phase = { state: 'running', written: 0, total: null }
    const reply = await this.#client.exportCsv({
      exportId,
      source: source.source,
      columns,
      format: this.#format,
      bom: this.#bom
    })
    this.#exportId = null
    if (!reply.ok) {
      this.#phase = reply.error.code === 'cancelled' ? { state: 'cancelled' } : { state: 'error', error: reply.error }
      return
    }
    if (reply.data.cancelled) {
      this.#phase = { state: 'choosing' }
      return
    }
    try {
      const message = await deliver(this.#client, reply.data.target)
      const unreadable = reply.data.unreadable.map((row) => row.name)
      this.#phase = { state: 'done', message, rows: reply.data.rows, unreadable }
    } catch (error) {
      this.#phase = {
        state: 'error',
        error: { code: 'network', message: error instanceof Error ? error.message : String(error) }
      }
    }
  }

  async cancel(): Promise<void> {
    if (this.#exportId !== null) await this.#client.cancelExport({ exportId: this.#exportId })
  }

  #onProgress(progress: ExportProgress): void {
    if (progress.exportId !== this.#exportId || this.#phase.state !== 'running' || progress.done) return
    this.#phase = { state: 'running', written: progress.written, total: progress.total }
  }

  async #loadPresets(): Promise<void> {
    this.#presets = { state: 'loading' }
    const reply = await this.#client.listExportColumns({})
    this.#presets = reply.ok ? { state: 'ready', value: reply.data.presets } : { state: 'error', error: reply.error }
  }
}

export type BackupPhase =
  | { state: 'idle' }
  | { state: 'working'; action: 'backup' | 'restore' }
  | { state: 'done'; message: string }
  | { state: 'error'; error: IpcError; action: 'backup' | 'restore' }
  /** Some records of the chosen backup cannot be read: restore the rest only if the recruiter says so. */
  | { state: 'confirm-partial'; json: string; preview: BackupPreview }

/** Backup to a JSON file and restore from one the recruiter picks. */
export class BackupState {
  readonly #client: Client
  #phase = $state.raw<BackupPhase>({ state: 'idle' })
  #lastRestore = $state.raw<RestoreSummary | null>(null)

  readonly #onRestored: () => void

  /** `onRestored` runs after a restore succeeds: messages about the missing data can go. */
  constructor(client: Client, onRestored: () => void = () => {}) {
    this.#client = client
    this.#onRestored = onRestored
  }

  get phase() {
    return this.#phase
  }
  get lastRestore() {
    return this.#lastRestore
  }

  dismiss(): void {
    this.#phase = { state: 'idle' }
  }

  /** A file refused before it is sent (too large to be a backup). */
  refuse(message: string): void {
    this.#phase = { state: 'error', action: 'restore', error: { code: 'invalid_input', message } }
  }

  async backup(): Promise<void> {
    this.#phase = { state: 'working', action: 'backup' }
    const reply = await this.#client.backupShortlists({})
    if (!reply.ok) {
      this.#phase = { state: 'error', error: reply.error, action: 'backup' }
      return
    }
    if (reply.data.cancelled) {
      this.#phase = { state: 'idle' }
      return
    }
    try {
      const where = await deliver(this.#client, reply.data.target)
      const { shortlists, members, damaged, recentlyDeleted } = reply.data
      const deleted = recentlyDeletedText(recentlyDeleted)
      const note =
        damaged.length === 0
          ? ''
          : ` ${count(damaged.length, 'person’s', 'people’s')} saved profile could not be read (${damaged
              .slice(0, 3)
              .map((d) => d.person)
              .join(
                ', '
              )}${damaged.length > 3 ? '…' : ''}): their notes, tags and stage are in the backup, the profile is not.`
      this.#phase = {
        state: 'done',
        message: `Backed up ${count(shortlists, 'shortlist', 'shortlists')}, ${count(members, 'person', 'people')}.${deleted === '' ? '' : ` ${deleted}`} ${where}.${note}`
      }
    } catch (error) {
      this.#phase = {
        state: 'error',
        action: 'backup',
        error: { code: 'network', message: error instanceof Error ? error.message : String(error) }
      }
    }
  }

  /**
   * Restores from the text of a chosen file; answers true when something was restored. The file
   * is checked record by record first: a clean one is restored at once, one with unreadable
   * records waits in `confirm-partial` for `restorePartial()` or `dismiss()`.
   */
  async restore(json: string): Promise<boolean> {
    this.#phase = { state: 'working', action: 'restore' }
    const preview = await this.#client.previewRestore({ json })
    if (!preview.ok) {
      this.#phase = { state: 'error', error: preview.error, action: 'restore' }
      return false
    }
    if (preview.data.problems.length > 0) {
      this.#phase = { state: 'confirm-partial', json, preview: preview.data }
      return false
    }
    return this.#restore(json, false)
  }

  /** Restores every readable record of the backup waiting for confirmation. */
  async restorePartial(): Promise<boolean> {
    if (this.#phase.state !== 'confirm-partial') return false
    const { json } = this.#phase
    this.#phase = { state: 'working', action: 'restore' }
    return this.#restore(json, true)
  }

  async #restore(json: string, partial: boolean): Promise<boolean> {
    const reply = await this.#client.restoreShortlists(partial ? { json, partial } : { json })
    if (!reply.ok) {
      this.#phase = { state: 'error', error: reply.error, action: 'restore' }
      return false
    }
    this.#lastRestore = reply.data
    this.#phase = { state: 'done', message: restoreMessage(reply.data) }
    this.#onRestored()
    return true
  }
}

function count(n: number, one: string, many: string): string {
  return `${new Intl.NumberFormat('en').format(n)} ${n === 1 ? one : many}`
}
