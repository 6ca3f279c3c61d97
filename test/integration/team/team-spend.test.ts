import { describe, expect, it } from 'vitest'
import { startTeamServer, type TeamServer } from '../../../team-server/server'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { testCatalog } from '../sandbox/helpers'
import type { TestMain } from '../services/helpers'
import { loadNodeKeytar, type KeytarLoader } from '../../../electron/main/vault/open-vault'
import { until } from '../until'
import { quick, useTeamServer } from './fixtures/team-fixture'

/*
 * The team's spend (issue #38 item 4.3) with two desks and the real team server (on a throwaway
 * embedded PostgreSQL) over HTTP, both desks buying from one Sandbox with the same API key (one
 * account): the team's monthly budget of that account holds across desks when both buy at once at
 * its edge, and each desk's purchases are in the team's book, read on the other desk.
 */

const poll = { firstMs: 20, factor: 1.5, maxMs: 60, limitMs: 10_000 }
const team = useTeamServer()

/**
 * Each desk its own keychain, as on two computers: the real one (libsecret), under a service name
 * of its own (a desk keeps its team credential as `team:<origin>`, the same account on both).
 */
let desks = 0
const ownKeychain = (): KeytarLoader => {
  desks += 1
  const suffix = `desk-${desks}`
  const service = (name: string) => `${name}:${suffix}`
  return () => {
    const keytar = loadNodeKeytar()
    return {
      getPassword: (name, account) => keytar.getPassword(service(name), account),
      setPassword: (name, account, password) => keytar.setPassword(service(name), account, password),
      deletePassword: (name, account) => keytar.deletePassword(service(name), account),
      findCredentials: (name) => keytar.findCredentials(service(name))
    }
  }
}

async function desk(): Promise<TestMain> {
  return team.desk({ team: quick, contactPolling: poll, loadKeytar: ownKeychain() })
}

/** Both desks on one Sandbox with the same key: one Partner API account, named differently on each desk. */
async function twoDesksOneAccount(credits: number, on?: TeamServer) {
  const { a, b, connections } = await team.startTeam({
    teamName: 'Spend Talent',
    ...(on === undefined ? {} : { server: on }),
    desk: () => ({ team: quick, contactPolling: poll, loadKeytar: ownKeychain() }),
    sandbox: { credits }
  })
  return { a, b, aConnection: connections[0]!, bConnection: connections[1]! }
}

/** Keys of people nobody bought yet, distinct per call. */
let nextPerson = 300
const freshPeople = (count: number) => {
  const keys = testCatalog()
    .search({}, { limit: count, offset: nextPerson })
    .results.map((p) => p.key!)
  nextPerson += count
  return keys
}

describe('the team’s spend', () => {
  it('two desks buying at once at the team budget’s edge: exactly what fits goes through, nothing spent for the rest', async () => {
    const { a, b, aConnection } = await twoDesksOneAccount(50)
    // the budget is set on A only: B's own budgets know nothing of it, the team's does
    await a.ok('setBudget', { scope: 'connection', targetId: aConnection, credits: 3 })
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    // six purchases of one person each, three from each desk, all at once
    const quotes = await Promise.all(
      [a, a, a, b, b, b].map(async (main) => ({
        main,
        quote: await main.ok('quoteContacts', { keys: freshPeople(1), contactType: 'Email' })
      }))
    )
    const results = await Promise.all(
      quotes.map(({ main, quote }, index) =>
        main.call('buyContacts', { quoteId: quote.quoteId, requestId: `team-edge-${index}` })
      )
    )
    const bought = results.flatMap((result) => (result.ok ? [result.data] : []))
    const refused = results.flatMap((result) => (result.ok ? [] : [result.error]))
    expect(bought.map((purchase) => purchase.creditsSpent)).toEqual([1, 1, 1])
    expect(refused).toHaveLength(3)
    for (const error of refused) {
      expect(error.code).toBe('conflict')
      expect(error.message).toMatch(/Over budget.*Nothing was spent/)
    }
    // the team's refusals carry the over-budget lines the confirmation shows
    expect(refused.some((error) => /across the team/.test(error.message))).toBe(true)

    // the Sandbox was charged for three people, no more
    const balance = await a.ok('refreshCredits', { maxAgeSeconds: 0 })
    expect(balance.available).toBe(47)

    // the book says the same on both desks, once every desk's spends are pushed
    await Promise.all([a.services.teamSync.sync(), b.services.teamSync.sync()])
    const month = (await a.ok('listSpend', { months: 1 })).months[0]!.month
    const book = await until(
      () => b.ok('getTeamSpend', { month }),
      (answer) => answer.state === 'book' && answer.total === 3
    )
    if (book.state !== 'book') throw new Error('no book')
    expect(book.budgets).toEqual([
      { account: expect.stringMatching(/^[0-9a-f]{64}$/), localConnection: 'Shared key', credits: 3, spent: 3 }
    ])

    // lifted by the over-budget confirmation, a refused purchase goes through past the team's budget
    const again = quotes[results.findIndex((result) => !result.ok)]!
    const lifted = await again.main.ok('buyContacts', {
      quoteId: again.quote.quoteId,
      requestId: 'team-edge-lifted',
      overBudget: true
    })
    expect(lifted.creditsSpent).toBe(1)
  }, 90_000)

  it('a Tools contact lookup on B asks the team’s budget too: refused once A has used it up, nothing spent', async () => {
    const { a, b, aConnection } = await twoDesksOneAccount(30)
    await a.ok('setBudget', { scope: 'connection', targetId: aConnection, credits: 1 })
    const quote = await a.ok('quoteContacts', { keys: freshPeople(1), contactType: 'Email' })
    expect((await a.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'team-tool-a' })).creditsSpent).toBe(1)
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    const lookup = { name: 'contacts', arguments: { action: 'lookup', keys: freshPeople(1), contact_type: 'Email' } }
    const asked = await b.fail('callTool', { ...lookup, requestId: 'team-tool-ask' })
    const toolQuote = toolQuoteRequiredSchema.parse(asked.details).quote
    expect(toolQuote.contacts?.creditsNeeded).toBe(1)
    const refused = await b.fail('callTool', { ...lookup, requestId: 'team-tool-call', quoteId: toolQuote.quoteId })
    expect(refused.code).toBe('conflict')
    expect(refused.message).toMatch(/across the team.*Nothing was spent/)
    expect((await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available).toBe(29)
    // lifted for this one call, it goes through and is booked
    const sent = await b.ok('callTool', {
      ...lookup,
      requestId: 'team-tool-lifted',
      quoteId: toolQuote.quoteId,
      overBudget: true
    })
    expect(sent.isError).toBe(false)
    expect((await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available).toBe(28)
  }, 90_000)

  it('A’s purchase is in B’s team book: who, when, credits, and the account by B’s own connection name', async () => {
    const { a, b } = await twoDesksOneAccount(20)
    const quote = await a.ok('quoteContacts', { keys: freshPeople(2), contactType: 'Email' })
    const purchase = await a.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'team-book-a' })
    expect(purchase.creditsSpent).toBe(2)
    expect(purchase.message).toBeNull()
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    const month = (await a.ok('listSpend', { months: 1 })).months[0]!.month
    const book = await b.ok('getTeamSpend', { month })
    if (book.state !== 'book') throw new Error('no book')
    expect(book.entries).toEqual([
      expect.objectContaining({
        personName: 'Anna',
        deskName: 'Anna’s laptop',
        mine: false,
        connectionName: 'Agency account',
        localConnection: 'Shared key',
        credits: 2,
        people: 2,
        contactType: 'Email',
        account: expect.stringMatching(/^[0-9a-f]{64}$/)
      })
    ])
    expect(Date.parse(book.entries[0]!.bookedAt)).not.toBeNaN()
    // on A it is A's own
    const onA = await a.ok('getTeamSpend', { month })
    expect(onA.state === 'book' && onA.entries[0]?.mine).toBe(true)
    // the account travels as a salted hash, never the key
    expect(JSON.stringify(book)).not.toContain('Bearer')
    // a desk in no team has no team book
    const alone = await desk()
    expect(await alone.ok('getTeamSpend', { month })).toEqual({ state: 'none' })
  }, 90_000)

  it('the team server down: the purchase goes through on the local budget and says the team budget could not be checked', async () => {
    // a second instance on the same database: stopped, this desk's team server is down
    const own = await startTeamServer({
      databaseUrl: team.cluster.databaseUrl,
      host: '127.0.0.1',
      port: 0,
      log: () => undefined
    })
    const { a, aConnection } = await twoDesksOneAccount(20, own)
    await a.ok('setBudget', { scope: 'connection', targetId: aConnection, credits: 5 })
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()
    await own.close()
    const quote = await a.ok('quoteContacts', { keys: freshPeople(1), contactType: 'Email' })
    const purchase = await a.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'team-offline' })
    expect(purchase.creditsSpent).toBe(1)
    expect(purchase.message).toMatch(/team budget cannot be checked.*only this desk’s budget was checked/)
    // the local budget still holds: 5 credits, 1 spent, a purchase of 5 more is refused
    const over = await a.ok('quoteContacts', { keys: freshPeople(5), contactType: 'Email' })
    const refused = await a.fail('buyContacts', { quoteId: over.quoteId, requestId: 'team-offline-over' })
    expect(refused.code).toBe('conflict')
    expect(refused.message).not.toMatch(/across the team/)
  }, 90_000)
})
