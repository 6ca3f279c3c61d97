import path from 'node:path'
import { threadId } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { entryHash } from '../../../electron/main/do-not-contact/person-hashes'
import { spawnKnownPeopleWorkerFromSource } from '../../../electron/main/known-people/known-people-worker-from-source'
import { readSalt } from '../../../electron/main/personal-data/tombstones'
import type { AtsPageBytes } from '../../../electron/main/platform/ports'
import { useMains, type TestMain } from '../services/helpers'

/*
 * An ATS pull's page reaches known-people as bytes (issue #39, "main never blocked > 50 ms"):
 * main never makes the page a string; the bytes' ArrayBuffer is transferred to the worker, which
 * decodes (UTF-8, a byte order mark dropped as fetch's text() drops it) and parses it. Over the
 * composed main's known-people port and SQLite on disk, with the worker from source and without
 * a worker (the in-thread list jobs).
 */

const start = useMains()

/** Stages and names past ASCII: two-, three- and four-byte UTF-8 (a surrogate pair once decoded). */
const STAGES = ['Entretien téléphonique', '一次面接 — 電話', 'Offer 🎉 signed']
const candidates = STAGES.map((stage, at) => ({
  id: 9_000_001 + at,
  first_name: ['Zoë', 'Łukasz', 'Ngọc'][at],
  last_name: ['Ångström', 'Żółć', 'Trần'][at],
  company: 'Ünicode GmbH',
  email_addresses: [{ value: `person${at}@bytes.example`, type: 'work' }],
  applications: [{ status: 'active', last_activity_at: '2026-11-01T00:00:00Z', current_stage: { name: stage } }],
  can_email: at !== 1
}))
const BOM = [0xef, 0xbb, 0xbf]

/** The page as the ATS sends it: UTF-8 JSON behind a byte order mark, in an ArrayBuffer of its own. */
function pageBytes(): Uint8Array<ArrayBuffer> {
  const json = new TextEncoder().encode(JSON.stringify(candidates))
  const bytes = new Uint8Array(BOM.length + json.byteLength)
  bytes.set(BOM)
  bytes.set(json, BOM.length)
  return bytes
}

function stages(main: TestMain, name: string): Array<{ ats_id: string; stage: string }> {
  const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return db
      .prepare(
        'SELECT p.ats_id, p.stage FROM known_people p JOIN known_people_lists l ON l.id = p.list_id WHERE l.name = ? ORDER BY p.ats_id'
      )
      .all(name) as Array<{ ats_id: string; stage: string }>
  } finally {
    db.close()
  }
}

function saltOf(main: TestMain): string {
  const db = new Database(path.join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return readSalt(db)!
  } finally {
    db.close()
  }
}

const target = (name: string) =>
  ({
    mode: 'full',
    name,
    connectionId: 'gh-bytes',
    source: 'ats:greenhouse',
    pulledAt: '2026-11-28T00:00:00.000Z'
  }) as const

describe('an ATS page handed to known-people as bytes', () => {
  it('is transferred to the worker (main’s bytes detached once it is sent) and arrives whole, decoded as UTF-8', async () => {
    const main = await start({ knownPeopleWorker: spawnKnownPeopleWorkerFromSource })
    const writer = main.services.knownPeople.writeAtsPages(target('ATS: Bytes'))
    const page: AtsPageBytes = { kind: 'greenhouse', bytes: pageBytes(), what: 'page 1 of candidates', stages: [] }
    const size = page.bytes.byteLength
    expect(page.bytes.byteOffset).toBe(0)
    expect(page.bytes.buffer.byteLength).toBe(size)
    const writing = writer.page(page)
    // posted with its buffer in the transfer list: nothing was copied, main keeps nothing
    expect(page.bytes.byteLength).toBe(0)
    expect(page.bytes.buffer.byteLength).toBe(0)
    const written = await writing
    expect(written.threadId).not.toBe(threadId)
    expect(written).toMatchObject({ people: 3, mayNotEmail: ['person1@bytes.example'] })
    // those it may email come as the do-not-contact list's own hashes of them (its salt, its rules)
    const salt = saltOf(main)
    expect(written.mayEmailHashes.sort()).toEqual(
      ['person0@bytes.example', 'person2@bytes.example'].map((email) => entryHash(salt, 'email', email)).sort()
    )
    await writer.finish()
    expect(stages(main, 'ATS: Bytes')).toEqual(candidates.map((c, at) => ({ ats_id: String(c.id), stage: STAGES[at] })))
    const [known] = main.services.knownPeople.check([{ name: 'Zoë Ångström', employer: 'Ünicode GmbH' }], 'gh-bytes')
    expect(known).toMatchObject({ atsId: '9000001', stage: 'Entretien téléphonique', by: 'name-employer' })
    // bytes that are not JSON are refused by the page's name
    const broken = main.services.knownPeople.writeAtsPages(target('ATS: Broken'))
    await expect(
      broken.page({
        kind: 'greenhouse',
        bytes: new TextEncoder().encode('[{"id": 1,'),
        what: 'page 4 of candidates',
        stages: []
      })
    ).rejects.toThrow("Greenhouse's page 4 of candidates was not JSON.")
    await broken.abandon()
  })

  it('a view into a larger buffer is copied before a buffer is sent: the larger one is not taken, the page arrives whole', async () => {
    const main = await start({ knownPeopleWorker: spawnKnownPeopleWorkerFromSource })
    const writer = main.services.knownPeople.writeAtsPages(target('ATS: Views'))
    const json = new TextEncoder().encode(JSON.stringify(candidates.slice(0, 1)))
    // the page in the middle of a buffer holding other bytes too
    const shared = new Uint8Array(json.byteLength + 2048).fill(0x2a)
    shared.set(json, 1024)
    const view = shared.subarray(1024, 1024 + json.byteLength)
    const written = await writer.page({ kind: 'greenhouse', bytes: view, what: 'page 1 of candidates', stages: [] })
    expect(written.people).toBe(1)
    // the larger buffer was neither transferred (detached) nor changed
    expect(shared.byteLength).toBe(json.byteLength + 2048)
    expect(shared.subarray(0, 1024).every((byte) => byte === 0x2a)).toBe(true)
    expect(view).toEqual(json)
    // a small Buffer is a view into Node's shared pool, whose slab holds other Buffers' bytes
    const pooled = Buffer.from(JSON.stringify(candidates.slice(1, 2)))
    const slab = pooled.buffer.byteLength
    expect(slab).toBeGreaterThan(pooled.byteLength)
    const again = await writer.page({
      kind: 'greenhouse',
      bytes: pooled as Uint8Array<ArrayBuffer>,
      what: 'page 2 of candidates',
      stages: []
    })
    expect(again.people).toBe(1)
    expect(pooled.buffer.byteLength).toBe(slab)
    expect(JSON.parse(pooled.toString())).toEqual(candidates.slice(1, 2))
    await writer.finish()
    expect(stages(main, 'ATS: Views')).toEqual([
      { ats_id: '9000001', stage: STAGES[0] },
      { ats_id: '9000002', stage: STAGES[1] }
    ])
  })

  it('without the worker (the in-thread list jobs) the same bytes are read the same way', async () => {
    const main = await start()
    const writer = main.services.knownPeople.writeAtsPages(target('ATS: Here'))
    const written = await writer.page({
      kind: 'greenhouse',
      bytes: pageBytes(),
      what: 'page 1 of candidates',
      stages: []
    })
    expect(written).toMatchObject({ people: 3, threadId })
    await writer.finish()
    expect(stages(main, 'ATS: Here')).toEqual(candidates.map((c, at) => ({ ats_id: String(c.id), stage: STAGES[at] })))
  })
})
