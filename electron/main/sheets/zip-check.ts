import fs from 'node:fs'

/** What a workbook may unpack to at most: far more than 50,000 rows of 500 columns need. */
export const MAX_UNPACKED_BYTES = 1024 * 1024 * 1024
const MAX_RATIO = 200

export type ZipVerdict = { ok: true } | { ok: false; reason: string }

/**
 * Reads a .xlsx file's zip directory (its last bytes) and refuses what would unpack to too much:
 * a zip bomb named .xlsx is turned away before a single byte is inflated. The directory can lie;
 * the reader's limits (rows, columns, the worker's memory) stop what gets past this.
 */
export function checkZip(file: string): ZipVerdict {
  const fd = fs.openSync(file, 'r')
  try {
    const size = fs.fstatSync(fd).size
    const tailLength = Math.min(size, 65_557)
    const tail = Buffer.alloc(tailLength)
    fs.readSync(fd, tail, 0, tailLength, size - tailLength)
    let end = -1
    for (let i = tailLength - 22; i >= 0; i -= 1) {
      if (tail.readUInt32LE(i) === 0x06054b50) {
        end = i
        break
      }
    }
    if (end === -1) return { ok: false, reason: 'it is not a complete workbook (its zip directory is missing)' }
    const entries = tail.readUInt16LE(end + 10)
    const directorySize = tail.readUInt32LE(end + 12)
    const directoryOffset = tail.readUInt32LE(end + 16)
    if (directoryOffset === 0xffffffff || directoryOffset + directorySize > size) {
      return { ok: false, reason: 'its zip directory points outside the file' }
    }
    const directory = Buffer.alloc(directorySize)
    fs.readSync(fd, directory, 0, directorySize, directoryOffset)
    let total = 0
    let at = 0
    for (let n = 0; n < entries && at + 46 <= directory.length; n += 1) {
      if (directory.readUInt32LE(at) !== 0x02014b50) break
      const unpacked = directory.readUInt32LE(at + 24)
      if (unpacked === 0xffffffff) return { ok: false, reason: 'a part of it would unpack to more than 4 GB' }
      total += unpacked
      at += 46 + directory.readUInt16LE(at + 28) + directory.readUInt16LE(at + 30) + directory.readUInt16LE(at + 32)
    }
    if (total > MAX_UNPACKED_BYTES) {
      return { ok: false, reason: `it would unpack to ${Math.round(total / 1024 / 1024)} MB` }
    }
    if (total > 50 * 1024 * 1024 && total / Math.max(1, size) > MAX_RATIO) {
      return { ok: false, reason: `it would unpack to ${Math.round(total / size)} times its size (a zip bomb)` }
    }
    return { ok: true }
  } finally {
    fs.closeSync(fd)
  }
}
