import Database from 'better-sqlite3'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { generateProfiles } from '../../../sandbox/data/generate'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { testSeed } from '../sandbox/helpers'
import { noKeychain, useMains, type TestMain } from '../services/helpers'

/*
 * Issue #36 item 3: with a budget's last credits left, purchases and tool calls sent at once must
 * not together pass it. Admission and the spend are one step per connection (each admitted spend
 * holds its quoted credits against the budget until its spend has ended), so over the composed
 * main and the built-in Sandbox, six 1-credit spends fired together with 2 credits left: exactly
 * two go through, four are refused naming the budget, and the ledger and the Sandbox's own
 * balance agree that nothing more was spent.
 */

const start = useMains()

/** Rows of the credit ledger on disk that spent something (the one book), oldest first. */
function ledgerSpends(main: TestMain): Array<{ purchaseId: string; credits: number }> {
  const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
  try {
    return db
      .prepare(
        `SELECT purchase_id AS purchaseId, credits_spent AS credits FROM credit_ledger
          WHERE credits_spent > 0 ORDER BY id`
      )
      .all() as Array<{ purchaseId: string; credits: number }>
  } finally {
    db.close()
  }
}

describe('a budget under a race', () => {
  it('lets through exactly what fits of six purchases and tool calls sent at once, and refuses the rest with nothing spent', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const keys = generateProfiles({ count: 300, seed: testSeed })
      .slice(0, 7)
      .map((p) => p.key!)
    await main.ok('setBudget', { scope: 'connection', targetId: 'sandbox', credits: 3 })
    // 1 of 3 spent: 2 credits left at the edge
    const first = await main.ok('quoteContacts', { keys: keys.slice(0, 1), contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'race-0000' })
    expect(ledgerSpends(main).reduce((sum, row) => sum + row.credits, 0)).toBe(1)
    const balanceBefore = (await main.ok('refreshCredits', { maxAgeSeconds: 0 })).available!

    // each quoted alone, each fits alone (1 credit of the 2 left)
    const purchases = await Promise.all(
      [1, 2, 3].map((i) => main.ok('quoteContacts', { keys: keys.slice(i, i + 1), contactType: 'Email' }))
    )
    for (const quote of purchases) {
      expect(quote.creditsNeeded).toBe(1)
      expect(quote.budgets).toEqual([expect.objectContaining({ spent: 1, after: 2, crosses: false })])
    }
    const lookups = [4, 5, 6].map((i) => ({
      name: 'contacts',
      arguments: { action: 'lookup', keys: keys.slice(i, i + 1), contact_type: 'Email' }
    }))
    const toolQuotes: string[] = []
    for (const [n, lookup] of lookups.entries()) {
      const asked = await main.fail('callTool', { ...lookup, requestId: `race-ask-${n}` })
      const quote = toolQuoteRequiredSchema.parse(asked.details).quote
      expect(quote.contacts?.creditsNeeded).toBe(1)
      toolQuotes.push(quote.quoteId)
    }

    // all six at once
    const replies = await Promise.all([
      ...purchases.map((quote, n) => main.call('buyContacts', { quoteId: quote.quoteId, requestId: `race-buy-${n}` })),
      ...lookups.map((lookup, n) =>
        main.call('callTool', { ...lookup, requestId: `race-tool-${n}`, quoteId: toolQuotes[n]! })
      )
    ])
    const through = replies.filter((reply) => reply.ok)
    const refused = replies.flatMap((reply) => (reply.ok ? [] : [reply.error]))
    expect(through).toHaveLength(2)
    expect(refused).toHaveLength(4)
    for (const error of refused) {
      expect(error.code).toBe('conflict')
      expect(error.message).toMatch(/^Over budget: 1 credit would take Sandbox this month past its budget/)
      expect(error.message).toContain('Nothing was spent.')
    }

    // the ledger: 3 of 3, one credit for each spend that went through and none for the rest
    const spends = ledgerSpends(main)
    expect(spends.reduce((sum, row) => sum + row.credits, 0)).toBe(3)
    expect(spends).toHaveLength(3)
    // the Sandbox agrees: its balance fell by exactly the two that went through
    const balanceAfter = (await main.ok('refreshCredits', { maxAgeSeconds: 0 })).available!
    expect(balanceBefore - balanceAfter).toBe(2)
    const budgets = (await main.ok('listBudgets', {})).budgets
    expect(budgets).toEqual([expect.objectContaining({ spent: 3, credits: 3, level: 'reached' })])
    console.info(
      `budget race: ${through.length} of ${replies.length} went through, ${refused.length} refused; ledger ${spends.reduce((sum, row) => sum + row.credits, 0)} of 3, Sandbox balance ${balanceBefore} → ${balanceAfter}`
    )
  }, 60_000)

  it('releases what a spend held when it is refused after admission, so the next one fits', async () => {
    const main = await start({ sandboxProfiles: 300, loadKeytar: noKeychain })
    const keys = generateProfiles({ count: 300, seed: testSeed })
      .slice(10, 14)
      .map((p) => p.key!)
    await main.ok('setBudget', { scope: 'connection', targetId: 'sandbox', credits: 2 })
    // two quotes for the same person: the second is admitted (it fits), then refused as no longer true
    const first = await main.ok('quoteContacts', { keys: keys.slice(0, 1), contactType: 'Email' })
    const stale = await main.ok('quoteContacts', { keys: keys.slice(0, 1), contactType: 'Email' })
    await main.ok('buyContacts', { quoteId: first.quoteId, requestId: 'race-release-1' })
    const refused = await main.fail('buyContacts', { quoteId: stale.quoteId, requestId: 'race-release-2' })
    expect(refused.message).toMatch(/bought since the quote was made/)
    // a tool lookup admitted with its quote, then refused as not the call it priced
    const lookup = { name: 'contacts', arguments: { action: 'lookup', keys: keys.slice(1, 2), contact_type: 'Email' } }
    const priced = toolQuoteRequiredSchema.parse(
      (await main.fail('callTool', { ...lookup, requestId: 'race-release-3' })).details
    ).quote
    const other = await main.fail('callTool', {
      name: 'contacts',
      arguments: { action: 'lookup', keys: keys.slice(2, 3), contact_type: 'Email' },
      requestId: 'race-release-4',
      quoteId: priced.quoteId
    })
    expect(other.message).toMatch(/not the one this quote was for/)
    // neither holds anything now: 1 of 2 spent, the last credit fits
    const last = await main.ok('quoteContacts', { keys: keys.slice(3, 4), contactType: 'Email' })
    expect(last.budgets).toEqual([expect.objectContaining({ spent: 1, after: 2, crosses: false })])
    await main.ok('buyContacts', { quoteId: last.quoteId, requestId: 'race-release-5' })
    expect(ledgerSpends(main).reduce((sum, row) => sum + row.credits, 0)).toBe(2)
  }, 60_000)
})
