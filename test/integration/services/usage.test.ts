import { afterEach, describe, expect, it } from 'vitest'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { systemClock } from '../../../sandbox/index'
import { startLiberalServer } from '../api/liberal-server'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { ScriptedDialogs, tempDir, useMains, type TestMain } from './helpers'

const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file')
}
const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function sandbox() {
  const running = await startTestSandbox({
    clock: systemClock,
    credits: 10,
    contactTiming: { startAfterMs: 20, completeAfterMs: 60, failureShare: 0 }
  })
  opened.push(running)
  return running
}

async function connect(
  main: TestMain,
  service: { baseUrl: string; apiKey: string },
  queryNames?: { contactType: string; requestType: string; from: string; to: string; type: string; limit: string }
) {
  const overview = await main.ok('saveConnection', {
    name: 'Usage service',
    baseUrl: service.baseUrl,
    ...(queryNames ? { queryNames } : {})
  })
  const id = overview.connections.find((c) => c.name === 'Usage service')!.id
  await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: service.apiKey, sessionOnly: true })
  await main.ok('setActiveConnection', { id })
  return id
}

const poll = { firstMs: 20, factor: 1.5, maxMs: 60, limitMs: 10_000 }
const people = () =>
  testCatalog()
    .search({}, { limit: 2, offset: 100 })
    .results.map((p) => p.key!)

describe('usage', () => {
  const start = useMains()

  it('reads the service’s transactions of the searches and a purchase, filtered by type and date, beside the app’s own calls and the ledger', async () => {
    const service = await sandbox()
    const dataDir = tempDir()
    const main = await start({ dataDir, loadKeytar: noKeychain, contactPolling: poll })
    const connectionId = await connect(main, service)
    const profile = testCatalog().search({}, { limit: 1, offset: 7 }).results[0]!
    for (const [index, name] of [profile.first_name, profile.last_name].entries()) {
      await main.ok('searchProfiles', { requestId: `usage-search-${index}`, request: { name: name! } })
    }
    const quote = await main.ok('quoteContacts', { keys: people(), contactType: 'Email' })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'usage-buy-01' })
    expect(bought.creditsSpent).toBe(2)

    const all = await main.ok('listTransactions', {})
    expect(all.connectionId).toBe(connectionId)
    const types = all.rows.map((row) => row.requestType)
    expect(types.filter((type) => type === 'MatchProfiles')).toHaveLength(2)
    expect(types).toContain('GetPremiumContacts')
    const search = all.rows.find((row) => row.requestType === 'MatchProfiles')!
    expect(search).toMatchObject({ issues: [], partnerName: expect.any(String), id: expect.any(String) })
    expect(search.request).toContain('MatchProfiles')
    expect(search.response).toEqual(expect.any(String))
    expect(search.durationMs).toBeGreaterThanOrEqual(0)
    expect(search.record).toMatchObject({ id: search.id, request_type: 'MatchProfiles' })

    // the type filter is the service's: only its records come back
    const contacts = await main.ok('listTransactions', { type: 'GetPremiumContacts' })
    expect(contacts.rows.length).toBeGreaterThanOrEqual(2) // New and at least one Polling
    expect(new Set(contacts.rows.map((row) => row.requestType))).toEqual(new Set(['GetPremiumContacts']))
    // a date range before any call finds none; a limit caps and says so
    const before = await main.ok('listTransactions', { to: '2020-01-01T00:00:00.000Z' })
    expect(before.rows).toEqual([])
    const one = await main.ok('listTransactions', { limit: 1 })
    expect(one).toMatchObject({ limited: true })
    expect(one.rows).toHaveLength(1)

    // the app's own calls on this connection, with the operation named as the service names it
    const log = await main.ok('listCallLog', {})
    expect(log.connectionId).toBe(connectionId)
    const operations = log.calls.map((call) => call.operation)
    expect(operations.filter((op) => op === 'MatchProfiles')).toHaveLength(2)
    expect(operations).toContain('GetPremiumContacts')
    expect(operations).toContain('GetApiTransactionData')
    expect(log.calls.every((call) => call.ok && call.status === 200)).toBe(true)
    // Get Premium Contacts has no transaction id of its own: the purchase's id stands for one
    const contactCalls = log.calls.filter((call) => call.operation === 'GetPremiumContacts')
    expect(contactCalls.length).toBeGreaterThanOrEqual(2)
    expect(contactCalls.every((call) => call.transactionId === bought.purchaseId)).toBe(true)
    expect((await main.ok('listCallLog', { to: '2020-01-01T00:00:00.000Z' })).calls).toEqual([])

    const ledger = await main.ok('listLedger', {})
    expect(ledger.entries).toEqual([
      expect.objectContaining({ outcome: 'bought', creditsSpent: 2, keys: quote.newKeys, availableAfter: 8 })
    ])

    // export of the table through the existing CSV export
    await main.close()
    const dialogs = new ScriptedDialogs().answer(join(dataDir, 'transactions.csv'))
    const desktop = await start({ dataDir, loadKeytar: noKeychain, fileDialogs: dialogs })
    const rows = all.rows.map(({ record: _record, issues: _issues, ...row }) => row)
    const { transactionCsvColumns } = await import('../../../shared/ipc/channels/usage')
    const exported = await desktop.ok('exportCsv', {
      exportId: 'usage-export-1',
      source: { kind: 'transactions', transactions: rows },
      columns: { columns: [...transactionCsvColumns] }
    })
    expect(exported).toMatchObject({ cancelled: false, rows: rows.length })
    expect(dialogs.requests[0]!.defaultName).toMatch(/^talent-desk-transactions-\d{4}-\d\d-\d\d\.csv$/)
    const csv = readFileSync(join(dataDir, 'transactions.csv'), 'utf8').replace(/^\uFEFF/, '')
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('Id,Request type,Request date,Response date,Duration (ms),Partner,Request,Response')
    expect(csv).toContain(`${search.id},MatchProfiles,${search.requestDate}`)
  })

  it('sends the connection’s own query parameter names and reads one record (an object) as a list', async () => {
    const record = {
      id: 'tx-1',
      request: 'GET /api/Search/MatchProfiles',
      response: '200 3 profiles',
      partner_name: 'Acme Recruiting',
      request_date: '2026-03-01T09:00:00.1234567',
      response_date: '2026-03-01T09:00:00.3734567',
      request_type: 'MatchProfiles',
      extra: 'kept'
    }
    const liberal = await startLiberalServer(() => ({ body: JSON.stringify(record) }))
    opened.push(liberal)
    const main = await start({ loadKeytar: noKeychain })
    await connect(
      main,
      { baseUrl: liberal.baseUrl, apiKey: 'liberal-key' },
      {
        contactType: 'contactType',
        requestType: 'requestType',
        from: 'startDate',
        to: 'endDate',
        type: 'requestTypeFilter',
        limit: 'top'
      }
    )
    const reply = await main.ok('listTransactions', {
      from: '2026-03-01T00:00:00+01:00',
      to: '2026-03-02T00:00:00.000Z',
      type: 'MatchProfiles',
      limit: 50
    })
    const seen = liberal.seen.at(-1)!
    expect(seen.path).toBe('/api/Analytics/GetApiTransactionData')
    expect(Object.fromEntries(seen.query)).toEqual({
      startDate: '2026-02-28T23:00:00.000Z',
      endDate: '2026-03-02T00:00:00.000Z',
      requestTypeFilter: 'MatchProfiles',
      top: '50'
    })
    expect(reply.rows).toHaveLength(1)
    expect(reply.rows[0]).toMatchObject({
      id: 'tx-1',
      requestType: 'MatchProfiles',
      partnerName: 'Acme Recruiting',
      durationMs: 250,
      request: 'GET /api/Search/MatchProfiles',
      record: expect.objectContaining({ extra: 'kept' })
    })
    expect(reply.limited).toBe(false)
  })

  it('with the service unreachable, the transactions say why while the call log and the ledger still show', async () => {
    const service = await sandbox()
    const main = await start({
      loadKeytar: noKeychain,
      contactPolling: poll,
      http: { retry: { retries: 0 } }
    })
    await connect(main, service)
    const quote = await main.ok('quoteContacts', { keys: people(), contactType: 'Phone' })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'usage-buy-02' })
    await service.close()

    const error = await main.fail('listTransactions', {})
    expect(error.code).toBe('network')
    expect(error.message).not.toMatch(/\/(tmp|home|work)\//)
    const log = await main.ok('listCallLog', {})
    expect(log.calls.some((call) => call.operation === 'GetApiTransactionData' && !call.ok)).toBe(true)
    expect(log.calls.some((call) => call.operation === 'GetPremiumContacts' && call.ok)).toBe(true)
    expect((await main.ok('listLedger', {})).entries).toEqual([
      expect.objectContaining({ outcome: 'bought', contactType: 'Phone', creditsSpent: 2 })
    ])
  })
})
