import fs from 'node:fs'
import path from 'node:path'
import { BIDI_CONTROLS } from '../../../shared/bidi'
import { toWellFormed } from '../../../shared/ipc/text'
import type { SavedTarget } from '../../../shared/ipc/channels/export'
import type { DownloadRegistry } from '../transfers/downloads'

export interface SaveDialogRequest {
  title: string
  /** Suggested file name, without folder. */
  defaultName: string
  filters: Array<{ name: string; extensions: string[] }>
}

/**
 * "Choose where to save", injected by the shell: the desktop app shows its native save dialog.
 * Answers the chosen absolute path, or null when the recruiter cancelled.
 */
export interface FileDialogs {
  chooseSavePath(request: SaveDialogRequest): Promise<string | null>
}

export type SaveTarget =
  { kind: 'file'; path: string } | { kind: 'download'; path: string; downloadId: string; fileName: string }

/**
 * Where an export or backup goes: the path from the shell's save dialog when there is one
 * (desktop), otherwise a download the page fetches from the browser host.
 */
export class SaveTargets {
  readonly #dialogs: FileDialogs | undefined
  readonly #downloads: DownloadRegistry

  constructor(options: { dialogs?: FileDialogs; downloads: DownloadRegistry }) {
    this.#dialogs = options.dialogs
    this.#downloads = options.downloads
  }

  async choose(request: SaveDialogRequest): Promise<SaveTarget | null> {
    if (this.#dialogs === undefined) return { kind: 'download', ...this.#downloads.reserve(request.defaultName) }
    const chosen = await this.#dialogs.chooseSavePath(request)
    return chosen === null ? null : { kind: 'file', path: chosen }
  }

  /**
   * A second file beside a chosen one: in the chosen file's folder under `fileName` (with " (2)"…
   * when a file has that name: only the first file was confirmed over an existing one), or another
   * download.
   */
  beside(target: SaveTarget, fileName: string): SaveTarget {
    if (target.kind === 'download') return { kind: 'download', ...this.#downloads.reserve(fileName) }
    const folder = path.dirname(target.path)
    const extension = path.extname(fileName)
    const base = fileName.slice(0, fileName.length - extension.length)
    let candidate = path.join(folder, fileName)
    for (let n = 2; fs.existsSync(candidate); n += 1) candidate = path.join(folder, `${base} (${n})${extension}`)
    return { kind: 'file', path: candidate }
  }

  /** What the page is told about a finished file. */
  describe(target: SaveTarget): SavedTarget {
    return target.kind === 'file'
      ? { kind: 'file', path: target.path }
      : { kind: 'download', downloadId: target.downloadId, fileName: target.fileName }
  }

  /** Forgets a download whose file was never finished (the writers remove their own partial files). */
  abandon(target: SaveTarget): void {
    if (target.kind === 'download') this.#downloads.release(target)
  }
}

/** Names Windows keeps for devices, with or without an extension ("NUL.csv" cannot be a file). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i

/** A file name safe on every OS, with the wanted extension. */
export function safeFileName(name: string, extension: string): string {
  // Half of a surrogate pair (in the name, or cut by the length limit) cannot be written as UTF-8.
  const cleaned = toWellFormed(name, '')
    // bidirectional controls only disguise a name: "\u202Egnp.exe" reads as "exe.png"
    .replace(BIDI_CONTROLS, '')
    // eslint-disable-next-line no-control-regex -- control characters are what must go
    .replace(/[\\/:*?"<>|\u0000-\u001f]/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^\.+/, '')
  // Windows drops trailing dots and spaces.
  let base = toWellFormed(cleaned.slice(0, 150), '').replace(/[. ]+$/, '')
  if (base === '') base = 'talent-desk'
  if (WINDOWS_DEVICE.test(base)) base = `_${base}`
  return base.toLowerCase().endsWith(`.${extension}`) ? base : `${base}.${extension}`
}
