import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { parse as parseCsv } from 'csv-parse/sync'
import { describe, expect, it } from 'vitest'
import { STORE_FILE_NAME } from '../../../electron/main/store/database'
import { parseJson, stringifyJson } from '../../../shared/json'
import { profiles, ScriptedDialogs, tempDir, useMains, type TestMain } from './helpers'

// One damaged, huge-integer or absurdly deep record must never sink the rest: opening, export,
// backup, restore and adding in bulk each keep every good record and name the bad one.

const start = useMains()
const BIG = 9007199254740993n // 2^53 + 1: a number cannot hold it, JSON.parse rounds it

/** Overwrites a few bytes of one saved profile inside the SQLite file; the file stays valid SQLite. */
function damageProfileBytes(dataDir: string, marker: string): void {
  const file = path.join(dataDir, STORE_FILE_NAME)
  const bytes = fs.readFileSync(file)
  const at = bytes.indexOf(Buffer.from(marker, 'utf8'))
  expect(at, 'marker found in the store file').toBeGreaterThan(0)
  expect(bytes.indexOf(Buffer.from(marker, 'utf8'), at + 1), 'marker is unique').toBe(-1)
  Buffer.from('\u0000}{\u00ff', 'latin1').copy(bytes, at)
  fs.writeFileSync(file, bytes)
  const raw = new Database(file, { readonly: true })
  try {
    expect(raw.pragma('integrity_check', { simple: true })).toBe('ok')
  } finally {
    raw.close()
  }
}

async function withDamagedMember(out: string): Promise<{ main: TestMain; shortlistId: string; memberId: number }> {
  const dataDir = tempDir()
  const first = await start({ dataDir })
  const list = await first.ok('createShortlist', { name: 'Backend' })
  const damaged = { ...profiles(1, 9)[0]!, key: 'dana', full_name: 'Dana Damaged', marker: 'DAMAGE-THIS-PROFILE' }
  const { added } = await first.ok('addMembers', { shortlistId: list.id, profiles: [...profiles(4), damaged] })
  await first.ok('updateMember', { memberId: added[4]!, patch: { notes: 'Call back on Monday', rating: 4 } })
  await first.close()
  damageProfileBytes(dataDir, 'DAMAGE-THIS-PROFILE')
  const dialogs = new ScriptedDialogs()
    .answer(path.join(out, 'export.csv'))
    .answer(path.join(out, 'backup.json'))
    .answer(path.join(out, 'big.csv'))
  const main = await start({ dataDir, fileDialogs: dialogs })
  return { main, shortlistId: list.id, memberId: added[4]! }
}

describe('a damaged saved profile', () => {
  it('opens with what can be read and says what could not', async () => {
    const { main, memberId } = await withDamagedMember(tempDir('td-trust-out-'))
    const detail = await main.ok('getMember', { memberId })
    expect(detail).toMatchObject({ name: 'Dana Damaged', notes: 'Call back on Monday', rating: 4, profile: {} })
    expect(detail.summary.name).toBe('Dana Damaged')
    expect(detail.problems).toHaveLength(1)
    expect(detail.problems[0]).toMatch(/cannot be read.*notes, tags, stage and rating are intact/i)
    expect(detail.problems[0]).not.toContain(main.dataDir)
  })

  it('exports every readable row and names the one it could not write', async () => {
    const out = tempDir('td-trust-out-')
    const { main, shortlistId } = await withDamagedMember(out)
    const result = await main.ok('exportCsv', {
      exportId: 'x',
      source: { kind: 'shortlist', shortlistId },
      columns: { preset: 'basic' }
    })
    expect(result).toMatchObject({
      cancelled: false,
      rows: 4,
      unreadable: [{ name: 'Dana Damaged', profileKey: 'dana' }]
    })
    const rows = parseCsv(fs.readFileSync(path.join(out, 'export.csv'), 'utf8'), { bom: true, columns: true })
    expect(rows).toHaveLength(4)
  })

  it('backs up what can be read, checks the file, and the file restores whole', async () => {
    const out = tempDir('td-trust-out-')
    const { main } = await withDamagedMember(out)
    await main.ok('exportCsv', {
      exportId: 'skip',
      source: { kind: 'shortlist', shortlistId: (await main.ok('listShortlists', {}))[0]!.id },
      columns: { preset: 'basic' }
    })
    const backup = await main.ok('backupShortlists', {})
    expect(backup).toMatchObject({
      cancelled: false,
      members: 5,
      damaged: [{ shortlist: 'Backend', person: 'Dana Damaged' }]
    })
    const json = fs.readFileSync(path.join(out, 'backup.json'), 'utf8')
    const elsewhere = await start()
    expect(await elsewhere.ok('previewRestore', { json })).toEqual({
      shortlists: 1,
      members: 5,
      recentlyDeleted: { shortlists: 0, members: 0 },
      forgotten: 0,
      problems: []
    })
    const summary = await elsewhere.ok('restoreShortlists', { json })
    expect(summary).toMatchObject({ members: 5, skipped: [] })
    const members = await elsewhere.ok('listMembers', { shortlistId: summary.shortlists[0]!.id })
    const dana = members.find((member) => member.name === 'Dana Damaged')
    expect(dana).toMatchObject({ notes: 'Call back on Monday', rating: 4 })
  })
})

describe('a backup with some unreadable records', () => {
  async function damagedBackup(): Promise<{ json: string; main: TestMain }> {
    const out = tempDir('td-trust-out-')
    const main = await start({ fileDialogs: new ScriptedDialogs().answer(path.join(out, 'b.json')) })
    const a = await main.ok('createShortlist', { name: 'Backend' })
    const b = await main.ok('createShortlist', { name: 'Design' })
    await main.ok('addMembers', { shortlistId: a.id, profiles: profiles(5) })
    await main.ok('addMembers', { shortlistId: b.id, profiles: profiles(3, 2) })
    await main.ok('backupShortlists', {})
    const backup = JSON.parse(fs.readFileSync(path.join(out, 'b.json'), 'utf8')) as {
      shortlists: Array<{ members: Array<Record<string, unknown>> }>
    }
    const broken = backup.shortlists[0]!.members[1]!
    broken.profileJson = (broken.profileJson as string).slice(0, 40)
    let deep = `{"key":"${String(backup.shortlists[1]!.members[0]!.profileKey)}","x":`
    deep += '['.repeat(100_000) + ']'.repeat(100_000) + '}'
    backup.shortlists[1]!.members[0]!.profileJson = deep
    return { json: JSON.stringify(backup), main }
  }

  it('offers to restore everything readable and lists the rest by shortlist and person', async () => {
    const { json } = await damagedBackup()
    const target = await start()
    const preview = await target.ok('previewRestore', { json })
    expect(preview.shortlists).toBe(2)
    expect(preview.members).toBe(6)
    expect(preview.problems).toEqual([
      { shortlist: 'Backend', person: 'p-1-1', reason: 'The profile is not valid JSON.' },
      {
        shortlist: 'Design',
        person: 'p-2-0',
        reason: 'The profile is nested more than 100 levels deep, so it was not saved.'
      }
    ])

    const strict = await target.fail('restoreShortlists', { json })
    expect(strict).toMatchObject({ code: 'invalid_input', details: { storeCode: 'backup_invalid' } })
    expect(await target.ok('listShortlists', {})).toEqual([])

    const summary = await target.ok('restoreShortlists', { json, partial: true })
    expect(summary.members).toBe(6)
    expect(summary.skipped).toHaveLength(2)
    // The app keeps answering, and every restored person opens.
    for (const list of await target.ok('listShortlists', {})) {
      for (const member of await target.ok('listMembers', { shortlistId: list.id })) {
        expect((await target.ok('getMember', { memberId: member.id })).problems).toEqual([])
      }
    }
  })
})

describe('bounds on what is saved', () => {
  it('refuses only the profile nested 100,000 levels deep, and names it', async () => {
    const main = await start()
    const list = await main.ok('createShortlist', { name: 'Deep' })
    let nested: unknown = 'bottom'
    for (let i = 0; i < 100_000; i++) nested = [nested]
    const deep = { key: 'deep', full_name: 'Dee Nested', x: nested }
    const result = await main.ok('addMembers', { shortlistId: list.id, profiles: [...profiles(2), deep] })
    expect(result.added).toHaveLength(2)
    expect(result.rejected).toEqual([
      {
        index: 2,
        key: 'deep',
        name: 'Dee Nested',
        reason: 'The profile is nested more than 100 levels deep, so it was not saved.'
      }
    ])
    expect(await main.ok('listMembers', { shortlistId: list.id })).toHaveLength(2)
  })
})

describe('int64 values beyond 2^53', () => {
  it('saves a batch of 5,000 with one huge id and one bad record, and keeps the id exact everywhere', async () => {
    const out = tempDir('td-trust-out-')
    const dialogs = new ScriptedDialogs().answer(path.join(out, 'ids.csv')).answer(path.join(out, 'ids.json'))
    const main = await start({ fileDialogs: dialogs })
    const list = await main.ok('createShortlist', { name: 'Academics' })
    const batch: unknown[] = profiles(4_998)
    const scholar = { key: 'scholar', full_name: 'Ada Scholar', co_authors: [{ id: BIG, display_name: 'Co Author' }] }
    batch.splice(1_000, 0, scholar)
    batch.splice(3_000, 0, { full_name: 'Nobody Keyless' })
    const result = await main.ok('addMembers', { shortlistId: list.id, profiles: batch })
    expect(result.added).toHaveLength(4_999)
    expect(result.rejected).toEqual([
      { index: 3_000, name: 'Nobody Keyless', reason: 'The profile has no key (nor li_id), so it cannot be saved.' }
    ])

    const member = (await main.ok('listMembers', { shortlistId: list.id })).find((m) => m.profileKey === 'scholar')!
    const detail = await main.ok('getMember', { memberId: member.id })
    expect((detail.profile.co_authors as Array<{ id: unknown }>)[0]!.id).toBe(BIG)

    await main.ok('exportCsv', {
      exportId: 'ids',
      source: { kind: 'members', memberIds: [member.id] },
      columns: { columns: [{ header: 'Co-authors', path: 'profile.co_authors' }] }
    })
    expect(fs.readFileSync(path.join(out, 'ids.csv'), 'utf8')).toContain('9007199254740993')

    await main.ok('backupShortlists', {})
    const json = fs.readFileSync(path.join(out, 'ids.json'), 'utf8')
    expect(json).toContain('\\"id\\":9007199254740993')
    const elsewhere = await start()
    const restored = await elsewhere.ok('restoreShortlists', { json })
    const again = (await elsewhere.ok('listMembers', { shortlistId: restored.shortlists[0]!.id })).find(
      (m) => m.profileKey === 'scholar'
    )!
    const reread = await elsewhere.ok('getMember', { memberId: again.id })
    expect((reread.profile.co_authors as Array<{ id: unknown }>)[0]!.id).toBe(BIG)
  })

  it('parses exactly only when a long integer is present, and writes BigInt back as digits', () => {
    expect(parseJson('{"a":1,"b":[2.5,"x"]}')).toEqual({ a: 1, b: [2.5, 'x'] })
    const value = parseJson('{"id":9007199254740993,"small":12,"ratio":1.5,"text":"12345678901234567"}') as Record<
      string,
      unknown
    >
    expect(value).toEqual({ id: BIG, small: 12, ratio: 1.5, text: '12345678901234567' })
    expect(stringifyJson(value)).toBe('{"id":9007199254740993,"small":12,"ratio":1.5,"text":"12345678901234567"}')
    expect(stringifyJson({ plain: true })).toBe('{"plain":true}')
  })
})
