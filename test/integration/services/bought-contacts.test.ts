import { afterEach, describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { tempDir, useMains, type TestMain } from './helpers'
import { until } from '../until'

// The Contacts section's list (listBoughtContacts) over real HTTP against the sandbox.

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const catalog = testCatalog()
const keys = (offset: number, n: number) => catalog.search({}, { limit: n, offset }).results.map((p) => p.key!)
const poll = { firstMs: 30, factor: 1.5, maxMs: 100, limitMs: 10_000 }

async function sandbox(options: { faults?: string } = {}) {
  const running = await startTestSandbox({
    clock: systemClock,
    credits: 20,
    faults: options.faults ?? '',
    // half the lookups fail (which ones is fixed by the seed)
    contactTiming: { startAfterMs: 40, completeAfterMs: 120, failureShare: 0.5 }
  })
  opened.push(running)
  return running
}

async function connect(main: TestMain, service: { baseUrl: string; apiKey: string }) {
  const overview = await main.ok('saveConnection', { name: 'Contacts list', baseUrl: service.baseUrl })
  const id = overview.connections.find((c) => c.name === 'Contacts list')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: service.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

describe('the list of bought contacts', () => {
  const start = useMains()

  it('lists each person bought with name, type and status; failures keep their text; filters; offline after a restart', async () => {
    const service = await sandbox()
    const dataDir = tempDir()
    const main = await start({ dataDir, loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, service)
    expect(await main.ok('listBoughtContacts', {})).toMatchObject({ people: [], total: 0 })

    const people = keys(0, 6)
    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'list-buy-0001' })
    const failed = bought.statuses.filter((s) => s.status === 'Failed')
    const completed = bought.statuses.filter((s) => s.status === 'Completed')
    expect(failed.length).toBeGreaterThan(0)
    expect(completed.length).toBeGreaterThan(0)

    const list = await main.ok('listBoughtContacts', {})
    expect(list.total).toBe(6)
    expect(list.people.map((p) => p.key).sort()).toEqual([...people].sort())
    for (const person of list.people) {
      expect(person.name).toBe(catalog.get(person.key)!.full_name)
      expect(person.types).toHaveLength(1)
      const [type] = person.types
      const outcome = bought.statuses.find((s) => s.key === person.key)!
      expect(type).toMatchObject({ contactType: 'Email', status: outcome.status, running: null })
      expect(type!.fetchedAt).toEqual(expect.any(String))
      if (outcome.status === 'Failed') {
        // the service's own words, as the purchase reported them
        expect(type!.failure).toBe(outcome.failure)
        expect(type!.failure).toMatch(/no provider returned data/)
      } else {
        expect(type!.failure).toBeNull()
        expect(type!.emails).toBeGreaterThan(0)
      }
    }

    // Phone for one of them: a second type on the same person, listed first (newest)
    const phoneFor = completed[0]!.key
    const phoneQuote = await main.ok('quoteContacts', { keys: [phoneFor], contactType: 'Phone' })
    expect(phoneQuote.creditsNeeded).toBe(1)
    await main.ok('buyContacts', { quoteId: phoneQuote.quoteId, requestId: 'list-buy-0002' })
    const after = await main.ok('listBoughtContacts', {})
    expect(after.people[0]!.key).toBe(phoneFor)
    expect(after.people[0]!.types.map((t) => t.contactType)).toEqual(['Email', 'Phone'])

    // filters
    const phones = await main.ok('listBoughtContacts', { contactType: 'Phone' })
    expect(phones.people.map((p) => p.key)).toEqual([phoneFor])
    expect(phones.total).toBe(6)
    const failures = await main.ok('listBoughtContacts', { status: 'Failed', contactType: 'Email' })
    expect(failures.people.map((p) => p.key).sort()).toEqual(failed.map((s) => s.key).sort())
    const someone = catalog.get(people[2]!)!
    const byName = await main.ok('listBoughtContacts', { query: someone.full_name!.toUpperCase() })
    expect(byName.people.map((p) => p.key)).toContain(someone.key)
    expect((await main.ok('listBoughtContacts', { status: 'InProgress' })).people).toEqual([])

    // offline: the service is gone and the app starts again on the same data
    await main.close()
    await service.close()
    const again = await start({ dataDir, loadKeytar: noKeychain, contactPolling: poll })
    const offline = await again.ok('listBoughtContacts', {})
    expect(offline.total).toBe(6)
    expect(offline.people.find((p) => p.key === failed[0]!.key)!.types[0]!.failure).toBe(failed[0]!.failure)
  })

  it('shows a purchase while it runs, named from a shortlist before the service answers', async () => {
    // every call waits 600 ms: the purchase is visibly running while New is on its way
    const service = await sandbox({ faults: 'latency=600' })
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, service)
    const [key] = keys(10, 1)
    const profile = catalog.get(key!)!
    const shortlist = await main.ok('createShortlist', { name: 'Waiting' })
    await main.ok('addMembers', { shortlistId: shortlist.id, profiles: [profile] })

    const quote = await main.ok('quoteContacts', { keys: [key!], contactType: 'Email' })
    const buying = main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'list-live-0001' })
    const during = await until(
      () => main.ok('listBoughtContacts', { status: 'InProgress' }),
      (list) => list.people.length > 0
    )
    expect(during.people).toHaveLength(1)
    expect(during.people[0]).toMatchObject({ key, name: profile.full_name, lastAt: null })
    expect(during.people[0]!.types[0]).toMatchObject({
      contactType: 'Email',
      status: null,
      running: { requestId: 'list-live-0001' }
    })
    const purchase = await buying
    const done = await main.ok('listBoughtContacts', {})
    expect(done.people[0]!.types[0]).toMatchObject({ running: null, status: purchase.statuses[0]!.status })
    expect((await main.ok('listBoughtContacts', { status: 'InProgress' })).people).toEqual([])
    // progress events name the same purchase the list gave, so the screen can follow it live
    const progress = main.events.filter((e) => e.name === 'contactsProgress').map((e) => e.payload)
    expect(progress.at(-1)).toMatchObject({ purchaseId: during.people[0]!.types[0]!.running!.purchaseId, done: true })
  }, 30_000)

  it('a refused purchase leaves the list, and its followers are told it ended', async () => {
    const service = await startTestSandbox({ clock: systemClock, credits: 1, faults: 'latency=300' })
    opened.push(service)
    const main = await start({ loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, service)
    const quote = await main.ok('quoteContacts', { keys: keys(30, 3), contactType: 'Phone' })
    const buying = main.call('buyContacts', { quoteId: quote.quoteId, requestId: 'list-refused-1' })
    const during = await until(
      () => main.ok('listBoughtContacts', {}),
      (list) => list.people.length > 0
    )
    expect(during.people).toHaveLength(3)
    const purchaseId = during.people[0]!.types[0]!.running!.purchaseId
    const reply = await buying
    expect(!reply.ok && reply.error.code).toBe('payment_required')
    expect(await main.ok('listBoughtContacts', {})).toMatchObject({ people: [], total: 0 })
    const events = main.events.filter((e) => e.name === 'contactsProgress').map((e) => e.payload)
    expect(events).toEqual([expect.objectContaining({ purchaseId, requestId: 'list-refused-1', done: true })])
  }, 30_000)
})
