/**
 * A backup file's text, a slice at a time: pieces of at most `pieceChars` characters, decoded
 * as the file's byte order mark says (UTF-8 without one, UTF-16 with one) and refused when the
 * bytes are not valid text in that encoding. Used by the page's backup reader worker (and, where
 * no worker can run, on the page itself).
 */
export type BackupPiece = { piece: string; last: boolean; bytesRead: number } | { refused: string }

export async function* backupPieces(file: Blob, fileName: string, pieceChars: number): AsyncGenerator<BackupPiece> {
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
      yield { refused: refusal(encoding, fileName) }
      return
    }
    offset = end
    yield { piece, last, bytesRead: offset }
  } while (offset < file.size)
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
