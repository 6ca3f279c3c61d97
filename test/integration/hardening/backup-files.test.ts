import fc from 'fast-check'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { IpcResult } from '../../../shared/ipc/errors'
import { sendBackupFile } from '../../../renderer/src/sections/shortlists/backup-file'
import { BACKUP_CHUNK_CHARS } from '../../../shared/ipc/channels/export'
import { profiles, startMain, type TestMain } from '../services/helpers'
import { constructorObject, deepArray, deepObject, jsonText, protoObject } from './schema-arbitraries'
import { hardeningSeed, runs } from './seed'
import { prototypeKeys, watchStore, type StoreWitness } from './store-witness'

/*
 * Backup files as a recruiter might pick them: ours, re-saved in another encoding, truncated by a
 * failed copy, or hostile (wrong types anywhere, `__proto__` keys, huge or deep fields, not JSON
 * at all). The page decodes the file and sends it in pieces (renderer/src/sections/shortlists/backup-file.ts),
 * main previews and restores it. Each file is restored, or refused with a message that says why — and a refusal
 * leaves the store byte-for-byte as it was. (The app imports no CSV: CSV is export only.)
 */

const seed = hardeningSeed('backup-files')

let source: TestMain
let target: TestMain
let witness: StoreWitness
let backupBytes: Buffer
let backupText: string
const protoBefore = prototypeKeys()

beforeAll(async () => {
  source = await startMain()
  const a = await source.ok('createShortlist', { name: 'Désign — Kraków 👩‍💻' })
  const b = await source.ok('createShortlist', { name: '=HYPERLINK("http://evil.example")' })
  const added = await source.ok('addMembers', { shortlistId: a.id, profiles: profiles(6) })
  await source.ok('addMembers', { shortlistId: b.id, profiles: profiles(3, 9) })
  await source.ok('updateMember', {
    memberId: added.added[0]!,
    patch: { notes: 'Ødegård\u0000 “notes” +cmd|calc', tags: ['Zoë', '@SUM(1)'], rating: 4 }
  })
  const backup = await source.ok('backupShortlists', {})
  if (backup.cancelled || backup.target.kind !== 'download') throw new Error('expected a download')
  const download = source.services.downloads.take(backup.target.downloadId)!
  backupBytes = readFileSync(download.path)
  source.services.downloads.release(download)
  backupText = backupBytes.toString('utf8')

  target = await startMain()
  await target.ok('createShortlist', { name: 'Already here' })
  witness = watchStore(target.dataDir)
})
afterAll(async () => {
  witness.close()
  await source.close()
  await target.close()
})

type Outcome =
  { by: 'page'; message: string } | { by: 'main'; preview: IpcResult<{ problems: unknown[]; shortlists: number }> }

/** The page's part of Restore…: decode the file and send it to main in pieces (as BackupState does). */
async function upload(
  bytes: Uint8Array,
  name: string
): Promise<{ ok: true; uploadId: string } | { ok: false; message: string }> {
  const { uploadId } = await target.ok('startBackupUpload', {})
  const sent = await sendBackupFile(
    new Blob([new Uint8Array(bytes)]),
    name,
    BACKUP_CHUNK_CHARS,
    async (chunk, last) => {
      const reply = await target.call('appendBackupUpload', { uploadId, chunk, last })
      expect(reply.ok).toBe(true)
      return reply.ok
    }
  )
  if (sent.ok) return { ok: true, uploadId }
  await target.ok('discardBackupUpload', { uploadId })
  return { ok: false, message: 'message' in sent ? sent.message : 'stopped' }
}

/** What choosing `bytes` in Restore… does up to the preview (nothing is written to the store by it). */
async function choose(bytes: Uint8Array, name = 'backup.json'): Promise<Outcome> {
  const before = witness.fingerprint()
  const sent = await upload(bytes, name)
  if (!sent.ok) return { by: 'page', message: sent.message }
  const preview = await target.call('previewRestore', { uploadId: sent.uploadId })
  await target.ok('discardBackupUpload', { uploadId: sent.uploadId })
  expect(witness.fingerprint(), 'a preview writes nothing').toBe(before)
  return { by: 'main', preview }
}

/** A strict restore of `text` that must be refused, changing nothing. */
async function expectRefusedRestore(text: string, what: string): Promise<string> {
  const before = witness.fingerprint()
  const reply = await target.call('restoreShortlists', { json: text })
  expect(reply.ok, what).toBe(false)
  if (reply.ok) return ''
  expect(reply.error.code, `${what}: ${reply.error.message}`).toBe('invalid_input')
  expect(reply.error.message, what).toMatch(/backup|restored|damaged|JSON/i)
  expect(witness.fingerprint(), what).toBe(before)
  return reply.error.message
}

const utf16 = (text: string, bigEndian: boolean): Uint8Array => {
  const body = Buffer.from(text, 'utf16le')
  if (bigEndian) body.swap16()
  return Buffer.concat([Buffer.from(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]), body])
}

describe('backup files in other encodings', () => {
  it('reads ours as UTF-8, UTF-8 with a byte order mark, UTF-16LE and UTF-16BE alike', async () => {
    const variants = {
      'utf-8': backupBytes,
      'utf-8 bom': Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), backupBytes]),
      'utf-16le': utf16(backupText, false),
      'utf-16be': utf16(backupText, true)
    }
    for (const [encoding, bytes] of Object.entries(variants)) {
      const outcome = await choose(bytes)
      expect(outcome.by, encoding).toBe('main')
      if (outcome.by !== 'main') continue
      expect(outcome.preview, encoding).toMatchObject({ ok: true, data: { shortlists: 2, problems: [] } })
    }
    // and one of them restored: the names come back exactly
    const sent = await upload(variants['utf-16le'], 'b.json')
    if (!sent.ok) throw new Error(sent.message)
    const restored = await target.ok('restoreShortlists', { uploadId: sent.uploadId })
    // a restored upload is gone
    expect((await target.call('previewRestore', { uploadId: sent.uploadId })).ok).toBe(false)
    expect(restored.shortlists.map((list) => list.name).sort()).toEqual([
      '=HYPERLINK("http://evil.example")',
      'Désign — Kraków 👩‍💻'
    ])
    const list = restored.shortlists.find((entry) => entry.name.startsWith('Désign'))!
    const members = await target.ok('listMembers', { shortlistId: list.id })
    const noted = members.find((member) => member.notes !== '')!
    expect(noted.notes).toBe('Ødegård\u0000 “notes” +cmd|calc')
    expect(noted.tags).toEqual(['Zoë', '@SUM(1)'])
  })

  it('refuses a copy re-saved as Latin-1 by name, before anything is sent', async () => {
    const latin1 = Buffer.from(backupText, 'latin1')
    const outcome = await choose(latin1, 'edited.json')
    expect(outcome).toEqual({
      by: 'page',
      message: expect.stringContaining('“edited.json” is not a Talent Desk backup')
    })
  })
})

describe('truncated backup files', () => {
  it('a file cut anywhere is refused with a clear message and changes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: backupBytes.length - 2 }), async (length) => {
        const cut = backupBytes.subarray(0, length)
        const outcome = await choose(cut)
        if (outcome.by === 'page') {
          expect(outcome.message).toContain('is not a Talent Desk backup')
          return
        }
        expect(outcome.preview.ok, `cut at ${length}`).toBe(false)
        if (!outcome.preview.ok) expect(outcome.preview.error.code).toBe('invalid_input')
        await expectRefusedRestore(cut.toString('utf8'), `cut at ${length}`)
      }),
      runs(seed, 25)
    )
  })
})

describe('hostile backup files', () => {
  it('files that are not backups at all are refused, saying so', async () => {
    const files: Array<[string, Uint8Array]> = [
      ['empty', new Uint8Array()],
      ['a zip', Buffer.from('504b0304140000000800', 'hex')],
      ['a zip with a traversing entry', Buffer.concat([Buffer.from('504b0304', 'hex'), Buffer.from('../../.bashrc')])],
      ['a PNG', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
      ['null', Buffer.from('null')],
      ['an array', Buffer.from('[]')],
      ['an empty object', Buffer.from('{}')],
      ['a string', Buffer.from('"talent-desk/shortlists-backup"')],
      ['another format', Buffer.from('{"format":"other","version":1}')],
      ['a newer version', Buffer.from(backupText.replace('"version":2', '"version":99'))],
      ['the version as text', Buffer.from(backupText.replace('"version":2', '"version":"2"'))],
      [
        '__proto__ as the envelope',
        Buffer.from('{"__proto__":{"format":"talent-desk/shortlists-backup","version":2}}')
      ],
      ['deep nesting', Buffer.from(`${'['.repeat(100_000)}${']'.repeat(100_000)}`)],
      ['NUL bytes', Buffer.from('\u0000\u0000\u0000')]
    ]
    for (const [what, bytes] of files) {
      const outcome = await choose(bytes)
      if (outcome.by === 'page') continue
      expect(outcome.preview.ok, what).toBe(false)
      if (outcome.preview.ok) continue
      expect(outcome.preview.error.code, what).toBe('invalid_input')
      expect(outcome.preview.error.message, what).toMatch(/not a Talent Desk backup|newer version|damaged/)
      await expectRefusedRestore(Buffer.from(bytes).toString('utf8'), what)
    }
    expect(prototypeKeys()).toBe(protoBefore)
  })

  /** Every path into the parsed backup, objects and arrays alike. */
  function pathsOf(value: unknown, prefix: Array<string | number> = [], out: Array<Array<string | number>> = []) {
    if (value === null || typeof value !== 'object') return out
    for (const [key, inner] of Object.entries(value)) {
      const path = [...prefix, Array.isArray(value) ? Number(key) : key]
      out.push(path)
      pathsOf(inner, path, out)
    }
    return out
  }

  const hostile = (): unknown[] => [
    null,
    0,
    -1,
    1.5,
    '',
    '\uD800',
    'x'.repeat(2_000_000),
    [],
    {},
    true,
    protoObject(),
    constructorObject(),
    deepArray(3_000),
    deepObject(3_000),
    '../../../etc/passwd',
    '{"key":"someone-else"}',
    `{"key":"x",${'"a":['.repeat(1)}${'['.repeat(5_000)}${']'.repeat(5_001)}}`,
    '2024-13-45T99:99:99Z'
  ]

  it('a backup changed at one place is restored, partly restored or refused — never a crash, and a refusal changes nothing', async () => {
    const parsed = JSON.parse(backupText) as Record<string, unknown>
    const paths = pathsOf(parsed)
    const change = fc.oneof(
      fc.record({
        kind: fc.constant('replace' as const),
        path: fc.constantFrom(...paths),
        value: fc.nat({ max: hostile().length - 1 })
      }),
      fc.record({ kind: fc.constant('remove' as const), path: fc.constantFrom(...paths) }),
      fc.record({
        kind: fc.constant('add' as const),
        path: fc.constantFrom([], ...paths),
        key: fc.constantFrom('__proto__', 'constructor', 'prototype', 'surplus')
      })
    )
    await fc.assert(
      fc.asyncProperty(change, async (edit) => {
        const copy = JSON.parse(backupText) as Record<string | number, unknown>
        const at = edit.path
          .slice(0, -1)
          .reduce<Record<string | number, unknown>>((node, key) => node[key] as Record<string | number, unknown>, copy)
        const last = edit.path.at(-1)
        if (edit.kind === 'replace' && last !== undefined) {
          Object.defineProperty(at, last, { value: hostile()[edit.value], enumerable: true, writable: true })
        } else if (edit.kind === 'remove' && last !== undefined) {
          if (Array.isArray(at)) at.splice(Number(last), 1)
          else delete at[last]
        } else if (edit.kind === 'add') {
          const node = (last === undefined ? copy : at[last]) as Record<string, unknown>
          if (node === null || typeof node !== 'object' || Array.isArray(node)) return
          Object.defineProperty(node, edit.key, { value: { polluted: 'yes' }, enumerable: true, writable: true })
        }
        const text = jsonText(copy)!
        const what = `${edit.kind} at ${edit.path.join('.')}`
        const outcome = await choose(Buffer.from(text, 'utf8'))
        expect(outcome.by, what).toBe('main')
        if (outcome.by !== 'main') return
        const { preview } = outcome
        if (!preview.ok) {
          expect(preview.error.code, `${what}: ${preview.error.message}`).toBe('invalid_input')
          await expectRefusedRestore(text, what)
        } else if (preview.data.problems.length > 0) {
          // a damaged record: the strict restore is refused as a whole; the partial one restores the rest
          await expectRefusedRestore(text, what)
          const partial = await target.call('restoreShortlists', { json: text, partial: true })
          expect(partial, what).toMatchObject({ ok: true, data: { skipped: preview.data.problems } })
        } else {
          const restored = await target.call('restoreShortlists', { json: text })
          expect(restored, `${what}: ${JSON.stringify(restored).slice(0, 400)}`).toMatchObject({ ok: true })
        }
        expect(prototypeKeys(), what).toBe(protoBefore)
        expect(({} as Record<string, unknown>).polluted, what).toBeUndefined()
      }),
      runs(seed, 25)
    )
    expect(target.logs.filter((record) => record.event === 'ipc.handler_failed')).toEqual([])
  })

  it('what the preview calls clean, the restore restores: over-long notes and lone surrogates', async () => {
    // Notes past the store's 100,000 characters passed the preview and failed the restore.
    const long = JSON.parse(backupText) as { shortlists: Array<{ id: string; members: Array<{ notes: string }> }> }
    long.shortlists[0]!.id = 'long-notes'
    long.shortlists[0]!.members[0]!.notes = 'n'.repeat(100_001)
    const longText = JSON.stringify(long)
    const preview = await target.ok('previewRestore', { json: longText })
    expect(preview.problems).toEqual([expect.objectContaining({ reason: expect.stringContaining('notes') })])
    await expectRefusedRestore(longText, 'notes too long')
    const partial = await target.ok('restoreShortlists', { json: longText, partial: true })
    expect(partial.skipped).toHaveLength(1)

    // Escaped halves of surrogate pairs (an edited file, or tags an older version kept) come back
    // as U+FFFD in the preview and the restore alike; the backup's profile JSON is untouched.
    const broken = JSON.parse(backupText) as {
      stages: Array<{ name: string }>
      shortlists: Array<{ id: string; name: string; members: Array<{ notes: string; tags: string[]; stage: string }> }>
    }
    broken.shortlists[0]!.id = 'surrogates'
    broken.shortlists[0]!.name = 'List \uD800'
    broken.shortlists[0]!.members[0]!.notes = 'note \uDFFF'
    broken.shortlists[0]!.members[0]!.tags = ['tag \uDBFF']
    // JSON.stringify writes a lone surrogate as an escape, as an edited file would hold it
    const brokenText = JSON.stringify(broken)
    expect(brokenText).toContain('List \\ud800')
    const clean = await target.ok('previewRestore', { json: brokenText })
    expect(clean.problems).toEqual([])
    const restored = await target.ok('restoreShortlists', { json: brokenText })
    const list = restored.shortlists.find((entry) => entry.originalId === 'surrogates')!
    expect(list.name).toBe('List \uFFFD')
    const members = await target.ok('listMembers', { shortlistId: list.id })
    const noted = members.find((member) => member.notes.startsWith('note'))!
    expect(noted.notes).toBe('note \uFFFD')
    expect(noted.tags).toEqual(['tag \uFFFD'])
  })

  it('a shortlist restored with a path for a name exports under a safe file name', async () => {
    const copy = JSON.parse(backupText) as { shortlists: Array<{ id: string; name: string }> }
    copy.shortlists[0]!.id = 'traversal'
    copy.shortlists[0]!.name = '../../../etc/passwd'
    const restored = await target.ok('restoreShortlists', { json: JSON.stringify(copy), partial: true })
    const list = restored.shortlists.find((entry) => entry.name.includes('passwd'))!
    const exported = await target.ok('exportCsv', {
      exportId: 'traversal',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'basic' }
    })
    if (exported.cancelled || exported.target.kind !== 'download') throw new Error('expected a download')
    expect(exported.target.fileName).not.toMatch(/[\\/]/)
    expect(exported.target.fileName).toMatch(/passwd/)
  })
})
