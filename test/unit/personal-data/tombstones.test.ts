import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { fileMentions } from '../../../electron/main/personal-data/file-mentions'
import { personHashes, tombstoneHash } from '../../../electron/main/personal-data/tombstones'

const salt = 'ab'.repeat(32)
const otherSalt = 'cd'.repeat(32)

describe('tombstone hashes', () => {
  it('match an email or handle however it is cased or padded, a key only as given', () => {
    expect(tombstoneHash(salt, 'email', ' Ana.Pena@Example.COM ')).toBe(
      tombstoneHash(salt, 'email', 'ana.pena@example.com')
    )
    expect(tombstoneHash(salt, 'handle', 'Ana-Pena')).toBe(tombstoneHash(salt, 'handle', 'ana-pena'))
    expect(tombstoneHash(salt, 'key', 'P_AbC')).not.toBe(tombstoneHash(salt, 'key', 'p_abc'))
  })

  it('differ by kind and by salt, and hold nothing of the value', () => {
    const hash = tombstoneHash(salt, 'email', 'ana@example.com')
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(tombstoneHash(salt, 'handle', 'ana@example.com')).not.toBe(hash)
    expect(tombstoneHash(otherSalt, 'email', 'ana@example.com')).not.toBe(hash)
  })

  it('a person leaves one hash per key, email and handle (blanks left out)', () => {
    const hashes = personHashes(salt, { key: 'k1', emails: ['a@x.io', 'A@X.io', ''], handles: ['ana'] })
    expect([...hashes.values()].sort()).toEqual(['email', 'handle', 'key'])
  })
})

describe('fileMentions', () => {
  const dirs: string[] = []
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
  })
  const file = (bytes: Buffer): string => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-mentions-'))
    dirs.push(dir)
    const at = path.join(dir, 'f')
    fs.writeFileSync(at, bytes)
    return at
  }

  it('finds a word cut by the reading pieces (1 MiB), whatever its ASCII case', () => {
    const filler = Buffer.alloc((1 << 20) - 3, 'x')
    const at = file(Buffer.concat([filler, Buffer.from('ANA PEÑA and more')]))
    expect(fileMentions(at, ['ana peña'])).toBe(true)
    expect(fileMentions(at, ['bo zhy'])).toBe(false)
    // words under three characters are never looked for (they would match anything)
    expect(fileMentions(at, ['xx'])).toBe(false)
  })
})
