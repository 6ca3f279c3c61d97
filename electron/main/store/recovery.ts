import fs from 'node:fs'
import path from 'node:path'
import { StoreError } from './store-error'
import { systemClock, type Clock } from './clock'

export interface RecoveryCopy {
  path: string
  /** Why the copy exists: written before a schema upgrade. */
  kind: 'pre-migration'
  modifiedAt: string
  bytes: number
}

/**
 * Ways out when the store refuses to open (store_corrupt, store_foreign). Nothing here deletes
 * data: the refused file is renamed aside, never overwritten, and copies are copied, not moved.
 * The caller opens the store again afterwards (openStore), then may restore a JSON backup.
 */
export class StoreRecovery {
  constructor(
    private readonly file: string,
    private readonly clock: Clock = systemClock
  ) {}

  /** Pre-migration copies of this store, newest first. */
  listCopies(): RecoveryCopy[] {
    const dir = path.dirname(this.file)
    const prefix = `${path.basename(this.file)}.pre-v`
    if (!fs.existsSync(dir)) return []
    return fs
      .readdirSync(dir)
      .filter((name) => name.startsWith(prefix) && name.endsWith('.bak'))
      .map((name) => {
        const full = path.join(dir, name)
        const stat = fs.statSync(full)
        return { path: full, kind: 'pre-migration' as const, modifiedAt: stat.mtime.toISOString(), bytes: stat.size }
      })
      .sort((a, b) => b.modifiedAt.localeCompare(a.modifiedAt) || b.path.localeCompare(a.path))
  }

  /**
   * Renames the store file (and its -wal/-shm) to `<name>.corrupt-<timestamp>` so the next open
   * starts a fresh store. Returns the new name of the main file.
   */
  moveAside(): { movedTo: string } {
    if (!fs.existsSync(this.file)) {
      throw new StoreError('not_found', `There is no data file to move aside: ${this.file}.`, { path: this.file })
    }
    const movedTo = this.#freeAsideName()
    try {
      for (const side of ['-wal', '-shm']) {
        if (fs.existsSync(this.file + side)) fs.renameSync(this.file + side, movedTo + side)
      }
      fs.renameSync(this.file, movedTo)
    } catch (error) {
      throw new StoreError('store_unreadable', `Could not move the data file aside: ${this.file}.`, {
        path: this.file,
        cause: error
      })
    }
    return { movedTo }
  }

  /**
   * `<name>.corrupt-<timestamp>`, with `-2`, `-3`… when that name (or its -wal/-shm) is taken:
   * rename() replaces an existing target, so two moves in the same millisecond (or a clock set
   * back) would otherwise overwrite the file moved aside before.
   */
  #freeAsideName(): string {
    const stamp = this.clock.now().toISOString().replace(/[:.]/g, '-')
    const base = `${this.file}.corrupt-${stamp}`
    const taken = (name: string) => ['', '-wal', '-shm'].some((side) => fs.existsSync(name + side))
    let candidate = base
    for (let n = 2; taken(candidate); n++) candidate = `${base}-${n}`
    return candidate
  }

  /** Moves the current file aside (if any), then copies `copyPath` into place. */
  restoreCopy(copyPath: string): { movedTo: string | undefined } {
    const known = this.listCopies().some((copy) => copy.path === path.resolve(copyPath))
    if (!known) throw new StoreError('not_found', `Not a recovery copy of this store: ${copyPath}.`, { path: copyPath })
    const movedTo = fs.existsSync(this.file) ? this.moveAside().movedTo : undefined
    fs.copyFileSync(copyPath, this.file, fs.constants.COPYFILE_EXCL)
    return { movedTo }
  }
}
