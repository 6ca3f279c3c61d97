import { MAX_UPLOAD_CHARS, type BackupPreview, type RestoreSummary } from '../../../../shared/ipc/channels/export'
import type { IpcError } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { recentlyDeletedText, restoreMessage } from './restore-words'
import { deliver } from '../../lib/save-file'
import { sendBackupFile, UPLOAD_PIECE_CHARS, type SentBackupFile } from './backup-file'
import { formatCount } from '../../lib/format'
import { errorMessage } from '../../../../shared/error-message'

export type BackupPhase =
  | { state: 'idle' }
  | { state: 'working'; action: 'backup' | 'restore'; /** Share of the chosen file read so far (0–1). */ read?: number }
  | { state: 'done'; message: string }
  | { state: 'error'; error: IpcError; action: 'backup' | 'restore' }
  /** Some records of the chosen backup cannot be read: restore the rest only if the recruiter says so. */
  | { state: 'confirm-partial'; uploadId: string; preview: BackupPreview }

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
    // a backup waiting for the recruiter's word is not restored: its upload goes
    if (this.#phase.state === 'confirm-partial')
      void this.#client.discardBackupUpload({ uploadId: this.#phase.uploadId })
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
        error: { code: 'network', message: errorMessage(error) }
      }
    }
  }

  /**
   * Restores from a chosen file; answers true when something was restored. The file is sent to
   * main in pieces (any size a backup can have), then checked record by record: a clean one is
   * restored at once, one with unreadable records waits in `confirm-partial` for
   * `restorePartial()` or `dismiss()`.
   */
  async restore(file: Blob, fileName: string): Promise<boolean> {
    // UTF-8 takes up to 3 bytes a character; main enforces the real limit in characters
    if (file.size > 3 * MAX_UPLOAD_CHARS) {
      this.refuse(`“${fileName}” is too large to be a Talent Desk backup.`)
      return false
    }
    this.#phase = { state: 'working', action: 'restore', read: 0 }
    const uploadId = await this.#upload(file, fileName)
    if (uploadId === null) return false
    const preview = await this.#client.previewRestore({ uploadId })
    if (!preview.ok) {
      void this.#client.discardBackupUpload({ uploadId })
      this.#phase = { state: 'error', error: preview.error, action: 'restore' }
      return false
    }
    if (preview.data.problems.length > 0) {
      this.#phase = { state: 'confirm-partial', uploadId, preview: preview.data }
      return false
    }
    return this.#restore(uploadId, false)
  }

  /** Restores every readable record of the backup waiting for confirmation. */
  async restorePartial(): Promise<boolean> {
    if (this.#phase.state !== 'confirm-partial') return false
    const { uploadId } = this.#phase
    this.#phase = { state: 'working', action: 'restore' }
    return this.#restore(uploadId, true)
  }

  /** Sends the file to main; answers its upload id, or null with the phase saying why not. */
  async #upload(file: Blob, fileName: string): Promise<string | null> {
    const started = await this.#client.startBackupUpload({})
    if (!started.ok) {
      this.#phase = { state: 'error', error: started.error, action: 'restore' }
      return null
    }
    const { uploadId } = started.data
    let refused: IpcError | null = null
    let sent: SentBackupFile
    try {
      sent = await sendBackupFile(
        file,
        fileName,
        UPLOAD_PIECE_CHARS,
        async (chunk, last, bytesRead) => {
          const reply = await this.#client.appendBackupUpload({ uploadId, chunk, last })
          if (!reply.ok) {
            refused = reply.error
            return false
          }
          this.#phase = { state: 'working', action: 'restore', read: file.size === 0 ? 1 : bytesRead / file.size }
          return true
        },
        { worker: readerInWorker() }
      )
    } catch {
      // the file went away or changed while it was read (moved, or a cloud drive syncing it)
      sent = { ok: false, message: `“${fileName}” could not be read to the end. Check the file, then choose it again.` }
    }
    if (sent.ok) return uploadId
    void this.#client.discardBackupUpload({ uploadId })
    this.#phase = {
      state: 'error',
      action: 'restore',
      error: refused ?? {
        code: 'invalid_input',
        message: 'message' in sent ? sent.message : 'The backup was not read.'
      }
    }
    return null
  }

  async #restore(uploadId: string, partial: boolean): Promise<boolean> {
    const reply = await this.#client.restoreShortlists(partial ? { uploadId, partial } : { uploadId })
    if (!reply.ok) {
      // nothing was restored; trying again means choosing the file again
      void this.#client.discardBackupUpload({ uploadId })
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
  return formatCount(n, one, many)
}

/**
 * Whether the backup file is read in a worker: always, but for the restore bench's side-by-side
 * run of the page reading it itself (localStorage `talent-desk.backup-reader` = `page`).
 */
function readerInWorker(): boolean {
  try {
    return localStorage.getItem('talent-desk.backup-reader') !== 'page'
  } catch {
    return true
  }
}
