import { describe, expect, it } from 'vitest'
import { LOOKUP_NO_LONGER_KNOWN } from '../../../electron/main/contacts/purchase-follower'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { until } from '../until'
import { connect, noKeychain, tempDir, useMains, useOpened } from './helpers'

// Lookups the service no longer knows (its state lost) after a purchase's New, over HTTP.

const opened = useOpened()
const keys = testCatalog()
  .search({}, { limit: 3, offset: 620 })
  .results.map((p) => p.key!)
// a short polling limit: the follower gives up on what the service no longer shows
const poll = { firstMs: 30, factor: 1.5, maxMs: 100, limitMs: 1_500 }

describe('lookups the service no longer knows (#29)', () => {
  const start = useMains()

  it('are saved as failed with what that means, not followed again at start, and offered again', async () => {
    // lookups that run for minutes: still running when the service forgets them
    const sandbox = await startTestSandbox({
      clock: systemClock,
      credits: 20,
      contactTiming: { startAfterMs: 40, completeAfterMs: 600_000, failureShare: 0 }
    })
    opened.push(sandbox)
    const dataDir = tempDir()
    const main = await start({ dataDir, loadKeytar: noKeychain, contactPolling: poll })
    await connect(main, sandbox, 'Forgetful contacts')

    const quote = await main.ok('quoteContacts', { keys, contactType: 'Email' })
    expect(quote.newKeys).toHaveLength(3)
    const buying = main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'forgotten-buy-01' })
    // New answered (the follower has the service's states): then the service loses its state
    await until(
      () =>
        main.events.filter(
          (event) =>
            event.name === 'contactsProgress' &&
            (event.payload as { statuses: Array<{ status: string | null }> }).statuses.every((s) => s.status !== null)
        ).length,
      (count) => count > 0
    )
    await sandbox.reset()
    const bought = await buying
    expect(bought.creditsSpent).toBe(3)
    expect(bought.timedOut).toBe(true)
    for (const status of bought.statuses)
      expect(status).toMatchObject({ status: 'Failed', failure: LOOKUP_NO_LONGER_KNOWN })
    const ledger = (await main.ok('listLedger', {})).entries
    expect(ledger).toHaveLength(1)
    expect(ledger[0]).toMatchObject({ outcome: 'bought', creditsSpent: 3 })

    // a restart: nothing is followed again, the list says what happened
    await main.close()
    const again = await start({ dataDir, loadKeytar: noKeychain, contactPolling: poll })
    const list = await again.ok('listBoughtContacts', {})
    expect(list.people.map((p) => p.key).sort()).toEqual([...keys].sort())
    for (const person of list.people) {
      expect(person.types[0]).toMatchObject({ contactType: 'Email', status: 'Failed', running: null })
      expect(person.types[0]!.failure).toBe(LOOKUP_NO_LONGER_KNOWN)
    }
    // their stored state is final: the start does not follow them (no Polling, nothing running)
    expect(again.logs.filter((record) => record.event === 'contacts.following_resumed')).toEqual([])
    expect(again.events.filter((event) => event.name === 'contactsProgress')).toEqual([])

    // a new quote offers them as new; the ledger keeps what was spent
    const next = await again.ok('quoteContacts', { keys, contactType: 'Email' })
    expect(next).toMatchObject({ alreadyBought: [], creditsNeeded: 3 })
    expect(next.newKeys.sort()).toEqual([...keys].sort())
    // money has one book: the spend stays
    expect((await again.ok('listLedger', {})).entries).toEqual(ledger)

    // buying them again asks the service first (free) whether it sold them, then buys what it did not
    const { connectionId } = await again.ok('listLedger', {})
    await again.ok('setSecret', { connectionId, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
    const from = new Date().toISOString()
    const rebought = await again.ok('buyContacts', { quoteId: next.quoteId, requestId: 'forgotten-buy-02' })
    expect(rebought).toMatchObject({ outcome: 'bought', creditsSpent: 3 })
    // the service's own record of the calls, oldest first: Polling (free) before the one New
    const asked = (await again.ok('listTransactions', { from, type: 'GetPremiumContacts' })).rows
      .reverse()
      .map((row) => /requestType=(\w+)/.exec(row.request ?? '')?.[1])
    expect(asked.slice(0, 2)).toEqual(['Polling', 'New'])
    expect(asked.filter((type) => type === 'New')).toHaveLength(1)
  }, 30_000)
})
