import { describe, expect, it } from 'vitest'
import type { WholePersonProfile } from '../../../shared/api'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { connect, noKeychain, useMains, useOpened } from '../services/helpers'

/*
 * A contact quote checks the do-not-contact list against what the app holds of each person, not
 * only their key (issue #31 item 5): over the composed main and the Sandbox over HTTP, a person
 * whose bought email is at a listed domain, and a shortlisted person whose saved profile has a
 * listed handle, are left out of a quote that asks for them by key alone; someone the app holds
 * nothing of is quoted.
 */

const opened = useOpened()
const start = useMains()

describe('contact quotes and what the app holds of each person', () => {
  it('leaves out a person by the domain of their bought email and by the handle of their saved profile', async () => {
    const sandbox = await startTestSandbox({ clock: systemClock, credits: 10 })
    opened.push(sandbox)
    const main = await start({ loadKeytar: noKeychain, pace: { ceiling: 200 } })
    await connect(main, sandbox, 'Partner sandbox')
    const [bought, saved, stranger] = testCatalog()
      .search({}, { limit: 3, offset: 60 })
      .results.map((person) => person.key!)

    // one bought (their email is now held), one saved in a shortlist (their profile is held)
    const quote = await main.ok('quoteContacts', { keys: [bought!], contactType: 'Email' })
    const buy = await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'held-traits-buy-1' })
    expect(buy.statuses[0]!.status).toBe('Completed')
    const email = (await main.ok('describePerson', { key: bought! })).person.emails[0]!
    const profile = (await main.ok('searchProfiles', { requestId: 'held-traits-1', request: { key: saved! } }))
      .results[0]!.profile as WholePersonProfile
    const list = await main.ok('createShortlist', { name: 'Held traits' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: [profile] })
    const handle = (await main.ok('describePerson', { key: saved! })).person.handles[0]!

    await main.ok('addDoNotContact', { kind: 'domain', value: `@${email.split('@')[1]!}` })
    await main.ok('addDoNotContact', { kind: 'handle', value: handle })

    const people = [bought!, saved!, stranger!]
    const phones = await main.ok('quoteContacts', { keys: people, contactType: 'Phone' })
    expect(phones).toMatchObject({ keys: [stranger], suppressed: [bought, saved], creditsNeeded: 1 })
    const everyone = await main.ok('quoteContacts', { keys: people, contactType: 'Phone', includeSuppressed: true })
    expect(everyone).toMatchObject({ keys: people, suppressed: [] })
  })
})
