import fs from 'node:fs'
import path from 'node:path'

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
