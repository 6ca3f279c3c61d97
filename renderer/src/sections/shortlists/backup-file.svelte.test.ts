import { describe, expect, it } from 'vitest'
import { sendBackupFile, type SentBackupFile } from './backup-file'

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

/** Sends `bytes` as a file in pieces of `pieceChars`; answers the pieces and the outcome. */
async function send(bytes: Uint8Array, name = 'b.json', pieceChars = 1_000) {
  const pieces: { piece: string; last: boolean }[] = []
  const sent: SentBackupFile = await sendBackupFile(
    new Blob([new Uint8Array(bytes)]),
    name,
    pieceChars,
    async (piece, last) => {
      pieces.push({ piece, last })
      return true
    }
  )
  return { sent, pieces, text: pieces.map((p) => p.piece).join('') }
}

describe('sendBackupFile', () => {
  it('reads UTF-8, with or without a byte order mark, and UTF-16 by its mark', async () => {
    const utf8 = new TextEncoder().encode(text)
    for (const bytes of [utf8, new Uint8Array([0xef, 0xbb, 0xbf, ...utf8]), utf16(text, false), utf16(text, true)]) {
      const read = await send(bytes)
      expect(read.sent).toEqual({ ok: true })
      expect(read.text).toBe(text)
      expect(read.pieces.map((p) => p.last)).toEqual([true])
    }
  })

  it('cuts a large file into pieces within the limit, never inside a character, the last one marked', async () => {
    // every kind of character at every offset against the slice edges: 1-, 2-, 3- and 4-byte UTF-8
    const big = 'aé—👩‍💻'.repeat(3_000)
    for (const bytes of [new TextEncoder().encode(big), utf16(big, false), utf16(big, true)]) {
      const read = await send(bytes, 'big.json', 100)
      expect(read.sent).toEqual({ ok: true })
      expect(read.text).toBe(big)
      expect(read.pieces.length).toBeGreaterThan(100)
      expect(Math.max(...read.pieces.map((p) => p.piece.length))).toBeLessThanOrEqual(100)
      expect(read.pieces.filter((p) => p.last)).toHaveLength(1)
      expect(read.pieces.at(-1)!.last).toBe(true)
      // no piece starts with the second half of a surrogate pair
      expect(read.pieces.some((p) => /^[\udc00-\udfff]/.test(p.piece))).toBe(false)
    }
  })

  it('refuses another encoding by name instead of reading "�" for every accented letter', async () => {
    const latin1 = Uint8Array.from('{"name":"Ødegård"}', (c) => c.charCodeAt(0))
    const read = await send(latin1, 'edited.json')
    expect(read.sent).toEqual({
      ok: false,
      message: expect.stringContaining('“edited.json” is not a Talent Desk backup')
    })
    expect('message' in read.sent && read.sent.message).toContain('not UTF-8')
  })

  it('refuses UTF-8 cut inside a character, and UTF-16 cut inside a unit', async () => {
    const utf8 = new TextEncoder().encode(text)
    expect((await send(utf8.slice(0, utf8.indexOf(0xc3) + 1), 'cut.json')).sent.ok).toBe(false)
    const wide = utf16(text, false)
    expect((await send(wide.slice(0, wide.length - 1), 'cut.json')).sent).toEqual({
      ok: false,
      message: expect.stringContaining('damaged UTF-16LE')
    })
  })

  it('stops when the receiver refuses a piece', async () => {
    let calls = 0
    const sent = await sendBackupFile(new Blob(['x'.repeat(1_000)]), 'b.json', 100, async () => ++calls < 3)
    expect(sent).toEqual({ ok: false, stopped: true })
    expect(calls).toBe(3)
  })

  it('sends an empty file as one empty last piece (the restore then says it is not a backup)', async () => {
    const read = await send(new Uint8Array())
    expect(read.sent).toEqual({ ok: true })
    expect(read.pieces).toEqual([{ piece: '', last: true }])
  })
})
