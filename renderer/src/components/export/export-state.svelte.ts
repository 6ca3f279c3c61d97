import type {
  ColumnPreset,
  CsvColumn,
  CsvSource,
  DoNotContactChoice,
  ExportProgress,
  KnownChoice
} from '../../../../shared/ipc/channels/export'
import type { IpcError } from '../../../../shared/ipc/errors'
import { loaded, type Load } from '../../lib/load'
import type { Client } from '../../lib/client'
import { columnChoice, defaultKnownChoice, doNotContactText, knownText, type ColumnMode } from './export-choice'
import { deliver } from '../../lib/save-file'
import { errorMessage } from '../../../../shared/error-message'
import { defaultExportFormat, type ExportFormat } from '../../../../shared/export-formats'

export type ExportPhase =
  | { state: 'choosing' }
  | { state: 'running'; written: number; total: number | null }
  | {
      state: 'done'
      message: string
      rows: number
      unreadable: string[]
      /** "3 people left out: do not contact", or null when no one was flagged or left out. */
      doNotContact: string | null
      /** "2 people left out: already in your ATS", or null when no one was. */
      known: string | null
    }
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
  #format = $state<ExportFormat>(defaultExportFormat)
  #doNotContact = $state<DoNotContactChoice>('flag')
  /** Chosen for people already in your ATS; null: the columns' default (left out of an ATS's file). */
  #known = $state<KnownChoice | null>(null)
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
  /** One of shared/export-formats.ts; kept between exports. */
  get format() {
    return this.#format
  }
  setFormat(format: ExportFormat): void {
    this.#format = format
  }
  get bom() {
    return this.#bom
  }
  /** Mark people who must not be contacted (the default) or leave them out; kept between exports. */
  get doNotContact() {
    return this.#doNotContact
  }
  setDoNotContact(choice: DoNotContactChoice): void {
    this.#doNotContact = choice
  }
  /** Leave out people already in your ATS (an ATS's file, by default) or mark them. */
  get known(): KnownChoice {
    return this.#known ?? defaultKnownChoice(this.#mode)
  }
  setKnown(choice: KnownChoice): void {
    this.#known = choice
  }
  /** Whether what is exported is people (every source but Usage's transactions). */
  get people() {
    return this.#source !== null && this.#source.source.kind !== 'transactions'
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
    // each layout's own default for people already in your ATS, until chosen again
    this.#known = null
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
      bom: this.#bom,
      doNotContact: this.#doNotContact,
      known: this.known
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
      this.#phase = {
        state: 'done',
        message,
        rows: reply.data.rows,
        unreadable,
        doNotContact: doNotContactText(reply.data.doNotContact),
        known: knownText(reply.data.known)
      }
    } catch (error) {
      this.#phase = {
        state: 'error',
        error: { code: 'network', message: errorMessage(error) }
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
    this.#presets = loaded(reply, (data) => data.presets)
  }
}
