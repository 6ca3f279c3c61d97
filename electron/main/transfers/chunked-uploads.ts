import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { AppError } from '../../../shared/ipc/errors'
import { removeOwnFiles } from './own-files'
import { errorMessage } from '../../../shared/error-message'

/** The names uploads get (`start`): the only files this ever removes. */
const OWN_FILE = /^[A-Za-z0-9_-]{24}\.upload$/

/** An upload nobody touched for this long is dropped (the page was closed mid-restore). */
const DEFAULT_IDLE_MS = 30 * 60_000

/** At most this many uploads at once (two windows restoring is plenty). */
const MAX_OPEN = 4

interface Upload {
  path: string
  received: number
  /** Bytes written to the file so far, and the size `start` declared (when it did). */
  bytes: number
  declared: number | undefined
  /** The last piece has arrived. */
  complete: boolean
  touchedAt: number
  /** A piece is being written, or the file is being previewed or restored. */
  busy: 'appending' | 'reading' | null
  /** Read at least once (a workbook kept for its other sheets). */
  used: boolean
}

const gone = (uploadId: string, noun: string) =>
  new AppError(
    'not_found',
    `That ${noun} upload is no longer here (it was finished, cancelled or left idle too long). Choose the file again.`,
    { uploadId }
  )

/**
 * Files too large to cross the bridge in one request (a backup, a spreadsheet) arrive in pieces,
 * appended in order to `<dir>/<id>.upload`; once every piece has arrived, the feature reads the
 * file itself (in a worker thread), so neither the bridge nor main's event loop carries the whole
 * file at once. Only files with these names are ever removed, never a folder: the data folder may
 * be one the recruiter chose and hold their own files.
 */
export class ChunkedUploads {
  readonly #dir: string
  readonly #idleMs: number
  readonly #now: () => number
  readonly #maxChars: number
  readonly #encoding: 'utf8' | 'base64'
  readonly #noun: string
  readonly #tooLarge: string
  readonly #makeRoom: boolean
  readonly #open = new Map<string, Upload>()

  constructor(options: {
    dir: string
    idleMs?: number
    now?: () => number
    maxChars: number
    /** How pieces arrive: text (a backup), or base64 of a file's bytes (a spreadsheet). */
    encoding?: 'utf8' | 'base64'
    /** What the upload is, in messages ("backup", "spreadsheet"). */
    noun: string
    /** Said when the upload passes maxChars. */
    tooLarge: string
    /**
     * When every place is taken, an upload already read and idle (kept only in case it is read
     * again: a workbook's other sheets) is let go to make room, the one touched longest ago.
     */
    makeRoom?: boolean
  }) {
    this.#dir = options.dir
    this.#encoding = options.encoding ?? 'utf8'
    this.#noun = options.noun
    this.#tooLarge = options.tooLarge
    this.#maxChars = options.maxChars
    this.#idleMs = options.idleMs ?? DEFAULT_IDLE_MS
    this.#now = options.now ?? Date.now
    this.#makeRoom = options.makeRoom ?? false
  }

  /**
   * Opens an upload; its pieces follow with `append`. `declaredBytes`, the file's size as the page
   * said when it started: the pieces may add up to that many bytes and no other number.
   */
  start(declaredBytes?: number): string {
    this.#expire()
    if (this.#open.size >= MAX_OPEN && this.#makeRoom) this.#letGoOfOldestRead()
    if (this.#open.size >= MAX_OPEN) {
      throw new AppError(
        'conflict',
        `Other ${this.#noun}s are still being read. Wait for them to finish, then try again.`
      )
    }
    fs.mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    const uploadId = randomBytes(18).toString('base64url')
    const file = path.join(this.#dir, `${uploadId}.upload`)
    // 'wx': a fresh file of our own, never one that happens to be there
    fs.writeFileSync(file, '', { flag: 'wx', mode: 0o600 })
    this.#open.set(uploadId, {
      path: file,
      received: 0,
      bytes: 0,
      declared: declaredBytes,
      complete: false,
      touchedAt: this.#now(),
      busy: null,
      used: false
    })
    return uploadId
  }

  /** Appends the next piece (one at a time, in order); `last` marks the upload finished. */
  async append(uploadId: string, chunk: string, last: boolean): Promise<{ received: number }> {
    this.#expire()
    const upload = this.#open.get(uploadId)
    if (upload === undefined) throw gone(uploadId, this.#noun)
    if (upload.busy !== null) {
      throw new AppError(
        'conflict',
        `The previous piece of this ${this.#noun} is still being written; send pieces one at a time.`
      )
    }
    if (upload.complete) {
      throw new AppError('conflict', `This ${this.#noun} has already arrived whole; nothing more can be added to it.`)
    }
    if (upload.received + chunk.length > this.#maxChars) {
      this.discard(uploadId)
      throw new AppError('invalid_input', this.#tooLarge, [
        { path: 'chunk', message: `the ${this.#noun} would pass ${this.#maxChars} characters` }
      ])
    }
    const bytes = this.#encoding === 'base64' ? Buffer.from(chunk, 'base64') : Buffer.from(chunk, 'utf8')
    const declared = upload.declared
    if (
      declared !== undefined &&
      (upload.bytes + bytes.length > declared || (last && upload.bytes + bytes.length < declared))
    ) {
      this.discard(uploadId)
      throw new AppError(
        'invalid_input',
        `The ${this.#noun} sent is not the size it was said to be (${declared.toLocaleString('en')} bytes). Choose the file again.`,
        [
          {
            path: 'chunk',
            message: `${upload.bytes + bytes.length} bytes${last ? ' in all' : ' so far'}, ${declared} declared`
          }
        ]
      )
    }
    upload.busy = 'appending'
    try {
      await fs.promises.appendFile(upload.path, bytes)
    } catch (error) {
      upload.busy = null
      this.discard(uploadId)
      throw new AppError(
        'store_error',
        `The ${this.#noun} could not be copied into the app’s data folder. Check the free space and try again.`,
        { reason: errorMessage(error) }
      )
    }
    upload.busy = null
    // discarded (or cleared) while the piece was written: the append made the file again
    if (this.#open.get(uploadId) !== upload) removeQuietly(upload.path)
    upload.received += chunk.length
    upload.bytes += bytes.length
    upload.complete = last
    upload.touchedAt = this.#now()
    return { received: upload.received }
  }

  /**
   * Runs `read` on the file of a finished upload, one reader at a time (a second preview or
   * restore of the same upload waits its turn by being refused, so nothing is restored twice).
   */
  async use<T>(uploadId: string, read: (file: string) => Promise<T>): Promise<T> {
    this.#expire()
    const upload = this.#open.get(uploadId)
    if (upload === undefined) throw gone(uploadId, this.#noun)
    if (upload.busy === 'reading') {
      throw new AppError('conflict', `This ${this.#noun} is already being read; wait for that to finish.`)
    }
    if (upload.busy === 'appending' || !upload.complete) {
      throw new AppError('invalid_input', `Only part of the ${this.#noun} has arrived; choose the file again.`, [
        { path: 'uploadId', message: `${upload.received} characters received, and not the last piece` }
      ])
    }
    upload.busy = 'reading'
    try {
      return await read(upload.path)
    } finally {
      upload.busy = null
      upload.used = true
      upload.touchedAt = this.#now()
    }
  }

  /** Drops an upload and its file (a file that cannot be removed now goes at the next start). */
  discard(uploadId: string): boolean {
    const upload = this.#open.get(uploadId)
    if (upload === undefined) return false
    this.#open.delete(uploadId)
    // an append in progress removes the file when it ends
    if (upload.busy !== 'appending') removeQuietly(upload.path)
    return true
  }

  /**
   * Drops every upload left idle past the limit, with its file (`start`, `append` and `use` do it
   * too; the owner also calls this on a timer, so a page closed mid-way leaves nothing for long).
   */
  sweep(): void {
    this.#expire()
  }

  /** Removes this registry's own files left in its folder (at start and at close); nothing else. */
  clear(): void {
    this.#open.clear()
    removeOwnFiles(this.#dir, OWN_FILE)
  }

  #letGoOfOldestRead(): void {
    let oldest: [string, Upload] | null = null
    for (const entry of this.#open) {
      const upload = entry[1]
      if (upload.used && upload.busy === null && (oldest === null || upload.touchedAt < oldest[1].touchedAt)) {
        oldest = entry
      }
    }
    if (oldest !== null) this.discard(oldest[0])
  }

  #expire(): void {
    const now = this.#now()
    for (const [uploadId, upload] of this.#open) {
      if (upload.busy === null && now - upload.touchedAt > this.#idleMs) this.discard(uploadId)
    }
  }
}

function removeQuietly(file: string): void {
  try {
    fs.rmSync(file, { force: true })
  } catch {
    // in use (a virus scanner, say): `clear()` removes it at the next start
  }
}
