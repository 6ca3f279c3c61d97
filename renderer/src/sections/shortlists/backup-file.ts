/** What `sendBackupFile` answers: sent whole, refused by its encoding, or stopped by the receiver. */
export type SentBackupFile = { ok: true } | { ok: false; message: string } | { ok: false; stopped: true }

/**
 * Reads a chosen backup file a slice at a time and hands its text to `send` in pieces of at most
 * `pieceChars` characters (`last` on the final one), so a backup of hundreds of megabytes is
 * never one string in the page nor one request over the bridge. `send` answers false to stop.
 *
 * Talent Desk writes backups as UTF-8; a file an editor saved again as UTF-16 (Windows Notepad's
 * "Unicode") is read by its byte order mark, and a file in any other encoding (Latin-1,
 * Windows-1252) is refused here, by name, instead of reaching the restore with every accented
 * name turned into "�" (what `File.text()` would make of it).
 */
export async function sendBackupFile(
  file: Blob,
  fileName: string,
  pieceChars: number,
  send: (piece: string, last: boolean, bytesRead: number) => Promise<boolean>
): Promise<SentBackupFile> {
  const head = new Uint8Array(await file.slice(0, 2).arrayBuffer())
  const encoding = encodingOf(head)
  const decoder = new TextDecoder(encoding, { fatal: true })
  // A slice of N bytes decodes to at most N characters, plus one code point (2 characters) held
  // back from the slice before: the pieces stay within `pieceChars`.
  const sliceBytes = Math.max(16, pieceChars - 8)
  let offset = 0
  do {
    const end = Math.min(file.size, offset + sliceBytes)
    const bytes = new Uint8Array(await file.slice(offset, end).arrayBuffer())
    const last = end >= file.size
    let piece: string
    try {
      // fatal: a byte sequence that is not valid in the encoding throws instead of becoming "�";
      // the decoder drops the byte order mark itself.
      piece = decoder.decode(bytes, { stream: !last })
    } catch {
      return { ok: false, message: refusal(encoding, fileName) }
    }
    offset = end
    if (!(await send(piece, last, offset))) return { ok: false, stopped: true }
  } while (offset < file.size)
  return { ok: true }
}

function encodingOf(bytes: Uint8Array): 'utf-8' | 'utf-16le' | 'utf-16be' {
  return bytes[0] === 0xff && bytes[1] === 0xfe
    ? 'utf-16le'
    : bytes[0] === 0xfe && bytes[1] === 0xff
      ? 'utf-16be'
      : 'utf-8'
}

function refusal(encoding: string, fileName: string): string {
  return encoding === 'utf-8'
    ? `“${fileName}” is not a Talent Desk backup: it is not UTF-8 text. If you edited it, save it again as UTF-8 and retry.`
    : `“${fileName}” is not a Talent Desk backup: it is damaged ${encoding.toUpperCase()} text.`
}
