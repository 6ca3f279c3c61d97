import fs from 'node:fs'

const CHUNK = 1 << 20

/** ASCII letters lower-cased in place (UTF-8 bytes of other letters are left: both sides alike). */
function lowerAscii(bytes: Buffer): Buffer {
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] as number
    if (byte >= 65 && byte <= 90) bytes[i] = byte + 32
  }
  return bytes
}

/**
 * Whether a file holds any of `words` (case-insensitive for ASCII letters), read a piece at a
 * time so a large export is never held whole.
 */
export function fileMentions(file: string, words: readonly string[]): boolean {
  const needles = words.filter((word) => word.trim().length >= 3).map((word) => lowerAscii(Buffer.from(word)))
  if (needles.length === 0) return false
  const overlap = Math.max(...needles.map((needle) => needle.length)) - 1
  const fd = fs.openSync(file, 'r')
  try {
    const buffer = Buffer.alloc(CHUNK + overlap)
    let kept = 0
    for (;;) {
      const read = fs.readSync(fd, buffer, kept, CHUNK, null)
      if (read === 0) return false
      const view = lowerAscii(buffer.subarray(0, kept + read))
      if (needles.some((needle) => view.includes(needle))) return true
      kept = Math.min(overlap, view.length)
      view.copy(buffer, 0, view.length - kept)
    }
  } finally {
    fs.closeSync(fd)
  }
}
