import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openStore } from '../../../electron/main/store'
import { SANDBOX_CONNECTION_ID } from '../../../electron/main/connections/connections-service'
import { makeProfile, ManualClock, startMain, tempDir, type TestMain } from '../services/helpers'
import { prototypeKeys } from './store-witness'

/*
 * Profile keys are the service's strings: `__proto__`, `constructor` and `toString` are keys like
 * any other. Every answer keyed by profile key holds them as plain entries, and nothing reaches
 * Object.prototype. One exception, on purpose: zod's records skip a `__proto__` key (rather than
 * assign it), so the router's output check leaves that one key out of a keyed answer.
 */

const inRecords = (key: string) => key !== '__proto__'

const hostileKeys = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf']

describe('profile keys named like Object.prototype members', () => {
  let main: TestMain
  let shortlistId: string
  const protoBefore = prototypeKeys()

  beforeAll(async () => {
    const dataDir = tempDir()
    // Contact results already bought for these keys, as a purchase would have saved them.
    const store = openStore({ dataDir, clock: new ManualClock() })
    for (const key of hostileKeys) {
      store.contacts.saveResponse(
        { results: [{ request: { key }, emails: [{ email: `${key}@x.example` }], phone_numbers: [] }] },
        { profileKeys: [key], contactType: 'Email', requestType: 'New', connectionId: SANDBOX_CONNECTION_ID }
      )
    }
    store.close()
    main = await startMain({ dataDir })
    shortlistId = (await main.ok('createShortlist', { name: 'Keys' })).id
    const people = hostileKeys.map((key, i) => ({ ...makeProfile(i), key }))
    const added = await main.ok('addMembers', { shortlistId, profiles: people })
    expect(added.rejected).toEqual([])
  })
  afterAll(() => main.close())

  it('contactsFor answers every key, as its own entry', async () => {
    // It answered `internal`: `out[key] ??= []` found Object.prototype under `__proto__` and called push on it.
    const found = await main.ok('contactsFor', { keys: hostileKeys })
    expect(Object.hasOwn(found, '__proto__')).toBe(false)
    for (const key of hostileKeys.filter(inRecords)) {
      expect(Object.hasOwn(found, key), key).toBe(true)
      expect(found[key], key).toHaveLength(1)
    }
    expect(prototypeKeys()).toBe(protoBefore)
  })

  it('shortlistsForKeys answers every key, as its own entry', async () => {
    const found = await main.ok('shortlistsForKeys', { keys: hostileKeys })
    expect(Object.hasOwn(found, '__proto__')).toBe(false)
    for (const key of hostileKeys.filter(inRecords)) {
      expect(Object.hasOwn(found, key), key).toBe(true)
      expect(found[key], key).toEqual([{ id: shortlistId, name: 'Keys' }])
    }
    expect(prototypeKeys()).toBe(protoBefore)
  })

  it('the people show in lists, details, bought contacts and exports', async () => {
    const members = await main.ok('listMembers', { shortlistId })
    expect(members.map((member) => member.profileKey).sort()).toEqual([...hostileKeys].sort())
    for (const member of members) {
      const detail = await main.ok('getMember', { memberId: member.id })
      expect(detail.contacts, member.profileKey).toHaveLength(1)
    }
    const bought = await main.ok('listBoughtContacts', {})
    expect(bought.people.map((person) => person.key).sort()).toEqual([...hostileKeys].sort())
    const exported = await main.ok('exportCsv', {
      exportId: 'keys',
      source: { kind: 'shortlist', shortlistId },
      columns: { columns: ['profile.key', 'profile.__proto__', 'profile.constructor.name', 'contact.emails.email'] }
    })
    expect(exported).toMatchObject({ cancelled: false, rows: hostileKeys.length })
    if (exported.cancelled || exported.target.kind !== 'download') throw new Error('expected a download')
    const download = main.services.downloads.take(exported.target.downloadId)!
    const csv = readFileSync(download.path, 'utf8')
    main.services.downloads.release(download)
    // inherited members are not read: `profile.constructor.name` is empty, not "Object"
    expect(csv).not.toMatch(/Object|function|\[object/)
    expect(csv).toContain('__proto__@x.example')
    expect(prototypeKeys()).toBe(protoBefore)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })
})
