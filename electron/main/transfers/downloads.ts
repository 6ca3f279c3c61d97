import fs from 'node:fs'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { removeOwnFiles } from './own-files'

export interface Download {
  downloadId: string
  /** Where the file is written, inside the downloads folder. */
  path: string
  /** The name the browser saves it under. */
  fileName: string
}

/** The folder's name inside the data folder: the app's own, so no one else's files are in it. */
export const DOWNLOADS_FOLDER = 'talent-desk-downloads'

/**
 * The names this registry gives its files (`reserve`), and the part files an export writes on the
 * way to one (`writeThroughPart`: `<id>.download.part-<8 hex>`, left behind when the app is killed
 * mid-export): the only files it ever removes.
 */
const OWN_FILE = /^[A-Za-z0-9_-]{24}\.download(\.part-[0-9a-f]{8})?$/

/** How long a finished file waits for the page to fetch it. */
const DEFAULT_TTL_MS = 15 * 60_000

/**
 * Files the browser host hands to the page as downloads: written into
 * `<dataDir>/talent-desk-downloads` under an unguessable id, fetched once
 * (`GET /bridge/download/<id>`), then deleted. Files the page never fetched are removed after a
 * while and whenever the host starts or stops. Only files with the registry's own names are ever
 * removed, never a folder and never anything else: the data folder may be one the recruiter
 * chose (`--data-dir ~`) and hold their own files.
 */
export class DownloadRegistry {
  readonly #dir: string
  readonly #ttlMs: number
  readonly #now: () => number
  readonly #pending = new Map<string, Download & { createdAt: number }>()

  constructor(options: { dir: string; ttlMs?: number; now?: () => number }) {
    this.#dir = options.dir
    this.#ttlMs = options.ttlMs ?? DEFAULT_TTL_MS
    this.#now = options.now ?? Date.now
  }

  get dir(): string {
    return this.#dir
  }

  /** A fresh place to write a file the page will download as `fileName`. */
  reserve(fileName: string): Download {
    this.#expire()
    fs.mkdirSync(this.#dir, { recursive: true, mode: 0o700 })
    const downloadId = randomBytes(18).toString('base64url')
    const download = { downloadId, path: path.join(this.#dir, `${downloadId}.download`), fileName }
    this.#pending.set(downloadId, { ...download, createdAt: this.#now() })
    return download
  }

  /**
   * Hands a finished file over once: the caller streams it and then calls `release`. Unknown,
   * expired or already taken ids, and files never written, answer undefined.
   */
  take(downloadId: string): Download | undefined {
    this.#expire()
    const entry = this.#pending.get(downloadId)
    if (entry === undefined || !fs.existsSync(entry.path)) return undefined
    this.#pending.delete(downloadId)
    return { downloadId, path: entry.path, fileName: entry.fileName }
  }

  /** Deletes a reserved or taken file (sent, failed or cancelled). */
  release(download: Pick<Download, 'downloadId' | 'path'>): void {
    this.#pending.delete(download.downloadId)
    fs.rmSync(download.path, { force: true })
  }

  /**
   * Withdraws the files waiting to be fetched that `test` picks (a forgotten person's: an export
   * not yet downloaded must not keep them); answers how many.
   */
  releaseWhere(test: (download: Download) => boolean): number {
    let released = 0
    for (const entry of [...this.#pending.values()]) {
      if (!fs.existsSync(entry.path) || !test(entry)) continue
      this.release(entry)
      released += 1
    }
    return released
  }

  /** Removes the registry's own files left in its folder (at start and at close); nothing else. */
  clear(): void {
    this.#pending.clear()
    removeOwnFiles(this.#dir, OWN_FILE)
  }

  #expire(): void {
    const cutoff = this.#now() - this.#ttlMs
    for (const entry of this.#pending.values()) {
      if (entry.createdAt < cutoff) this.release(entry)
    }
  }
}
