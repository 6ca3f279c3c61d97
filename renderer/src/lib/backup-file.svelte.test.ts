import { describe, expect, it } from 'vitest'
import { decodeBackupFile } from './backup-file'

const text = '{"format":"talent-desk/shortlists-backup","name":"Ødegård — Zoë 👩‍💻"}'
const utf16 = (value: string, bigEndian: boolean) => {
  const bytes = new Uint8Array(2 + value.length * 2)
  bytes.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe])
  for (let i = 0; i < value.length; i++) {
    const unit = value.charCodeAt(i)
    bytes[2 + 2 * i + (bigEndian ? 0 : 1)] = unit >> 8
    bytes[2 + 2 * i + (bigEndian ? 1 : 0)] = unit & 0xff
  }
  return bytes
}

describe('decodeBackupFile', () => {
  it('reads UTF-8, with or without a byte order mark, and UTF-16 by its mark', () => {
    const utf8 = new TextEncoder().encode(text)
    expect(decodeBackupFile(utf8, 'b.json')).toEqual({ ok: true, text })
    expect(decodeBackupFile(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]), 'b.json')).toEqual({ ok: true, text })
    expect(decodeBackupFile(utf16(text, false), 'b.json')).toEqual({ ok: true, text })
    expect(decodeBackupFile(utf16(text, true), 'b.json')).toEqual({ ok: true, text })
  })

  it('refuses another encoding by name instead of reading "�" for every accented letter', () => {
    const latin1 = Uint8Array.from('{"name":"Ødegård"}', (c) => c.charCodeAt(0))
    const read = decodeBackupFile(latin1, 'edited.json')
    expect(read).toEqual({ ok: false, message: expect.stringContaining('“edited.json” is not a Talent Desk backup') })
    expect(read.ok || read.message).toContain('not UTF-8')
  })

  it('refuses UTF-8 cut inside a character, and UTF-16 cut inside a unit', () => {
    const utf8 = new TextEncoder().encode(text)
    const cut = utf8.slice(0, utf8.indexOf(0xc3) + 1)
    expect(decodeBackupFile(cut, 'cut.json').ok).toBe(false)
    const wide = utf16(text, false)
    expect(decodeBackupFile(wide.slice(0, wide.length - 1), 'cut.json').ok).toBe(false)
  })
})
