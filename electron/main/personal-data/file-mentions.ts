import fs from 'node:fs'

const CHUNK = 1 << 20

/**
 * Whether a file holds any of `words` (case-insensitive, read as UTF-8), read a piece at a time
 * so a large export is never held whole. Each piece is read with the end of the one before (as
 * many bytes as the longest word), so a word cut between two pieces is still found.
 */
export function fileMentions(file: string, words: readonly string[]): boolean {
  const needles = words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3)
  if (needles.length === 0) return false
  const overlap = Math.max(...needles.map((needle) => Buffer.byteLength(needle))) - 1
  const fd = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(CHUNK + overlap)
    let kept = 0
    for (;;) {
      const read = fs.readSync(fd, buffer, kept, CHUNK, null)
      if (read === 0) return false
      const end = kept + read
      const text = buffer.toString('utf8', 0, end).toLowerCase()
      if (needles.some((needle) => text.includes(needle))) return true
      kept = Math.min(overlap, end)
      buffer.copy(buffer, 0, end - kept, end)
    }
  } finally {
    fs.closeSync(fd)
  }
}
