import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { openDatabase, openStore, STORE_FILE_NAME, storeFilePath } from '../../../electron/main/store'
import { migrations } from '../../../electron/main/store/migrations'
import { damageMiddlePage, sha256 } from '../store/helpers'
import { ManualClock, profiles, tempDir, useMains } from './helpers'

// A refused data file at start, and the recruiter's ways out, through the router on real files.
const start = useMains()

function garbageStore(dataDir: string): string {
  const file = storeFilePath(dataDir)
  fs.writeFileSync(file, 'this is not a database '.repeat(400))
  return file
}

/** A real store with a shortlist of 300 people, closed so the main file holds everything. */
function populatedStore(dataDir: string, name = 'Backend'): string {
  const store = openStore({ dataDir, clock: new ManualClock() })
  const list = store.shortlists.create(name)
  store.members.addMany(
    list.id,
    profiles(300).map((profile) => ({ profile, notes: 'note '.repeat(40) }))
  )
  store.close()
  return storeFilePath(dataDir)
}

describe('a refused data file at start', () => {
  it('uses the file name the store opens', () => {
    expect(STORE_FILE_NAME).toBe('talent-desk.sqlite')
  })

  it('reports a garbage file as store_corrupt, refuses shortlist calls, and moves it aside on request', async () => {
    const dataDir = tempDir()
    const file = garbageStore(dataDir)
    const before = sha256(file)
    const main = await start({ dataDir })

    const status = await main.ok('getStoreStatus', {})
    expect(status).toMatchObject({ state: 'refused', code: 'store_corrupt', file, copies: [], canMoveAside: true })
    if (status.state !== 'refused') throw new Error('expected refused')
    expect(status.message).toMatch(/damaged/)
    expect(status.message).toMatch(/Move it aside/)
    expect(status.technical).toContain(file)
    expect(await main.fail('listShortlists', {})).toMatchObject({ code: 'store_error' })
    expect(await main.fail('createShortlist', { name: 'x' })).toMatchObject({ code: 'store_error' })
    expect(sha256(file)).toBe(before)

    const recovered = await main.ok('recoverStore', { action: 'moveAside' })
    expect(recovered.status).toEqual({ state: 'open', file })
    const movedTo = recovered.movedTo ?? ''
    expect(path.dirname(movedTo)).toBe(dataDir)
    expect(path.basename(movedTo)).toMatch(/^talent-desk\.sqlite\.corrupt-/)
    expect(sha256(movedTo)).toBe(before)
    expect(sha256(file)).not.toBe(before)

    expect(await main.ok('getStoreStatus', {})).toEqual({ state: 'open', file })
    expect(await main.ok('listShortlists', {})).toEqual([])
    const list = await main.ok('createShortlist', { name: 'Fresh start' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(2) })
    expect((await main.ok('listShortlists', {})).map((s) => [s.name, s.memberCount])).toEqual([['Fresh start', 2]])
    // Once open, there is nothing to recover: the working file is never moved by mistake.
    expect(await main.fail('recoverStore', { action: 'moveAside' })).toMatchObject({ code: 'conflict' })
    expect(sha256(movedTo)).toBe(before)
  })

  it('reports a failed integrity_check as store_corrupt and leaves the file byte for byte', async () => {
    const dataDir = tempDir()
    const file = populatedStore(dataDir)
    damageMiddlePage(file)
    const before = sha256(file)
    const listing = fs.readdirSync(dataDir).sort()

    const main = await start({ dataDir })
    const status = await main.ok('getStoreStatus', {})
    expect(status).toMatchObject({ state: 'refused', code: 'store_corrupt', canMoveAside: true })
    if (status.state !== 'refused') throw new Error('expected refused')
    expect(status.technical).toMatch(/integrity check/)
    expect(await main.fail('listShortlists', {})).toMatchObject({ code: 'store_error' })
    await main.close()
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dataDir).sort()).toEqual(listing)
  })

  it('reports a file from a newer app as store_newer_than_app, leaves it untouched, and moves it aside only when asked', async () => {
    const dataDir = tempDir()
    const file = populatedStore(dataDir)
    const raw = new Database(file)
    raw.pragma('user_version = 99')
    raw.close()
    const before = sha256(file)
    const listing = fs.readdirSync(dataDir).sort()

    const main = await start({ dataDir })
    const status = await main.ok('getStoreStatus', {})
    expect(status).toMatchObject({ state: 'refused', code: 'store_newer_than_app', file, canMoveAside: true })
    if (status.state !== 'refused') throw new Error('expected refused')
    expect(status.message).toMatch(/newer version of Talent Desk/)
    expect(status.message).toMatch(/Update Talent Desk/)
    expect(status.message).toContain(`data format 99; this version reads up to ${migrations.at(-1)?.version}`)
    expect(await main.fail('listShortlists', {})).toMatchObject({
      code: 'store_error',
      details: { storeCode: 'store_newer_than_app' }
    })
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dataDir).sort()).toEqual(listing)

    // The explicit choice: start over; the newer file is kept, unchanged, under its new name.
    const recovered = await main.ok('recoverStore', { action: 'moveAside' })
    expect(recovered.status.state).toBe('open')
    expect(sha256(recovered.movedTo ?? '')).toBe(before)
    const kept = new Database(recovered.movedTo ?? '', { readonly: true })
    expect(kept.pragma('user_version', { simple: true })).toBe(99)
    kept.close()
    expect(await main.ok('listShortlists', {})).toEqual([])
  })

  it('restores only a copy it listed: any other path is invalid_input and nothing changes', async () => {
    const dataDir = tempDir()
    const file = garbageStore(dataDir)
    const outside = path.join(tempDir('td-outside-'), 'talent-desk.sqlite.pre-v2-from-v1.2026-03-01T10-00-00-000Z.bak')
    fs.copyFileSync(populatedStore(path.dirname(outside)), outside)
    const before = sha256(file)
    const listing = fs.readdirSync(dataDir).sort()
    const main = await start({ dataDir })

    for (const candidate of [outside, '/etc/passwd', path.join(dataDir, 'talent-desk.sqlite'), `${file}/../x.bak`]) {
      const error = await main.fail('recoverStore', { action: 'restoreCopy', path: candidate })
      expect(error.code).toBe('invalid_input')
      expect(error.message).toMatch(/not one of the copies/)
    }
    expect(await main.fail('recoverStore', { action: 'restoreCopy' })).toMatchObject({ code: 'invalid_input' })
    expect(await main.fail('recoverStore', { action: 'moveAside', path: outside })).toMatchObject({
      code: 'invalid_input'
    })
    expect(await main.fail('recoverStore', { action: 'deleteIt' })).toMatchObject({ code: 'invalid_input' })
    expect(sha256(file)).toBe(before)
    expect(fs.readdirSync(dataDir).sort()).toEqual(listing)
    expect((await main.ok('getStoreStatus', {})).state).toBe('refused')
  })

  it('restores a real pre-migration copy in place of a damaged file, keeping both', async () => {
    const dataDir = tempDir()
    const file = storeFilePath(dataDir)
    const madeAt = new ManualClock('2026-03-01T08:30:00.000Z')
    const v1 = openDatabase({ path: file, migrations: migrations.slice(0, 1), clock: madeAt })
    v1.db.prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Kept', 'x', 'x')").run()
    v1.close()
    openDatabase({ path: file, clock: madeAt }).close() // the upgrade writes the pre-migration copy
    fs.rmSync(`${file}-wal`, { force: true })
    fs.rmSync(`${file}-shm`, { force: true })
    garbageStore(dataDir)
    const damaged = sha256(file)

    const main = await start({ dataDir })
    const status = await main.ok('getStoreStatus', {})
    if (status.state !== 'refused') throw new Error('expected refused')
    expect(status.code).toBe('store_corrupt')
    expect(status.copies).toHaveLength(1)
    const [copy] = status.copies
    expect(copy).toMatchObject({ createdAt: '2026-03-01T08:30:00.000Z', fromVersion: 1 })
    expect(path.dirname(copy?.path ?? '')).toBe(dataDir)
    const copyHash = sha256(copy?.path ?? '')

    const recovered = await main.ok('recoverStore', { action: 'restoreCopy', path: copy?.path ?? '' })
    expect(recovered.restoredFrom).toBe(copy?.path)
    expect(recovered.status.state).toBe('open')
    expect(sha256(recovered.movedTo ?? '')).toBe(damaged)
    expect(sha256(copy?.path ?? '')).toBe(copyHash)
    expect((await main.ok('listShortlists', {})).map((s) => s.name)).toEqual(['Kept'])
    const list = await main.ok('createShortlist', { name: 'After the restore' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: profiles(1) })
  })

  it('keeps the failure when the restored copy will not open either, and loses nothing', async () => {
    const dataDir = tempDir()
    const file = garbageStore(dataDir)
    const copy = `${file}.pre-v2-from-v1.2026-02-01T00-00-00-000Z.bak`
    fs.writeFileSync(copy, 'also not a database '.repeat(100))
    const damaged = sha256(file)
    const copyHash = sha256(copy)

    const main = await start({ dataDir })
    const recovered = await main.ok('recoverStore', { action: 'restoreCopy', path: copy })
    expect(recovered.status).toMatchObject({ state: 'refused', code: 'store_corrupt' })
    expect(sha256(recovered.movedTo ?? '')).toBe(damaged)
    expect(sha256(copy)).toBe(copyHash)
    expect(sha256(file)).toBe(copyHash)
    expect(await main.fail('listShortlists', {})).toMatchObject({ code: 'store_error' })
  })

  it('never overwrites a file moved aside earlier, even at the same instant', async () => {
    const dataDir = tempDir()
    const clock = new ManualClock('2026-04-01T12:00:00.000Z')
    garbageStore(dataDir)
    const first = await start({ dataDir, clock })
    const one = (await first.ok('recoverStore', { action: 'moveAside' })).movedTo ?? ''
    await first.close()

    const file = garbageStore(dataDir)
    fs.appendFileSync(file, 'second')
    const second = await start({ dataDir, clock })
    const two = (await second.ok('recoverStore', { action: 'moveAside' })).movedTo ?? ''
    expect(two).not.toBe(one)
    expect(fs.readFileSync(one, 'utf8').endsWith('second')).toBe(false)
    expect(fs.readFileSync(two, 'utf8').endsWith('second')).toBe(true)
  })

  it('answers open for a healthy store, and refuses to recover it', async () => {
    const main = await start()
    const file = storeFilePath(main.dataDir)
    expect(await main.ok('getStoreStatus', {})).toEqual({ state: 'open', file })
    for (const input of [{ action: 'moveAside' }, { action: 'reopen' }] as const) {
      expect(await main.fail('recoverStore', input)).toMatchObject({ code: 'conflict' })
    }
    expect(fs.readdirSync(main.dataDir).filter((name) => name.includes('.corrupt-'))).toEqual([])
  })

  it('offers no move aside for an unreadable path, only trying again', async () => {
    const dataDir = tempDir()
    const file = storeFilePath(dataDir)
    fs.mkdirSync(file)
    fs.writeFileSync(path.join(file, 'inside.txt'), 'kept')
    const main = await start({ dataDir })
    const status = await main.ok('getStoreStatus', {})
    expect(status).toMatchObject({ state: 'refused', code: 'store_unreadable', canMoveAside: false })
    if (status.state !== 'refused') throw new Error('expected refused')
    expect(status.message).toMatch(/Try again/)
    expect(await main.fail('recoverStore', { action: 'moveAside' })).toMatchObject({ code: 'conflict' })
    expect(fs.statSync(file).isDirectory()).toBe(true)
    expect(fs.readFileSync(path.join(file, 'inside.txt'), 'utf8')).toBe('kept')
  })

  it('tries the same file again on reopen, and opens it once the recruiter has put a good one back', async () => {
    const dataDir = tempDir()
    const file = garbageStore(dataDir)
    const before = sha256(file)
    const main = await start({ dataDir })
    const again = await main.ok('recoverStore', { action: 'reopen' })
    expect(again).toMatchObject({ status: { state: 'refused', code: 'store_corrupt' } })
    expect(again.movedTo).toBeUndefined()
    expect(sha256(file)).toBe(before)

    const elsewhere = tempDir()
    fs.rmSync(file)
    fs.copyFileSync(populatedStore(elsewhere, 'Put back by hand'), file)
    const reopened = await main.ok('recoverStore', { action: 'reopen' })
    expect(reopened.status.state).toBe('open')
    expect((await main.ok('listShortlists', {})).map((s) => [s.name, s.memberCount])).toEqual([
      ['Put back by hand', 300]
    ])
  })
})
