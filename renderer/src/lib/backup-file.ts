/**
 * The text of a chosen backup file. Talent Desk writes backups as UTF-8; a file an editor saved
 * again as UTF-16 (Windows Notepad's "Unicode") is read by its byte order mark, and a file in
 * any other encoding (Latin-1, Windows-1252) is refused here, by name, instead of reaching the
 * restore with every accented name turned into "�" (what `File.text()` would make of it).
 */
export type BackupFileText = { ok: true; text: string } | { ok: false; message: string }

export function decodeBackupFile(bytes: Uint8Array, fileName: string): BackupFileText {
  const encoding =
    bytes[0] === 0xff && bytes[1] === 0xfe ? 'utf-16le' : bytes[0] === 0xfe && bytes[1] === 0xff ? 'utf-16be' : 'utf-8'
  try {
    // fatal: a byte sequence that is not valid in the encoding throws instead of becoming "�";
    // the decoder drops the byte order mark itself.
    return { ok: true, text: new TextDecoder(encoding, { fatal: true }).decode(bytes) }
  } catch {
    return {
      ok: false,
      message:
        encoding === 'utf-8'
          ? `“${fileName}” is not a Talent Desk backup: it is not UTF-8 text. If you edited it, save it again as UTF-8 and retry.`
          : `“${fileName}” is not a Talent Desk backup: it is damaged ${encoding.toUpperCase()} text.`
    }
  }
}
