import { afterEach, describe, expect, it, vi } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { systemClock } from '../../../sandbox/index'
import { generateProfiles } from '../../../sandbox/data/generate'
import { call, startTestSandbox, testCatalog, testSeed } from '../sandbox/helpers'
import { loadNodeKeytar } from '../../../electron/main/vault/open-vault'
import { tempDir, useMains, type TestMain } from './helpers'
import { startLiberalServer } from '../api/liberal-server'

const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const keys = (offset: number, n: number) =>
  testCatalog()
    .search({}, { limit: n, offset })
    .results.map((p) => p.key!)

async function service(options: { credits?: number; faults?: string } = {}) {
  const sandbox = await startTestSandbox({
    clock: systemClock,
    credits: options.credits ?? 10,
    faults: options.faults ?? '',
    contactTiming: { startAfterMs: 40, completeAfterMs: 120, failureShare: 0.34 }
  })
  opened.push(sandbox)
  return sandbox
}

async function connect(main: TestMain, sandbox: { baseUrl: string; apiKey: string }) {
  const overview = await main.ok('saveConnection', { name: 'Contacts service', baseUrl: sandbox.baseUrl })
  const id = overview.connections.find((c) => c.name === 'Contacts service')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

/** The service's own count of `New` calls, from its call log. */
async function newCalls(sandbox: Parameters<typeof call>[0]): Promise<number> {
  const log = (
    await call(sandbox, '/api/Analytics/GetApiTransactionData', { query: { type: 'GetPremiumContacts' } })
  ).json() as Array<{
    request: string
  }>
  return log.filter((record) => /requestType=New/i.test(record.request)).length
}

function ledger(main: TestMain) {
  const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return db
      .prepare('SELECT outcome, credits_spent, keys_json, available_after, message FROM credit_ledger ORDER BY id')
      .all() as Array<{
      outcome: string
      credits_spent: number | null
      keys_json: string
      available_after: number | null
      message: string | null
    }>
  } finally {
    db.close()
  }
}

const poll = { firstMs: 30, factor: 1.5, maxMs: 100, limitMs: 10_000 }

/** The service's balance, from a free Polling of nobody. */
async function sandboxCredits(sandbox: Parameters<typeof call>[0]): Promise<number> {
  const answer = await call(sandbox, '/api/Contacts/GetPremiumContacts', {
    method: 'POST',
    query: { contactType: 'Email', requestType: 'Polling' },
    body: ['no-such-person']
  })
  return (answer.json() as { count: { available: number } }).count.available
}

function setSetting(main: TestMain, key: string, value: string): void {
  const db = new Database(join(main.dataDir, 'talent-desk.sqlite'))
  try {
    db.prepare(
      'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value'
    ).run(key, value)
  } finally {
    db.close()
  }
}

function readSetting(main: TestMain, key: string): string | null {
  const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return (
      (db.prepare('SELECT value FROM settings WHERE key = ?').get(key) as { value: string } | undefined)?.value ?? null
    )
  } finally {
    db.close()
  }
}

describe('buying contacts', () => {
  const start = useMains()

  it('quotes, buys the new keys once, follows the lookups to their end, and the same people then cost nothing', async () => {
    const sandbox = await service({ credits: 10 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    const people = keys(0, 3)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(quote).toMatchObject({ newKeys: people, alreadyBought: [], creditsNeeded: 3, available: null })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-00000001' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 3, available: 7, used: 3, timedOut: false })
    expect(bought.statuses.map((s) => s.status).every((s) => s === 'Completed' || s === 'Failed')).toBe(true)
    const failed = bought.statuses.filter((s) => s.status === 'Failed')
    for (const f of failed) expect(f.failure).toMatch(/no provider returned data/)
    const progress = main.events.filter((e) => e.name === 'contactsProgress')
    expect(progress.length).toBeGreaterThan(1)
    expect(progress.at(-1)!.payload).toMatchObject({ done: true })
    expect(ledger(main)).toEqual([
      expect.objectContaining({
        outcome: 'bought',
        credits_spent: 3,
        keys_json: JSON.stringify(people),
        available_after: 7
      })
    ])

    // readable afterwards, offline: for the open profile, and on a shortlist entry
    const stored = await main.ok('contactsFor', { keys: people })
    expect(Object.keys(stored).sort()).toEqual([...people].sort())
    expect(stored[people[0]!]).toHaveLength(1)
    const list = await main.ok('createShortlist', { name: 'With contacts' })
    const profile = testCatalog().get(people[0]!)!
    const added = await main.ok('addMembers', { shortlistId: list.id, profiles: [profile] })
    const detail = await main.ok('getMember', { memberId: added.added[0]! })
    expect(detail.contacts).toHaveLength(1)
    expect((detail.contacts[0] as { status: string }).status).toMatch(/Completed|Failed/)
    expect((await main.ok('getCredits', {})).available).toBe(7)

    const again = await main.ok('quoteContacts', { keys: [...people, keys(10, 1)[0]!], contactType: 'Email' })
    expect(again).toMatchObject({ alreadyBought: people, creditsNeeded: 1, available: 7 })
    const sameOnly = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const free = await main.ok('buyContacts', { quoteId: sameOnly.quoteId, requestId: 'buy-00000002' })
    expect(free).toMatchObject({ outcome: 'none', creditsSpent: 0, available: 7 })
    expect(await newCalls(sandbox)).toBe(1)
    // Phone is another purchase
    expect((await main.ok('quoteContacts', { keys: people, contactType: 'Phone' })).creditsNeeded).toBe(3)
  })

  it('a double click, or two windows with two quotes, buys once', async () => {
    const sandbox = await service({ credits: 10 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    const people = keys(20, 2)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const other = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const [first, second, third] = await Promise.all([
      main.call('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-dbl-0001' }),
      main.call('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-dbl-0002' }),
      main.call('buyContacts', { quoteId: other.quoteId, requestId: 'buy-dbl-0003' })
    ])
    expect([first, second, third].map((r) => (r.ok ? 'ok' : r.error.code))).toEqual(['ok', 'conflict', 'conflict'])
    expect(first.ok).toBe(true)
    expect(!second.ok && second.error.code).toBe('conflict')
    expect(!third.ok && third.error.code).toBe('conflict')
    expect(await newCalls(sandbox)).toBe(1)
    expect(ledger(main).filter((row) => row.outcome === 'bought')).toHaveLength(1)
  })

  it('buys 250 people in one confirmation, in requests the service accepts, each part in the ledger', async () => {
    const sandbox = await service({ credits: 300 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    const people = keys(0, 250)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(quote.creditsNeeded).toBe(250)
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-parts-001' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 250, available: 50, notBought: [], message: null })
    expect(bought.statuses.map((s) => s.key)).toEqual(people)
    expect(bought.statuses.every((s) => s.status === 'Completed' || s.status === 'Failed')).toBe(true)
    // three New requests of at most 100 keys: the service took every one, and charged once each
    expect(await newCalls(sandbox)).toBe(3)
    const rows = ledger(main)
    expect(rows.map((row) => [row.outcome, row.credits_spent])).toEqual([
      ['bought', 100],
      ['bought', 100],
      ['bought', 50]
    ])
    expect(rows.flatMap((row) => JSON.parse(row.keys_json) as string[])).toEqual(people)
    // the ledger's sum is what the service spent
    expect(rows.reduce((sum, row) => sum + (row.credits_spent ?? 0), 0)).toBe(300 - (await sandboxCredits(sandbox)))
    expect((await main.ok('quoteContacts', { keys: people, contactType: 'Email' })).creditsNeeded).toBe(0)
  })

  it('the request size is the connection’s own: read, set in Settings, used by the next purchase, and reset', async () => {
    const sandbox = await service({ credits: 300 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    const connectionId = await connect(main, sandbox)
    expect(await main.ok('getPurchasePartSize', { connectionId })).toEqual({ connectionId, size: 100, isDefault: true })
    expect(await main.ok('setPurchasePartSize', { connectionId, size: 40 })).toEqual({
      connectionId,
      size: 40,
      isDefault: false
    })
    const people = keys(300, 90)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-size-0001' })
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent])).toEqual([
      ['bought', 40],
      ['bought', 40],
      ['bought', 10]
    ])
    expect(await newCalls(sandbox)).toBe(3)
    expect(await main.ok('setPurchasePartSize', { connectionId, size: null })).toEqual({
      connectionId,
      size: 100,
      isDefault: true
    })
    expect((await main.fail('setPurchasePartSize', { connectionId, size: 0 })).code).toBe('invalid_input')
    expect((await main.fail('setPurchasePartSize', { connectionId, size: 1001 })).code).toBe('invalid_input')
    expect((await main.fail('getPurchasePartSize', { connectionId: 'no-such-connection' })).code).toBe('not_found')
  })

  it('a part refused by a server error is recorded uncertain, the rest bought; buying again pays for no one twice', async () => {
    // a service with a ledger of its own: the second New of the first purchase fails with a 500
    // and sells nothing; Polling answers only for people it sold
    const sold = new Map<string, number>()
    let news = 0
    const server = await startLiberalServer((req) => {
      if (!req.path.endsWith('/api/Contacts/GetPremiumContacts')) return { status: 404, body: '{}' }
      const keys = JSON.parse(req.body || '[]') as string[]
      const isNew = req.query.get('requestType') === 'New'
      if (isNew && ++news === 2) return { status: 500, body: '{"error":"internal_error"}' }
      const fresh = isNew ? keys.filter((key) => !sold.has(key)) : []
      for (const key of fresh) sold.set(key, (sold.get(key) ?? 0) + 1)
      const known = keys.filter((key) => sold.has(key))
      return {
        body: JSON.stringify({
          results: known.map((key) => ({ status: 'Completed', request: { key }, card: { key } })),
          count: { available: 1000 - sold.size, used: sold.size, ...(isNew ? { newRequestedCount: fresh.length } : {}) }
        })
      }
    })
    opened.push(server)
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    const connectionId = await connect(main, { baseUrl: server.baseUrl, apiKey: 'liberal-key' })
    await main.ok('setPurchasePartSize', { connectionId, size: 100 })
    const people = Array.from({ length: 250 }, (_, i) => `person-${i}`)
    const first = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'buy-fault-001' })
    expect(bought.creditsSpent).toBe(150)
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent])).toEqual([
      ['bought', 100],
      ['unknown', null],
      ['bought', 50]
    ])
    expect(sold.size).toBe(150)

    // again, for everyone: the 150 sold are free; the 100 of the failed part are asked about
    // first (Polling, free), then bought once
    const again = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(again.alreadyBought).toHaveLength(150)
    expect(again.creditsNeeded).toBe(100)
    await main.ok('buyContacts', { quoteId: again.quoteId, requestId: 'buy-fault-002' })
    expect(sold.size).toBe(250)
    expect([...sold.values()].every((times) => times === 1)).toBe(true)
    const rows = ledger(main)
    expect(rows.reduce((sum, row) => sum + (row.credits_spent ?? 0), 0)).toBe(250)
    expect((await main.ok('quoteContacts', { keys: people, contactType: 'Email' })).creditsNeeded).toBe(0)
  })

  it('a status word outside the four it knows is shown as the service sends it, and followed to its end', async () => {
    // a service that says "Processing" (not NotStarted or InProgress) for two polls, then Completed
    let polls = 0
    const server = await startLiberalServer((req) => {
      if (!req.path.endsWith('/api/Contacts/GetPremiumContacts')) return { status: 404, body: '{}' }
      const keys = JSON.parse(req.body || '[]') as string[]
      const isNew = req.query.get('requestType') === 'New'
      if (!isNew) polls++
      const status = isNew || polls < 3 ? 'Processing' : 'Completed'
      return {
        body: JSON.stringify({
          results: keys.map((key) => ({
            status,
            request: { key },
            card: status === 'Completed' ? { key, emails: [{ email: `${key}@example.test` }] } : { key }
          })),
          count: { available: 9, used: 1, ...(isNew ? { newRequestedCount: keys.length } : {}) }
        })
      }
    })
    opened.push(server)
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, { baseUrl: server.baseUrl, apiKey: 'liberal-key' })
    const quote = await main.ok('quoteContacts', { keys: ['person-a'], contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-word-0001' })
    expect(bought.statuses.map((s) => [s.key, s.status])).toEqual([['person-a', 'Completed']])
    // on the way, the word itself reached every view, verbatim
    const seen = main.events
      .filter((e) => e.name === 'contactsProgress')
      .flatMap((e) => (e.payload as { statuses: Array<{ status: string | null }> }).statuses.map((s) => s.status))
    expect(seen).toContain('Processing')
    expect(polls).toBeGreaterThanOrEqual(3)
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent])).toEqual([['bought', 1]])
    const list = await main.ok('listBoughtContacts', {})
    expect(list.people.map((p) => p.types.map((t) => [t.contactType, t.status, t.running]))).toEqual([
      [['Email', 'Completed', null]]
    ])
  })

  it('learns a smaller request size from a "too big" refusal, which spends nothing, and keeps it for the connection', async () => {
    const sandbox = await service({ credits: 300 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    const connectionId = await connect(main, sandbox)
    // a connection set (or once told) to send 150 at a time, to a service that takes 100
    setSetting(main, `contacts.partSize:${connectionId}`, '150')
    const people = keys(0, 120)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-parts-002' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 120, available: 180, notBought: [] })
    expect(await sandboxCredits(sandbox)).toBe(180)
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent])).toEqual([
      ['bought', 100],
      ['bought', 20]
    ])
    expect(readSetting(main, `contacts.partSize:${connectionId}`)).toBe('100')
  })

  it('a part refused for want of credits leaves the parts bought recorded and names the people not bought', async () => {
    const sandbox = await service({ credits: 150 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    const people = keys(0, 250)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-parts-003' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 100, notBought: people.slice(100) })
    // the service's own number, from its refusal
    expect(bought.message).toBe('Not enough credits: 150 needed, 50 left. 100 of 250 were bought; 150 were not.')
    expect(
      ledger(main).map((row) => [row.outcome, row.credits_spent, (JSON.parse(row.keys_json) as string[]).length])
    ).toEqual([
      ['bought', 100, 100],
      ['refused', 0, 150]
    ])
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 50 })
    // buying again asks only for the people not bought
    const again = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(again.newKeys).toEqual(people.slice(100))
  })

  it('stopping while the lookups run answers cancelled at once, and they are followed to their end in the background', async () => {
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 10,
      faults: '',
      contactTiming: { startAfterMs: 200, completeAfterMs: 1_500, failureShare: 0 }
    })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    const people = keys(0, 2)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const buying = main.fail('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-stop-0001' })
    // bought and being followed: the first progress event with a status from the service
    const progress = () =>
      main.events.filter((e) => e.name === 'contactsProgress') as Array<{
        payload: { requestId: string; statuses: Array<{ status: string | null }>; done: boolean }
      }>
    await vi.waitFor(() => expect(progress().some((e) => e.payload.statuses.some((s) => s.status !== null))).toBe(true))
    expect(await main.ok('cancelRequest', { requestId: 'buy-stop-0001' })).toEqual({ cancelled: true })
    const stopped = await buying
    expect(stopped.code).toBe('cancelled')
    expect(stopped.message).toContain('The lookups carry on at the service')
    // still followed: the Contacts list shows the purchase running, then the lookups completed
    const running = await main.ok('listBoughtContacts', {})
    expect(running.people.flatMap((p) => p.types.map((t) => t.running?.requestId))).toContain('buy-stop-0001')
    await vi.waitFor(() => expect(progress().at(-1)?.payload.done).toBe(true), { timeout: 10_000 })
    const after = await main.ok('listBoughtContacts', {})
    expect(after.people.map((p) => p.types.map((t) => [t.status, t.running]))).toEqual([
      [['Completed', null]],
      [['Completed', null]]
    ])
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent])).toEqual([['bought', 2]])
  })

  it('Reset sandbox starts a new ledger epoch: history kept as "before reset", nothing counted as bought, balance re-read', async () => {
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll, sandboxProfiles: 200 })
    // two people of the built-in sandbox (the tests' seed)
    const people = generateProfiles({ count: 200, seed: testSeed })
      .slice(0, 2)
      .map((p) => p.key!)
    expect(people).toHaveLength(2)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-reset-01' })
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 998 })
    expect((await main.ok('quoteContacts', { keys: people, contactType: 'Email' })).alreadyBought).toEqual(people)

    const events = main.events.length
    await main.ok('resetSandbox', {})
    // the balance is the service's word again, and every view is told
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 1000, used: 0 })
    expect(main.events.slice(events)).toContainEqual({
      name: 'creditsChanged',
      payload: expect.objectContaining({ connectionId: 'sandbox', available: 1000 })
    })
    // the people are new again, and buying them works (the service has no lookup for them any more)
    const again = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(again).toMatchObject({ alreadyBought: [], newKeys: people, creditsNeeded: 2 })
    const rebought = await main.ok('buyContacts', { quoteId: again.quoteId, requestId: 'buy-reset-02' })
    expect(rebought).toMatchObject({ outcome: 'bought', creditsSpent: 2, available: 998 })
    expect(rebought.statuses.every((s) => s.failure === null || !s.failure.includes('no lookup'))).toBe(true)
    // the ledger keeps the first purchase as history
    const { entries } = await main.ok('listLedger', {})
    expect(entries.map((e) => [e.outcome, e.creditsSpent, e.resetAt === null ? 'now' : 'before reset'])).toEqual([
      ['bought', 2, 'now'],
      ['bought', 2, 'before reset']
    ])
  }, 60_000)

  it('a colleague spends between two purchases: the balance is read again from the service (free) and every view told', async () => {
    const sandbox = await service({ credits: 10 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    // before any purchase the balance is known (free Polling), not "not seen yet"
    expect(await main.ok('refreshCredits', {})).toMatchObject({ available: 10, used: 0 })
    const quote = await main.ok('quoteContacts', { keys: keys(0, 1), contactType: 'Email' })
    expect(quote).toMatchObject({ available: 10, availableSeenAt: expect.any(String) })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-colleague-1' })
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 9 })
    // someone else in the organisation buys three with the same key
    const colleague = await call(sandbox, '/api/Contacts/GetPremiumContacts', {
      method: 'POST',
      query: { contactType: 'Email', requestType: 'New' },
      body: keys(50, 3)
    })
    expect(colleague.status).toBe(200)
    // the app still shows what it last saw; asked for a balance no older than now, it reads again
    expect(await main.ok('getCredits', {})).toMatchObject({ available: 9 })
    const events = main.events.length
    expect(await main.ok('refreshCredits', { maxAgeSeconds: 0 })).toMatchObject({ available: 6, used: 4 })
    expect(main.events.slice(events)).toContainEqual({
      name: 'creditsChanged',
      payload: expect.objectContaining({ available: 6 })
    })
    expect((await main.ok('quoteContacts', { keys: keys(0, 2), contactType: 'Email' })).available).toBe(6)
  })

  // The key must outlive the restart, as it does in the OS keychain (npm test runs one).
  it.runIf(keychainHere)(
    'lookups whose following a restart cut off are followed again at start (free Polling) to their end',
    async () => {
      const sandbox = await startTestSandbox({
        clock: systemClock,
        credits: 10,
        faults: '',
        contactTiming: { startAfterMs: 100, completeAfterMs: 1_200, failureShare: 0 }
      })
      opened.push(sandbox)
      const dataDir = tempDir()
      const first = await start({ dataDir, loadKeytar: loadNodeKeytar, contactPolling: poll })
      const overview = await first.ok('saveConnection', { name: 'Restarted', baseUrl: sandbox.baseUrl })
      const connectionId = overview.connections.find((c) => c.name === 'Restarted')!.id
      await first.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey })
      await first.ok('setActiveConnection', { id: connectionId })
      const people = keys(0, 2)
      const quote = await first.ok('quoteContacts', { keys: people, contactType: 'Email' })
      const buying = first.fail('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-restart-01' })
      await vi.waitFor(() =>
        expect(
          first.events.some(
            (e) =>
              e.name === 'contactsProgress' &&
              (e.payload as { statuses: Array<{ status: string | null }> }).statuses.some((s) => s.status !== null)
          )
        ).toBe(true)
      )
      // Talent Desk quits while the lookups run
      await first.close()
      expect((await buying).code).toBe('cancelled')
      const newCallsBefore = await newCalls(sandbox)

      const second = await start({ dataDir, loadKeytar: loadNodeKeytar, contactPolling: poll })
      await vi.waitFor(
        async () => {
          const list = await second.ok('listBoughtContacts', {})
          expect(list.people.map((p) => p.types.map((t) => t.status))).toEqual([['Completed'], ['Completed']])
        },
        { timeout: 15_000, interval: 200 }
      )
      // following is free: no New was sent again
      expect(await newCalls(sandbox)).toBe(newCallsBefore)
      await second.ok('removeConnection', { id: connectionId })
    }
  )

  it('out of credits says how many are needed and left, and records nothing as bought', async () => {
    const sandbox = await service({ credits: 1 })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox)
    // learn the balance first (a free look at one already-bought key is not possible yet: buy one)
    const one = await main.ok('quoteContacts', { keys: keys(30, 1), contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: one.quoteId, requestId: 'buy-credit-01' })
    const quote = await main.ok('quoteContacts', { keys: keys(40, 3), contactType: 'Email' })
    expect(quote).toMatchObject({ creditsNeeded: 3, available: 0 })
    const refused = await main.fail('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-credit-02' })
    expect(refused.code).toBe('payment_required')
    expect(refused.message).toBe('Not enough credits: 3 needed, 0 left. Nothing was bought.')
    expect(ledger(main).map((row) => row.outcome)).toEqual(['bought', 'refused'])
    expect((await main.ok('quoteContacts', { keys: keys(40, 3), contactType: 'Email' })).newKeys).toHaveLength(3)
  })

  it('after a purchase that got no answer, buying again asks the service first: what it sold then is not paid twice', async () => {
    const stateFile = join(tempDir('td-contacts-state-'), 'sandbox.json')
    const contactTiming = { startAfterMs: 40, completeAfterMs: 120, failureShare: 0 }
    // A slow service: every answer comes after the client's time limit, though the work is done.
    const slow = await startTestSandbox({
      clock: systemClock,
      credits: 10,
      faults: 'stall=1,stallMs=1500',
      contactTiming,
      stateFile
    })
    const main = await start({
      loadKeytar: noKeychain,
      contactPolling: poll,
      http: { timeouts: { headersMs: 300, bodyMs: 300 }, retry: { retries: 1, minTimeoutMs: 10, maxTimeoutMs: 20 } }
    })
    await connect(main, slow)
    const people = keys(60, 3)
    const first = await main.ok('quoteContacts', { keys: people.slice(0, 2), contactType: 'Email' })
    const lost = await main.fail('buyContacts', { quoteId: first.quoteId, requestId: 'buy-lost-0001' })
    expect(lost.code).toBe('timeout') // New unanswered, and the polling after it too
    expect(ledger(main)).toEqual([expect.objectContaining({ outcome: 'unknown', credits_spent: null })])
    await slow.close()

    // The service recovers (same address, same organisation): two were sold, eight credits left.
    const port = Number(new URL(slow.baseUrl).port)
    const back = await startTestSandbox({ clock: systemClock, credits: 10, contactTiming, stateFile, port })
    opened.push(back)
    const again = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    // the ledger cannot tell whether they were sold: at most three credits
    expect(again).toMatchObject({ newKeys: people, creditsNeeded: 3 })
    const bought = await main.ok('buyContacts', { quoteId: again.quoteId, requestId: 'buy-lost-0002' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 1, available: 7, used: 3 })
    expect(bought.statuses.map((s) => s.status)).toEqual(['Completed', 'Completed', 'Completed'])
    // New went out once more, for the one person the service had not sold (its call log, newest first)
    const sent = (
      await call(back, '/api/Analytics/GetApiTransactionData', { query: { type: 'GetPremiumContacts' } })
    ).json() as Array<{ request: string }>
    const news = sent.filter((record) => /requestType=New/i.test(record.request))
    expect(news.map((record) => record.request.slice(record.request.indexOf(' [') + 1))).toEqual([
      JSON.stringify([people[2]]),
      JSON.stringify(people.slice(0, 2))
    ])
    expect(ledger(main).map((row) => [row.outcome, row.credits_spent, JSON.parse(row.keys_json)])).toEqual([
      ['unknown', null, people.slice(0, 2)],
      ['bought', 1, [people[2]]]
    ])
    expect((await main.ok('quoteContacts', { keys: people, contactType: 'Email' })).alreadyBought).toEqual(people)
  }, 30_000)

  it('a timeout on New is not followed by a second New, and the ledger says what happened', async () => {
    const sandbox = await service({ credits: 10, faults: 'latency=1500' })
    const main = await start({
      loadKeytar: noKeychain,
      contactPolling: poll,
      http: { timeouts: { headersMs: 400, bodyMs: 400 }, retry: { retries: 1, minTimeoutMs: 10, maxTimeoutMs: 20 } }
    })
    await connect(main, sandbox)
    const quote = await main.ok('quoteContacts', { keys: keys(50, 2), contactType: 'Email' })
    const reply = await main.call('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-timeout-1' })
    // the polling after it times out too here (every call is slow); what matters is what was sent
    expect(reply.ok).toBe(false)
    expect(await newCalls(sandbox)).toBe(1)
    const rows = ledger(main)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ outcome: 'unknown', credits_spent: null })
    expect(rows[0]!.message).toMatch(/not sent again/)
  }, 30_000)
})
