import fs from 'node:fs'
import path from 'node:path'

/** The names earlier versions gave the restore's temporary copy: `tmp/restore-<16 hex>.json`. */
const RESTORE_COPY = /^restore-[0-9a-f]{16}\.json$/

/**
 * Removes the temporary copies of backups that earlier versions wrote to `<dataDir>/tmp` during a
 * restore (each a full copy of every person's data) and left behind when the restore was killed.
 * Restore now reads the backup's text directly, so no new ones appear. Only regular files with
 * exactly that name are removed; anything else in the folder, and the folder itself, stay.
 * Answers how many were removed.
 */
export function removeRestoreLeftovers(dataDir: string): number {
  return removeOwnFiles(path.join(dataDir, 'tmp'), RESTORE_COPY)
}

/**
 * Removes the regular files in `dir` whose names match `ownName` (names only the app gives),
 * and nothing else: never a folder, never another file. Answers how many were removed.
 */
export function removeOwnFiles(dir: string, ownName: RegExp): number {
  let entries: fs.Dirent[]
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  let removed = 0
  for (const entry of entries) {
    if (!entry.isFile() || !ownName.test(entry.name)) continue
    try {
      fs.rmSync(path.join(dir, entry.name))
      removed += 1
    } catch {
      // in use or not ours to remove after all: left as it is
    }
  }
  return removed
}
