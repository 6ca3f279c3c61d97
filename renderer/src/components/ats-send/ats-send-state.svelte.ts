import type {
  AtsExistingChoice,
  AtsSendPreview,
  AtsSendProgress,
  AtsSendResult,
  AtsSendSource
} from '../../../../shared/ipc/channels/ats-send'
import type { IpcError } from '../../../../shared/ipc/errors'
import { atsKindNames } from '../../../../shared/ipc/channels/ats'
import type { Client } from '../../lib/client'

/** A saved ATS connection the recruiter may send to (Settings → ATS keeps them). */
export interface AtsConnectionChoice {
  id: string
  name: string
  kind: 'greenhouse' | 'lever'
}

export { atsKindNames }

/** The button that opens the dialog: "Send to Greenhouse…" for the one connection, else "Send to ATS…" (a chooser in it). */
export function sendLabel(connections: readonly AtsConnectionChoice[], send = 'Send to'): string {
  return `${send} ${connections.length === 1 ? atsKindNames[connections[0]!.kind] : 'ATS'}…`
}

/** People sent to (or found in) an ATS, by person key: their ids there. */
export type AtsIdsByPerson = Readonly<Record<string, readonly string[]>>

export type AtsSendPhase =
  | { state: 'no-connection' }
  | { state: 'loading' }
  | { state: 'preview'; preview: AtsSendPreview }
  | { state: 'sending'; preview: AtsSendPreview; progress: AtsSendProgress | null }
  | { state: 'done'; result: AtsSendResult }
  | { state: 'error'; error: IpcError }

let sendCounter = 0

/**
 * "Send to Greenhouse…/Lever…" (issue #39 item 2): the preview of a shortlist's or an Import
 * review's people (new, already there, sent before, incomplete, left out), the job and stage to
 * start them in, then the send with its progress pushed by main (atsSendProgress), cancellable.
 */
export class AtsSendState {
  readonly #client: Client
  #source = $state.raw<{ source: AtsSendSource; label: string } | null>(null)
  #connections = $state.raw<AtsConnectionChoice[]>([])
  #connectionId = $state<string | null>(null)
  #jobId = $state<string | null>(null)
  #stageId = $state<string | null>(null)
  #existing = $state<AtsExistingChoice>('skip')
  #phase = $state.raw<AtsSendPhase>({ state: 'loading' })
  #sendId: string | null = null
  /** The open shortlist's people sent to (or found in) an ATS before: person key → the ATS ids. */
  #sent = $state.raw<{ shortlistId: string; ids: AtsIdsByPerson } | null>(null)

  constructor(client: Client) {
    this.#client = client
    client.on('atsSendProgress', (progress) => this.#onProgress(progress))
  }

  get open() {
    return this.#source !== null
  }
  get label() {
    return this.#source?.label ?? ''
  }
  get connections() {
    return this.#connections
  }
  get connection(): AtsConnectionChoice | null {
    return this.#connections.find((c) => c.id === this.#connectionId) ?? null
  }
  get phase() {
    return this.#phase
  }
  get jobId() {
    return this.#jobId
  }
  get stageId() {
    return this.#stageId
  }
  /** People already there or sent before: skipped, or a new application on the job (once a job or posting is chosen). */
  get existing(): AtsExistingChoice {
    return this.#existing
  }
  /** Whether those already there get a new application with this send. */
  get applying(): boolean {
    const phase = this.#phase
    return (
      this.#existing === 'apply' && this.#jobId !== null && (phase.state === 'preview' || phase.state === 'sending')
    )
  }
  /** How many people the send would make records or applications for. */
  get toSend(): number {
    const phase = this.#phase
    if (phase.state !== 'preview' && phase.state !== 'sending') return 0
    return phase.preview.counts.new + (this.applying ? alreadyThere(phase.preview) : 0)
  }
  /** The title's ATS: "Greenhouse", "Lever", or "your ATS" before one is chosen. */
  get atsName() {
    const connection = this.connection
    return connection === null ? 'your ATS' : atsKindNames[connection.kind]
  }

  /** Opens the dialog for these people, previewed against the first connection. */
  start(source: AtsSendSource, label: string, connections: readonly AtsConnectionChoice[]): void {
    this.#source = { source, label }
    this.#connections = [...connections]
    this.#connectionId = connections[0]?.id ?? null
    this.#jobId = null
    this.#stageId = null
    this.#existing = 'skip'
    if (this.#connectionId === null) this.#phase = { state: 'no-connection' }
    else void this.preview()
  }

  chooseConnection(id: string): void {
    if (id === this.#connectionId) return
    this.#connectionId = id
    this.#jobId = null
    this.#stageId = null
    void this.preview()
  }

  /** A job (posting) and its first stage; null: a prospect (Greenhouse) or a lead without posting (Lever). */
  chooseJob(jobId: string | null): void {
    this.#jobId = jobId
    const phase = this.#phase
    const job = phase.state === 'preview' ? phase.preview.jobs.find((j) => j.id === jobId) : undefined
    this.#stageId = job?.stages[0]?.id ?? null
  }

  chooseStage(stageId: string | null): void {
    this.#stageId = stageId
  }

  chooseExisting(existing: AtsExistingChoice): void {
    this.#existing = existing
  }

  async preview(): Promise<void> {
    const source = this.#source
    const connectionId = this.#connectionId
    if (source === null || connectionId === null) return
    this.#phase = { state: 'loading' }
    const reply = await this.#client.previewAtsSend({ connectionId, source: source.source })
    if (this.#connectionId !== connectionId || this.#source !== source) return
    this.#phase = reply.ok ? { state: 'preview', preview: reply.data } : { state: 'error', error: reply.error }
  }

  async send(): Promise<void> {
    const phase = this.#phase
    const source = this.#source
    if (phase.state !== 'preview' || source === null || this.toSend === 0) return
    const applying = this.applying
    const sendId = `ats-send-${Date.now().toString(36)}-${++sendCounter}`
    this.#sendId = sendId
    this.#phase = { state: 'sending', preview: phase.preview, progress: null }
    const reply = await this.#client.sendToAts({
      sendId,
      connectionId: phase.preview.connectionId,
      source: source.source,
      jobId: this.#jobId,
      stageId: this.#jobId === null ? null : this.#stageId,
      existing: applying ? 'apply' : 'skip'
    })
    this.#sendId = null
    this.#phase = reply.ok ? { state: 'done', result: reply.data } : { state: 'error', error: reply.error }
    if (source.source.kind === 'shortlist') void this.loadSent(source.source.shortlistId)
  }

  async cancel(): Promise<void> {
    if (this.#sendId !== null) await this.#client.cancelAtsSend({ sendId: this.#sendId })
  }

  close(): void {
    if (this.#phase.state === 'sending') void this.cancel()
    this.#source = null
  }

  /** What the member rows show: the ATS ids of this shortlist's people, by person key. */
  sentIn(shortlistId: string | null): AtsIdsByPerson {
    return this.#sent !== null && this.#sent.shortlistId === shortlistId ? this.#sent.ids : {}
  }

  /** Reads which people of a shortlist are in an ATS through a send (on opening it, and after a send). */
  async loadSent(shortlistId: string): Promise<void> {
    const reply = await this.#client.listAtsSent({ shortlistId })
    if (!reply.ok) return
    const ids: Record<string, string[]> = {}
    for (const row of reply.data) ids[row.personKey] = [...(ids[row.personKey] ?? []), row.atsId]
    this.#sent = { shortlistId, ids }
  }

  #onProgress(progress: AtsSendProgress): void {
    const phase = this.#phase
    if (progress.sendId !== this.#sendId || phase.state !== 'sending') return
    this.#phase = { ...phase, progress }
  }
}

/** People who are in the ATS already, found there or sent before: each may be skipped or get a new application. */
export function alreadyThere(preview: AtsSendPreview): number {
  return preview.counts.existing + preview.counts.sent
}

/** The preview's counts in words: "3 new · 5 already in Greenhouse · 1 sent before · 1 incomplete · 1 left out". */
export function countsText(preview: AtsSendPreview): string {
  const name = atsKindNames[preview.kind]
  const { counts } = preview
  return [
    `${counts.new} new`,
    `${counts.existing} already in ${name}`,
    ...(counts.sent > 0 ? [`${counts.sent} sent before`] : []),
    ...(counts.missing > 0 ? [`${counts.missing} incomplete`] : []),
    ...(counts.leftOut > 0 ? [`${counts.leftOut} left out (do not contact)`] : []),
    ...(counts.unchecked > 0 ? [`${counts.unchecked} not checked`] : [])
  ].join(' · ')
}

/** What a preview row's status says. */
export const statusWords: Record<AtsSendPreview['rows'][number]['status'], string> = {
  new: 'New',
  existing: 'Already there',
  sent: 'Sent before',
  missing: 'Incomplete',
  'left-out': 'Left out',
  unchecked: 'Not checked'
}
