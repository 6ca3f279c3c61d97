import {
  KNOWN_CHUNK_CHARS,
  MAX_KNOWN_BYTES,
  type KnownField,
  type KnownList,
  type KnownListScope,
  type KnownPreview
} from '../../../../../shared/ipc/channels/known-people'
import type { IpcError } from '../../../../../shared/ipc/errors'
import type { Client } from '../../../lib/client'
import { base64Of } from '../../../lib/file-base64'
import { formatCount } from '../../../lib/format'
import type { Load } from '../../../lib/load'
import { NewestRead } from '../../../lib/newest-read'
import { RepliesAndEvents } from '../../../lib/replies-and-events'

/** Bytes per piece: base64 of 3 MB is 4 M characters, the most one piece may carry. */
const PIECE_BYTES = (KNOWN_CHUNK_CHARS / 4) * 3

export type KnownMessage = { tone: 'ok' | 'error'; text: string; error?: IpcError }

/** A file chosen and read, waiting for the recruiter to name the list and confirm its columns. */
export interface KnownDraft {
  uploadId: string
  fileName: string
  preview: KnownPreview
  name: string
  scope: KnownListScope
  mapping: KnownField[]
  /** The list this file replaces (Re-import), or null for a new one. */
  replacing: KnownList | null
}

const listName = (fileName: string) => fileName.replace(/\.(csv|xlsx|txt)$/i, '').slice(0, 120) || 'ATS list'

/**
 * Settings → People you already have: the lists imported from an ATS export or any sheet; a file
 * chosen, read, its columns confirmed and imported (or re-imported over a list); a list removed.
 * Read again when main says the lists changed or people were forgotten (they leave every list).
 */
export class KnownPeopleState {
  readonly #client: Client
  #lists = $state.raw<Load<KnownList[]>>({ state: 'idle' })
  #draft = $state.raw<KnownDraft | null>(null)
  /** What is happening now, in words ("Reading the file…"), or null. */
  #working = $state<string | null>(null)
  #message = $state.raw<KnownMessage | null>(null)
  /**
   * The events that read the lists again: a read asked before one of them may answer after the read
   * it asked (the browser host's answers travel apart) and is then not shown, the newer one is.
   */
  readonly #told = new RepliesAndEvents<'lists'>()
  /** The lists' reads: an action says what it did once the newest is shown. */
  readonly #reads = new NewestRead()

  constructor(client: Client) {
    this.#client = client
    const again = () => {
      if (this.#lists.state !== 'ready' && this.#lists.state !== 'loading') return
      this.#told.told('lists')
      void this.load()
    }
    client.on('knownPeopleChanged', again)
    client.on('peopleForgotten', again)
  }

  get lists() {
    return this.#lists
  }
  get draft() {
    return this.#draft
  }
  get working() {
    return this.#working
  }
  get busy() {
    return this.#working !== null
  }
  get message() {
    return this.#message
  }

  /** Reads the lists; done when the newest read is shown (a change's event may overtake this one). */
  async load(): Promise<void> {
    await this.#reads.read(() => this.#read())
  }

  async #read(): Promise<void> {
    if (this.#lists.state !== 'ready') this.#lists = { state: 'loading' }
    const asked = this.#told.asked()
    const reply = await this.#client.listKnownPeopleLists({})
    if (!this.#told.newest('lists', asked)) return
    this.#lists = reply.ok ? { state: 'ready', value: reply.data.lists } : { state: 'error', error: reply.error }
  }

  /** Sends a file and reads its first rows; the draft then waits for a name, a scope and the columns. */
  async choose(file: File, replacing: KnownList | null = null): Promise<boolean> {
    if (this.busy) return false
    this.#message = null
    await this.cancel()
    if (file.size > MAX_KNOWN_BYTES) {
      return this.#fail({
        code: 'invalid_input',
        message: `This file is larger than ${MAX_KNOWN_BYTES / 1024 / 1024} MB. Save only the columns you need, and import that.`
      })
    }
    this.#working = `Reading ${file.name}…`
    try {
      const started = await this.#client.startKnownPeopleUpload({ bytes: file.size })
      if (!started.ok) return this.#fail(started.error)
      const { uploadId } = started.data
      let offset = 0
      do {
        const end = Math.min(file.size, offset + PIECE_BYTES)
        const sent = await this.#client.appendKnownPeopleUpload({
          uploadId,
          chunk: await base64Of(file.slice(offset, end)),
          last: end >= file.size
        })
        if (!sent.ok) {
          void this.#client.discardKnownPeopleUpload({ uploadId })
          return this.#fail(sent.error)
        }
        offset = end
      } while (offset < file.size)
      const preview = await this.#client.previewKnownPeople({ uploadId, fileName: file.name })
      if (!preview.ok) {
        void this.#client.discardKnownPeopleUpload({ uploadId })
        return this.#fail(preview.error)
      }
      this.#draft = {
        uploadId,
        fileName: file.name,
        preview: preview.data,
        name: replacing?.name ?? listName(file.name),
        scope: replacing?.scope ?? { kind: 'shared' },
        mapping: preview.data.mapping,
        replacing
      }
      return true
    } finally {
      this.#working = null
    }
  }

  /** Changes the draft (its name, scope or a column's field). */
  edit(change: Partial<Pick<KnownDraft, 'name' | 'scope' | 'mapping'>>): void {
    if (this.#draft !== null) this.#draft = { ...this.#draft, ...change }
  }

  /** Imports the draft: a new list, or the one of the same name and scope replaced. */
  async confirm(): Promise<boolean> {
    const draft = this.#draft
    if (draft === null || this.busy) return false
    if (draft.name.trim() === '') return this.#fail({ code: 'invalid_input', message: 'Give the list a name.' })
    this.#message = null
    this.#working = `Importing ${draft.fileName}…`
    try {
      const reply = await this.#client.importKnownPeople({
        uploadId: draft.uploadId,
        fileName: draft.fileName,
        name: draft.name.trim(),
        scope: draft.scope,
        mapping: draft.mapping
      })
      if (!reply.ok) return this.#fail(reply.error)
      const { list, replaced, skipped, notes } = reply.data
      this.#draft = null
      await this.load()
      // nobody read: said so, and why (main's first note), not "Imported … 0 people."
      this.#message =
        list.people === 0
          ? { tone: 'error', text: `“${list.name}” has no one in it. ${notes[0] ?? ''}`.trim() }
          : {
              tone: 'ok',
              text:
                `${replaced ? 'Replaced' : 'Imported'} “${list.name}”: ${formatCount(list.people, 'person', 'people')}` +
                (skipped > 0
                  ? `; ${formatCount(skipped, 'row', 'rows')} left out (no email, link, nor name and company).`
                  : '.')
            }
      return true
    } finally {
      this.#working = null
    }
  }

  /** Lets the chosen file go without importing it. */
  async cancel(): Promise<void> {
    const draft = this.#draft
    if (draft === null) return
    this.#draft = null
    await this.#client.discardKnownPeopleUpload({ uploadId: draft.uploadId })
  }

  async remove(list: KnownList): Promise<boolean> {
    if (this.busy) return false
    this.#message = null
    this.#working = `Removing ${list.name}…`
    try {
      const reply = await this.#client.removeKnownPeopleList({ id: list.id })
      if (!reply.ok) return this.#fail(reply.error)
      await this.load()
      this.#message = { tone: 'ok', text: `Removed “${list.name}”.` }
      return true
    } finally {
      this.#working = null
    }
  }

  #fail(error: IpcError): false {
    this.#message = { tone: 'error', text: error.message, error }
    return false
  }
}
