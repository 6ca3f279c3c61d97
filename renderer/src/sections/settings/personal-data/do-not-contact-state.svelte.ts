import {
  DO_NOT_CONTACT_CHUNK_CHARS,
  DO_NOT_CONTACT_PAGE,
  MAX_DO_NOT_CONTACT_BYTES,
  normalisedValue,
  refusedValue,
  type DoNotContactEntry,
  type DoNotContactImport,
  type DoNotContactKind,
  type TeamDoNotContactLine
} from '../../../../../shared/ipc/channels/do-not-contact'
import type { ChannelOutput } from '../../../../../shared/ipc/contract'
import type { IpcError } from '../../../../../shared/ipc/errors'
import type { PanelMessage } from './panel-message'
import type { Client } from '../../../lib/client'
import type { Load } from '../../../lib/load'
import { base64Of } from '../../../lib/file-base64'
import { formatCount } from '../../../lib/format'
import { NewestRead } from '../../../lib/newest-read'
import { RepliesAndEvents } from '../../../lib/replies-and-events'

/** Bytes per piece: base64 of 3 MB is 4 M characters, the most one piece may carry. */
const PIECE_BYTES = (DO_NOT_CONTACT_CHUNK_CHARS / 4) * 3

/** Whose entries the page shows: this desk's own, or the team's (colleagues' entries, as hashes). */
export type Whose = 'mine' | 'team'

/**
 * Settings → Personal data → Do not contact: the recruiter's list (added by hand or from a file
 * of lines or CSV, removed, a file removed whole), a page of it at a time with how many it holds
 * in all (up to a million: never read whole), and how many forgotten people are suppressed
 * besides. In a team, the team's list too (issue #38): colleagues' entries, a file as one line.
 * The page is read again when main says the list changed, people were forgotten (their entries
 * go), or the team's changes came in.
 */
export class DoNotContactState {
  readonly #client: Client
  #entries = $state.raw<Load<DoNotContactEntry[]>>({ state: 'idle' })
  #forgotten = $state(0)
  #total = $state(0)
  #offset = $state(0)
  #working = $state<string | null>(null)
  #busy = $state(false)
  #message = $state.raw<PanelMessage | null>(null)
  #imports = $state.raw<DoNotContactImport[]>([])
  #whose = $state<Whose>('mine')
  #team = $state.raw<Load<TeamDoNotContactLine[]>>({ state: 'idle' })
  #teamTotal = $state(0)
  #teamEntries = $state(0)
  #teamOffset = $state(0)
  /**
   * The events that read a list again: a read asked before one of them may answer after the read
   * it asked (the browser host's answers travel apart) and is then not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'mine' | 'team'>()
  /** The pages last asked for: a read again after an event reads the page the recruiter went to. */
  #askedOffset = 0
  #askedTeamOffset = 0
  /** This desk's list's reads: an action says what it did once the newest is shown. */
  readonly #reads = new NewestRead()

  constructor(client: Client) {
    this.#client = client
    const shown = (list: Load<unknown>) => list.state === 'ready' || list.state === 'loading'
    const againTeam = () => {
      if (!shown(this.#team)) return
      this.#told.told('team')
      void this.loadTeam(this.#askedTeamOffset)
    }
    const again = () => {
      if (shown(this.#entries)) {
        this.#told.told('mine')
        void this.load(this.#askedOffset)
      }
      againTeam()
    }
    client.on('doNotContactChanged', again)
    client.on('peopleForgotten', again)
    client.on('teamChanged', againTeam)
  }

  /** Whose entries are shown. */
  get whose() {
    return this.#whose
  }
  /** The files imported into this desk's list (each removed whole). */
  get imports() {
    return this.#imports
  }
  /** A page of the team's lines: a colleague's file is one line, an entry by hand one. */
  get team() {
    return this.#team
  }
  /** The team's lines in all (files and entries by hand). */
  get teamTotal() {
    return this.#teamTotal
  }
  /** The team's entries in all (a file counts every entry it holds). */
  get teamEntries() {
    return this.#teamEntries
  }
  get teamOffset() {
    return this.#teamOffset
  }
  get teamHasOlder() {
    return this.#teamOffset + this.pageSize < this.#teamTotal
  }
  get teamHasNewer() {
    return this.#teamOffset > 0
  }

  /** Shows this desk's entries or the team's (read when first shown). */
  async show(whose: Whose): Promise<void> {
    this.#whose = whose
    if (whose === 'team' && this.#team.state !== 'ready') await this.loadTeam()
    if (whose === 'mine' && this.#entries.state !== 'ready') await this.load()
  }

  /** Reads a page of the team's lines; past the end (lines taken off), the last page. */
  async loadTeam(offset = this.#teamOffset): Promise<void> {
    if (this.#team.state !== 'ready') this.#team = { state: 'loading' }
    this.#askedTeamOffset = offset
    // a page asked after this one (Older, then Newer) is shown, whichever answers last
    const asked = this.#told.askedAnew('team')
    let reply = await this.#client.listTeamDoNotContact({ offset, limit: this.pageSize })
    if (reply.ok && reply.data.lines.length === 0 && offset > 0 && reply.data.total > 0) {
      const last = Math.floor((reply.data.total - 1) / this.pageSize) * this.pageSize
      reply = await this.#client.listTeamDoNotContact({ offset: last, limit: this.pageSize })
    }
    if (!this.#told.newest('team', asked)) return
    if (!reply.ok) {
      this.#team = { state: 'error', error: reply.error }
      return
    }
    this.#team = { state: 'ready', value: reply.data.lines }
    this.#teamOffset = reply.data.offset
    this.#askedTeamOffset = reply.data.offset
    this.#teamTotal = reply.data.total
    this.#teamEntries = reply.data.entries
  }

  async olderTeam(): Promise<void> {
    if (this.teamHasOlder) await this.loadTeam(this.#teamOffset + this.pageSize)
  }
  async newerTeam(): Promise<void> {
    if (this.teamHasNewer) await this.loadTeam(Math.max(0, this.#teamOffset - this.pageSize))
  }

  get entries() {
    return this.#entries
  }
  /** Forgotten people, suppressed with no entry. */
  get forgotten() {
    return this.#forgotten
  }
  /** Entries the list holds in all. */
  get total() {
    return this.#total
  }
  /** Where the page shown starts (0: the newest). */
  get offset() {
    return this.#offset
  }
  readonly pageSize = DO_NOT_CONTACT_PAGE
  get hasOlder() {
    return this.#offset + this.pageSize < this.#total
  }
  get hasNewer() {
    return this.#offset > 0
  }
  /** What a long step is doing ("Sending crm.csv…"), or null. */
  get working() {
    return this.#working
  }
  get busy() {
    return this.#busy
  }
  get message() {
    return this.#message
  }

  /**
   * Reads a page (the one shown by default); past the end (entries removed), the last page. Done
   * when the newest read is shown: a read overtaken (a change's event, another page asked) waits
   * for the one that overtook it, so what is said after it agrees with the list on the screen.
   */
  async load(offset = this.#offset): Promise<void> {
    await this.#reads.read(() => this.#read(offset))
  }

  async #read(offset: number): Promise<void> {
    if (this.#entries.state !== 'ready') this.#entries = { state: 'loading' }
    this.#askedOffset = offset
    // a page asked after this one (Older, then Newer) is shown, whichever answers last
    const asked = this.#told.askedAnew('mine')
    let reply = await this.#client.listDoNotContact({ offset, limit: this.pageSize })
    if (reply.ok && reply.data.entries.length === 0 && offset > 0 && reply.data.total > 0) {
      const last = Math.floor((reply.data.total - 1) / this.pageSize) * this.pageSize
      reply = await this.#client.listDoNotContact({ offset: last, limit: this.pageSize })
    }
    // the list changed while this read was on its way: the read that change asked is shown instead
    if (!this.#told.newest('mine', asked)) return
    if (!reply.ok) {
      this.#entries = { state: 'error', error: reply.error }
      return
    }
    this.#entries = { state: 'ready', value: reply.data.entries }
    this.#offset = reply.data.offset
    this.#askedOffset = reply.data.offset
    this.#total = reply.data.total
    this.#forgotten = reply.data.forgotten
    // the files are a line each above the entries; a failure to read them leaves the entries shown
    const files = await this.#client.listDoNotContactImports({})
    if (this.#told.newest('mine', asked)) this.#imports = files.ok ? files.data.imports : []
  }

  /** The next page of older entries, or the previous of newer ones. */
  async older(): Promise<void> {
    if (this.hasOlder) await this.load(this.#offset + this.pageSize)
  }
  async newer(): Promise<void> {
    if (this.hasNewer) await this.load(Math.max(0, this.#offset - this.pageSize))
  }

  /** Adds one entry; true when the field may be cleared (added, or already listed). */
  async add(kind: DoNotContactKind, value: string, note: string): Promise<boolean> {
    if (normalisedValue(kind, value) === null) {
      // said in the kind's words before asking (main's schema would refuse it the same way)
      this.#message = { tone: 'error', text: refusedValue(kind, value) }
      return false
    }
    return this.#run(async () => {
      const reply = await this.#client.addDoNotContact({ kind, value, note })
      if (!reply.ok) return this.#fail(reply.error)
      await this.load(0)
      this.#message = {
        tone: 'ok',
        text: reply.data.added ? `Added ${value.trim()}.` : `${value.trim()} was already listed.`
      }
      return true
    })
  }

  /**
   * Sends a file in pieces, then has main read it (in a worker); says how many were added, already
   * there, or left out, and how many the list holds now.
   */
  async importFile(file: File): Promise<boolean> {
    if (file.size > MAX_DO_NOT_CONTACT_BYTES) {
      this.#message = {
        tone: 'error',
        text: `This file is larger than ${MAX_DO_NOT_CONTACT_BYTES / 1024 / 1024} MB. Save only the column of emails, domains or profile addresses, and import that.`
      }
      return false
    }
    return this.#run(async () => {
      this.#working = `Sending ${file.name}…`
      try {
        const started = await this.#client.startDoNotContactUpload({ bytes: file.size })
        if (!started.ok) return this.#fail(started.error)
        const { uploadId } = started.data
        let offset = 0
        do {
          const end = Math.min(file.size, offset + PIECE_BYTES)
          const sent = await this.#client.appendDoNotContactUpload({
            uploadId,
            chunk: await base64Of(file.slice(offset, end)),
            last: end >= file.size
          })
          if (!sent.ok) {
            void this.#client.discardDoNotContactUpload({ uploadId })
            return this.#fail(sent.error)
          }
          offset = end
        } while (offset < file.size)
        this.#working = `Adding the entries of ${file.name}…`
        const reply = await this.#client.importDoNotContact({
          uploadId,
          fileName: file.name,
          note: `Imported from ${file.name}`
        })
        if (!reply.ok) return this.#fail(reply.error)
        await this.load(0)
        this.#said(reply.data, file.name)
        return true
      } finally {
        this.#working = null
      }
    })
  }

  #said(
    { added, alreadyListed, skippedCount, skipped, total }: ChannelOutput<'importDoNotContact'>,
    fileName: string
  ): void {
    const parts = [
      `${formatCount(added, 'entry', 'entries')} added from ${fileName}`,
      alreadyListed > 0 ? `${formatCount(alreadyListed, 'was', 'were')} already listed` : '',
      skippedCount > 0
        ? `${formatCount(skippedCount, 'line', 'lines')} left out (not an email, domain, profile address or key:…; first on line ${skipped[0]!.line})`
        : ''
    ]
    this.#message = {
      tone: 'ok',
      text: `${parts.filter(Boolean).join('; ')}. The list holds ${formatCount(total, 'entry', 'entries')}.`
    }
  }

  async remove(entry: DoNotContactEntry): Promise<boolean> {
    return this.#run(async () => {
      const reply = await this.#client.removeDoNotContact({ id: entry.id })
      if (!reply.ok) return this.#fail(reply.error)
      await this.load()
      this.#message = { tone: 'ok', text: `Removed ${entry.value}.` }
      return true
    })
  }

  /** Removes a whole file: its entries leave the list (and, in a team, every colleague's desk). */
  async removeImport(file: DoNotContactImport): Promise<boolean> {
    return this.#run(async () => {
      const reply = await this.#client.removeDoNotContactImport({ id: file.id })
      if (!reply.ok) return this.#fail(reply.error)
      await this.load()
      this.#message = {
        tone: 'ok',
        text: reply.data.removed
          ? `Removed ${file.note || 'the import'}: ${formatCount(reply.data.entries, 'entry', 'entries')} left the list.`
          : 'That import was already removed.'
      }
      return true
    })
  }

  #fail(error: IpcError): false {
    this.#message = { tone: 'error', text: error.message, error }
    return false
  }

  async #run(work: () => Promise<boolean>): Promise<boolean> {
    if (this.#busy) return false
    this.#busy = true
    this.#message = null
    try {
      return await work()
    } finally {
      this.#busy = false
    }
  }
}
