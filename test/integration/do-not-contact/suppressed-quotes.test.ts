import { describe, expect, it } from 'vitest'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened } from '../services/helpers'

/*
 * A contact quote leaves out who must not be contacted (issue #31 item 5): over the composed main
 * and the Sandbox over HTTP, a person on the do-not-contact list and a forgotten one are left out
 * of the quote and of what is bought, and the quote names them; asked to include them, it does.
 */

const opened = useOpened()
const start = useMains()

describe('contact quotes and the do-not-contact list', () => {
  it('leaves listed and forgotten people out by default, says which, and buys only the others', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 10 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const people = testCatalog()
      .search({}, { limit: 4, offset: 40 })
      .results.map((person) => person.key!)
    const [listed, forgotten, ...others] = people
    await main.ok('addDoNotContact', { kind: 'key', value: listed! })
    await main.ok('forgetPeople', { keys: [forgotten!], reason: 'person-asked' })

    const everyone = await main.ok('quoteContacts', { keys: people, contactType: 'Email', includeSuppressed: true })
    expect(everyone).toMatchObject({ keys: people, suppressed: [], creditsNeeded: 4 })

    const quote = await main.ok('quoteContacts', { keys: people, contactType: 'Email' })
    expect(quote).toMatchObject({ keys: others, newKeys: others, suppressed: [listed, forgotten], creditsNeeded: 2 })
    const bought = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-dnc-00001' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 2 })
    expect(bought.statuses.map((status) => status.key).sort()).toEqual([...others].sort())
  })
})
