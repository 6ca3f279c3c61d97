import { describe, expect, it, vi } from 'vitest'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { systemClock } from '../../../sandbox/index'
import { generateProfiles } from '../../../sandbox/data/generate'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import type { BudgetLine, BudgetState } from '../../../shared/ipc/channels/budgets'
import { startTestSandbox, testCatalog, testSeed } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened, type TestMain } from '../services/helpers'

/*
 * Credit budgets (issue #32 item 3) over the composed main and the Sandbox over HTTP, SQLite on
 * disk: what a budget has spent is the ledger's; a quote says what it would bring each budget to;
 * a purchase that would cross one is refused, naming it, and goes through only when lifted for
 * that purchase, landing in the ledger like any other.
 */

const opened = useOpened()
const start = useMains()
// Each test starts main and a Sandbox (the tool's test: main's built-in one, from TypeScript
// source) and makes dozens of real calls: a limit of their own, for a loaded machine.
vi.setConfig({ testTimeout: 60_000 })

const people = (offset: number, n: number) =>
  testCatalog()
    .search({}, { limit: n, offset })
    .results.map((person) => person.key!)

/** Credits the ledger on disk holds as spent (the one book). */
function ledgerSpent(main: TestMain): number {
  const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return db.prepare('SELECT COALESCE(SUM(credits_spent), 0) FROM credit_ledger').pluck().get() as number
  } finally {
    db.close()
  }
}

/** Activity's budget entries, oldest first. */
const budgetNews = async (main: TestMain) =>
  (await main.ok('listActivity', { kind: 'budget' })).entries.map((entry) => entry.text).reverse()

const budgetEvents = (main: TestMain) =>
  main.events
    .filter((event) => event.name === 'budgetsChanged')
    .map((event) => (event.payload as { budgets: BudgetState[] }).budgets)

describe('credit budgets', () => {
  it('warns at 75% in the quote, refuses a purchase past 100% naming the budget, and lets it through once lifted', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 100 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    const connectionId = await connect(main, sandbox, 'Partner sandbox')
    const set = await main.ok('setBudget', { scope: 'connection', targetId: connectionId, credits: 10 })
    expect(set.budgets).toEqual([
      expect.objectContaining({ scope: 'connection', targetId: connectionId, credits: 10, spent: 0, level: 'ok' })
    ])

    // 8 of 10: the quote says it brings the month's budget to 80%, a warning
    const first = await main.ok('quoteContacts', { keys: people(0, 8), contactType: 'Email' })
    expect(first.budgets).toEqual([
      expect.objectContaining<Partial<BudgetLine>>({
        name: 'Partner sandbox this month',
        spent: 0,
        after: 8,
        levelAfter: 'warning',
        crosses: false
      })
    ])
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'buy-budget-001' })
    expect(ledgerSpent(main)).toBe(8)
    // the header strip hears it: the budget is at 80% now
    expect(budgetEvents(main).at(-1)).toEqual([expect.objectContaining({ spent: 8, level: 'warning' })])
    // and Activity, once
    expect(await budgetNews(main)).toEqual(['Budget past 75%: Partner sandbox this month has spent 8 of 10 credits'])

    // 3 more would make 11 of 10: refused, naming the budget; nothing spent
    const second = await main.ok('quoteContacts', { keys: people(8, 3), contactType: 'Email' })
    expect(second.budgets).toEqual([expect.objectContaining({ after: 11, levelAfter: 'reached', crosses: true })])
    const refused = await main.fail('buyContacts', { quoteId: second.quoteId, requestId: 'buy-budget-002' })
    expect(refused.code).toBe('conflict')
    expect(refused.message).toMatch(/^Over budget: 3 credits would take Partner sandbox this month past its budget/)
    expect(refused.details).toEqual({ overBudget: [expect.objectContaining({ scope: 'connection', crosses: true })] })
    expect(ledgerSpent(main)).toBe(8)

    // lifted for this purchase, with the same quote: it goes through and the ledger has it
    const lifted = await main.ok('buyContacts', {
      quoteId: second.quoteId,
      requestId: 'buy-budget-003',
      overBudget: true
    })
    expect(lifted).toMatchObject({ outcome: 'bought', creditsSpent: 3 })
    expect(ledgerSpent(main)).toBe(11)
    expect((await main.ok('listBudgets', {})).budgets).toEqual([
      expect.objectContaining({ spent: 11, level: 'reached' })
    ])
    // 100% is news of its own, told once; 75% is not told again
    const told = [
      'Budget past 75%: Partner sandbox this month has spent 8 of 10 credits',
      'Budget reached: Partner sandbox this month has spent 11 of 10 credits'
    ]
    expect(await budgetNews(main)).toEqual(told)
    // the lift was for that purchase only: the next one is refused again
    const third = await main.ok('quoteContacts', { keys: people(11, 1), contactType: 'Email' })
    expect((await main.fail('buyContacts', { quoteId: third.quoteId, requestId: 'buy-budget-004' })).code).toBe(
      'conflict'
    )
    // removed, the budget no longer stops anything
    expect(
      (await main.ok('setBudget', { scope: 'connection', targetId: connectionId, credits: null })).budgets
    ).toEqual([])
    const fourth = await main.ok('quoteContacts', { keys: people(11, 1), contactType: 'Email' })
    expect(fourth.budgets).toEqual([])
    await main.ok('buyContacts', { quoteId: fourth.quoteId, requestId: 'buy-budget-005' })
    expect(ledgerSpent(main)).toBe(12)
    // set again, still past 100% this month: neither level is told twice in a period
    await main.ok('setBudget', { scope: 'connection', targetId: connectionId, credits: 10 })
    const fifth = await main.ok('quoteContacts', { keys: people(12, 1), contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: fifth.quoteId, requestId: 'buy-budget-006', overBudget: true })
    expect(ledgerSpent(main)).toBe(13)
    expect(await budgetNews(main)).toEqual(told)
  })

  it('counts a shortlist’s purchases against its own budget, and Usage shows spend by feature and shortlist', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 100 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const shortlist = await main.ok('createShortlist', { name: 'Backend' })
    await main.ok('setBudget', { scope: 'shortlist', targetId: shortlist.id, credits: 4 })

    // bought from Search: not the shortlist's
    const search = await main.ok('quoteContacts', {
      keys: people(20, 2),
      contactType: 'Email',
      spentFor: { feature: 'search' }
    })
    expect(search.budgets).toEqual([])
    await main.ok('buyContacts', { quoteId: search.quoteId, requestId: 'buy-budget-101' })

    const forShortlist = { feature: 'contacts' as const, shortlistId: shortlist.id }
    const first = await main.ok('quoteContacts', { keys: people(22, 3), contactType: 'Email', spentFor: forShortlist })
    expect(first.budgets).toEqual([
      expect.objectContaining({ name: 'shortlist ‘Backend’', spent: 0, after: 3, levelAfter: 'warning' })
    ])
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'buy-budget-102' })
    const second = await main.ok('quoteContacts', { keys: people(25, 2), contactType: 'Email', spentFor: forShortlist })
    expect(second.budgets).toEqual([expect.objectContaining({ spent: 3, after: 5, crosses: true })])
    const refused = await main.fail('buyContacts', { quoteId: second.quoteId, requestId: 'buy-budget-103' })
    expect(refused.message).toMatch(/shortlist ‘Backend’ past its budget \(3 of 4 credits spent\)/)

    const spend = await main.ok('listSpend', { months: 2 })
    expect(spend.months).toHaveLength(2)
    expect(spend.months[0]).toMatchObject({
      total: 5,
      byFeature: { search: 2, contacts: 3, tools: 0, import: 0, watches: 0 },
      byShortlist: [{ shortlistId: shortlist.id, name: 'Backend', credits: 3, budget: 4 }]
    })
    expect(spend.months[1]).toMatchObject({ total: 0, byShortlist: [] })
  })
})

describe('an import’s budget', () => {
  it('counts what is bought for the import against its own budget, and Usage shows it as Import', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 100 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const bytes = Buffer.from('Name,Email\nAna Peña,ana@example.com\n')
    const { uploadId } = await main.ok('startImportUpload', { bytes: bytes.length })
    await main.ok('appendImportUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
    const { batch } = await main.ok('openImport', { uploadId, fileName: 'leads.csv' })
    await main.ok('setBudget', { scope: 'batch', targetId: batch.id, credits: 3 })

    const forImport = { feature: 'import' as const, batchId: batch.id }
    const first = await main.ok('quoteContacts', { keys: people(40, 3), contactType: 'Email', spentFor: forImport })
    expect(first.budgets).toEqual([
      expect.objectContaining({
        scope: 'batch',
        name: 'import ‘leads.csv’',
        after: 3,
        levelAfter: 'reached',
        crosses: false
      })
    ])
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'buy-budget-201' })
    const second = await main.ok('quoteContacts', { keys: people(43, 1), contactType: 'Email', spentFor: forImport })
    const refused = await main.fail('buyContacts', { quoteId: second.quoteId, requestId: 'buy-budget-202' })
    expect(refused.message).toMatch(/^Over budget: 1 credit would take import ‘leads.csv’ past its budget \(3 of 3/)
    // the same people bought from Search are not the import's
    const search = await main.ok('quoteContacts', {
      keys: people(43, 1),
      contactType: 'Email',
      spentFor: { feature: 'search' }
    })
    expect(search.budgets).toEqual([])
    await main.ok('buyContacts', { quoteId: search.quoteId, requestId: 'buy-budget-203' })
    expect((await main.ok('listBudgets', {})).budgets).toEqual([
      expect.objectContaining({ spent: 3, level: 'reached' })
    ])
    expect((await main.ok('listSpend', { months: 1 })).months[0]?.byFeature).toMatchObject({ import: 3, search: 1 })
  })
})

describe('a tool’s spend is checked against the budgets too', () => {
  it('refuses a contacts lookup past the month’s budget until lifted for that call', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const keys = generateProfiles({ count: 300, seed: testSeed })
      .slice(0, 3)
      .map((p) => p.key!)
    await main.ok('setBudget', { scope: 'connection', targetId: 'sandbox', credits: 2 })
    const call = { name: 'contacts', arguments: { action: 'lookup', keys, contact_type: 'Email' } }
    const asked = await main.fail('callTool', { ...call, requestId: 'tool-budget-001' })
    const { quote } = toolQuoteRequiredSchema.parse(asked.details)
    expect(quote.contacts?.budgets).toEqual([expect.objectContaining({ after: 3, crosses: true })])

    const refused = await main.fail('callTool', { ...call, requestId: 'tool-budget-002', quoteId: quote.quoteId })
    expect(refused.message).toMatch(/^Over budget: 3 credits would take Sandbox this month past its budget/)
    expect(ledgerSpent(main)).toBe(0)

    const lifted = await main.ok('callTool', {
      ...call,
      requestId: 'tool-budget-003',
      quoteId: quote.quoteId,
      overBudget: true
    })
    expect(lifted.isError).toBe(false)
    expect(ledgerSpent(main)).toBe(3)
    const spend = await main.ok('listSpend', { months: 1 })
    expect(spend.months[0]?.byFeature.tools).toBe(3)
  })
})
