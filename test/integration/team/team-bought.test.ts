import { describe, expect, it } from 'vitest'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import path from 'node:path'
import { systemClock } from '../../../sandbox/index'
import { startTestSandbox, testCatalog } from '../sandbox/helpers'
import { tempDir } from '../services/helpers'
import { loadNodeKeytar } from '../../../electron/main/vault/open-vault'
import { until } from '../until'
import { connectSandbox, quick, scanFolder, useTeamServer } from './fixtures/team-fixture'
import { quoteText } from '../../../renderer/src/components/contacts/quote-words'

/*
 * Contacts bought by the team (issue #38 item 4.3) with two desks and the real team server (on a
 * throwaway embedded PostgreSQL) over HTTP, both desks on one Sandbox account: what Anna's desk
 * bought comes to Ben's desk from the team, free — his quote says so and charges nothing, his
 * purchase serves the same data from the team's copy without asking the Sandbox, and his ledger
 * says whose purchase it was; a forget of the person on Ben's desk leaves nothing of them on
 * either desk, and the server's copy without its payload.
 */

const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
const poll = { firstMs: 20, factor: 1.5, maxMs: 60, limitMs: 10_000 }
const team = useTeamServer({ team: quick, contactPolling: poll })

/** Anna's and Ben's desks in one team, each connected to one Sandbox with the same key (one account). */
const twoDesksOneAccount = (credits: number) => team.startTeam({ teamName: 'Bought Talent', sandbox: { credits } })

describe('contacts bought by the team', () => {
  it('A buys X’s email; B’s quote says free, B’s purchase serves it from the team with 0 credits; a forget on B leaves nothing of X anywhere', async () => {
    const { a, b } = await twoDesksOneAccount(50)
    const x = testCatalog().search({}, { limit: 1, offset: 420 }).results[0]!.key!

    // A buys X's email from the Sandbox, and its purchase goes to the team
    const aQuote = await a.ok('quoteContacts', { keys: [x], contactType: 'Email' })
    expect(aQuote.creditsNeeded).toBe(1)
    const aBought = await a.ok('buyContacts', { quoteId: aQuote.quoteId, requestId: 'team-bought-a' })
    expect(aBought.creditsSpent).toBe(1)
    const aResult = aBought.statuses[0]!.result as Record<string, unknown>
    expect(aResult['status']).toBe('Completed')
    const email = JSON.stringify(aResult).match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/)?.[0]
    expect(email, 'the Sandbox gave an email').toBeDefined()
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    // B's quote: already bought by the team, free
    const bQuote = await until(
      async () => {
        await b.services.teamSync.sync()
        return b.ok('quoteContacts', { keys: [x], contactType: 'Email' })
      },
      (quote) => (quote.fromTeam ?? []).length === 1
    )
    expect(bQuote).toMatchObject({
      creditsNeeded: 0,
      newKeys: [],
      alreadyBought: [],
      fromTeam: [{ key: x, boughtBy: 'Anna', boughtAt: expect.any(String) }]
    })
    expect(quoteText(bQuote)).toMatch(/^Emails: 0 new — 0 credits; 1 already bought by the team — free; /)
    // bought by the team for emails, not for phones: phones still cost
    const bPhones = await b.ok('quoteContacts', { keys: [x], contactType: 'Phone' })
    expect(bPhones).toMatchObject({ creditsNeeded: 1, newKeys: [x] })
    expect(bPhones.fromTeam ?? []).toEqual([])

    // B's purchase: the same email, from the team's copy; the Sandbox's balance unchanged
    const before = (await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available
    const bBought = await b.ok('buyContacts', { quoteId: bQuote.quoteId, requestId: 'team-bought-b' })
    expect(bBought.creditsSpent).toBe(0)
    expect(bBought.outcome).toBe('bought')
    expect(bBought.statuses).toEqual([expect.objectContaining({ key: x, status: 'Completed', result: aResult })])
    expect((await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available).toBe(before)
    expect(before).toBe(49)
    expect(await b.ok('contactsFor', { keys: [x] })).toEqual({ [x]: [aResult] })
    // money has one book: a 0-credit line that says whose purchase it came from (Usage's ledger)
    const ledger = (await b.ok('listLedger', {})).entries.filter((entry) => entry.purchaseId === bBought.purchaseId)
    expect(ledger).toEqual([
      expect.objectContaining({
        creditsSpent: 0,
        outcome: 'bought',
        keys: [x],
        message: expect.stringMatching(/^From the team, bought by Anna on \d{4}-\d{2}-\d{2}\.$/)
      })
    ])
    // never sent to the Partner API: B's call log has GetPremiumContacts for its own purchase of
    // X's phones (written in order, after), none for the purchase served from the team
    const phones = await b.ok('buyContacts', { quoteId: bPhones.quoteId, requestId: 'team-bought-b-phones' })
    expect(phones.creditsSpent).toBe(1)
    const calls = (purchaseId: string) =>
      team
        .storeOf(b)
        .prepare("SELECT count(*) FROM api_log WHERE transaction_id = ? AND endpoint LIKE '%GetPremiumContacts%'")
        .pluck()
        .get(purchaseId) as number
    await until(
      async () => calls(phones.purchaseId),
      (n) => n > 0
    )
    expect(calls(bBought.purchaseId)).toBe(0)
    // B's own purchase of X's phones is the team's too, on the server before the forget
    await b.services.teamSync.sync()
    await b.services.teamSync.idle()
    // now B's own: a second quote says already bought (by this desk), free
    expect(await b.ok('quoteContacts', { keys: [x], contactType: 'Email' })).toMatchObject({
      alreadyBought: [x],
      creditsNeeded: 0
    })

    // a forget of X on B: nothing of X left on A or B, and the server's copy has no payload
    await b.ok('forgetPeople', { keys: [x], reason: 'person-asked' })
    await b.services.teamSync.sync()
    await b.services.teamSync.idle()
    await until(
      async () => {
        await a.services.teamSync.sync()
        return a.ok('describePerson', { key: x })
      },
      (described) => described.rows === 0
    )
    for (const main of [a, b]) {
      await main.services.teamSync.idle()
      await main.services.compaction.idle()
    }
    for (const main of [a, b]) {
      expect(team.tableRows(main, 'team_bought_contacts')).toBe(0)
      expect(scanFolder(main.dataDir, [x, email!])).toEqual([])
    }
    const onServer = await team.cluster.query<{ payload: unknown }>(
      "SELECT payload FROM changes WHERE kind = 'contacts.bought' ORDER BY seq"
    )
    // A's purchase of X's email and B's own of X's phones: both without their payload
    expect(onServer).toEqual([{ payload: null }, { payload: null }])
    const text = await team.cluster.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM changes WHERE payload::text LIKE $1',
      [`%${email!}%`]
    )
    expect(text[0]!.n).toBe(0)
  }, 90_000)

  it('a Tools contact lookup on B sends only the people the team did not buy, and serves the rest from the team', async () => {
    const { a, b } = await twoDesksOneAccount(50)
    const [y, z] = testCatalog()
      .search({}, { limit: 2, offset: 430 })
      .results.map((person) => person.key!)
    const aQuote = await a.ok('quoteContacts', { keys: [y!], contactType: 'Email' })
    const aBought = await a.ok('buyContacts', { quoteId: aQuote.quoteId, requestId: 'team-tool-a' })
    expect(aBought.creditsSpent).toBe(1)
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    const lookup = { name: 'contacts', arguments: { action: 'lookup', keys: [y, z], contact_type: 'Email' } }
    const toolQuote = await until(
      async () => {
        await b.services.teamSync.sync()
        const asked = await b.fail('callTool', { ...lookup, requestId: `team-tool-ask-${Math.random()}` })
        return toolQuoteRequiredSchema.parse(asked.details).quote
      },
      (quote) => (quote.contacts?.fromTeam ?? []).length === 1
    )
    expect(toolQuote.contacts).toMatchObject({
      creditsNeeded: 1,
      newKeys: [z],
      fromTeam: [{ key: y, boughtBy: 'Anna' }]
    })
    const before = (await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available
    await b.ok('callTool', { ...lookup, requestId: 'team-tool-call', quoteId: toolQuote.quoteId })
    // one credit, for Z: Y came from the team
    expect((await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available).toBe(before! - 1)
    expect((await b.ok('contactsFor', { keys: [y!] }))[y!]).toEqual([aBought.statuses[0]!.result])
    const ledger = team
      .storeOf(b)
      .prepare("SELECT credits_spent, keys_json FROM credit_ledger WHERE message LIKE 'From the team%'")
      .all()
    expect(ledger).toEqual([{ credits_spent: 0, keys_json: JSON.stringify([y]) }])
  }, 90_000)

  // A restarts mid-purchase: its keys (the team's credential, the connection's) must outlive it
  it.runIf(keychainHere)(
    'a purchase on A followed to its end after a restart is shared: B’s quote still says free',
    async () => {
      // the Sandbox on a clock of the test's: A's lookup stays Pending until the clock moves
      const sandbox = team.closeAfter(
        await startTestSandbox({
          credits: 50,
          contactTiming: { startAfterMs: 20, completeAfterMs: 60, failureShare: 0 }
        })
      )
      const dataDir = tempDir('td-team-bought-restart-')
      const aOptions = { team: quick, contactPolling: poll, dataDir, loadKeytar: loadNodeKeytar }
      const { a, b } = await team.startTeam({ teamName: 'Restart Talent', desk: (i) => (i === 0 ? aOptions : {}) })
      await connectSandbox(a, sandbox, 'Agency account', false)
      await connectSandbox(b, sandbox, 'Shared key')
      const x = testCatalog().search({}, { limit: 1, offset: 460 }).results[0]!.key!

      const aQuote = await a.ok('quoteContacts', { keys: [x], contactType: 'Email' })
      const buying = a.call('buyContacts', { quoteId: aQuote.quoteId, requestId: 'team-restart-a' })
      // bought (its ledger line written) and being followed, still Pending at the service
      await until(
        async () =>
          team
            .storeOf(a)
            .prepare("SELECT count(*) FROM credit_ledger WHERE outcome = 'bought' AND credits_spent = 1")
            .pluck()
            .get() as number,
        (n) => n === 1
      )
      await a.close()
      await buying
      sandbox.clock.advance(120_000)

      // started again, A follows the lookup to its end (free Polling) and shares it
      const again = await team.desk(aOptions)
      await until(
        async () => ((await again.ok('contactsFor', { keys: [x] }))[x] ?? []).length,
        (n) => n > 0
      )
      const bQuote = await until(
        async () => {
          await again.services.teamSync.sync()
          await b.services.teamSync.sync()
          return b.ok('quoteContacts', { keys: [x], contactType: 'Email' })
        },
        (quote) => (quote.fromTeam ?? []).length === 1
      )
      expect(bQuote).toMatchObject({ creditsNeeded: 0, newKeys: [], fromTeam: [{ key: x, boughtBy: 'Anna' }] })
    },
    90_000
  )

  it('a person an unanswered purchase on A sold, found by the free check when A buys again, is shared: B’s quote says free', async () => {
    const stateFile = path.join(tempDir('td-team-bought-lost-'), 'sandbox.json')
    const contactTiming = { startAfterMs: 40, completeAfterMs: 120, failureShare: 0 }
    // a slow service: every answer comes after A's time limit, though the work is done
    const slow = await startTestSandbox({
      clock: systemClock,
      credits: 10,
      faults: 'stall=1,stallMs=1500',
      contactTiming,
      stateFile
    })
    const http = {
      timeouts: { headersMs: 300, bodyMs: 300 },
      retry: { retries: 1, minTimeoutMs: 10, maxTimeoutMs: 20 }
    }
    const { a, b } = await team.startTeam({
      teamName: 'Lost Talent',
      desk: (i) => (i === 0 ? { team: quick, contactPolling: poll, http } : {})
    })
    await connectSandbox(a, slow, 'Agency account')
    const x = testCatalog().search({}, { limit: 1, offset: 470 }).results[0]!.key!
    const first = await a.ok('quoteContacts', { keys: [x], contactType: 'Email' })
    expect((await a.fail('buyContacts', { quoteId: first.quoteId, requestId: 'team-lost-1' })).code).toBe('timeout')
    await slow.close()

    // the service recovers (same address, same organisation): X was sold; A buys again and the
    // free check finds it, nothing is bought twice
    const port = Number(new URL(slow.baseUrl).port)
    const back = team.closeAfter(
      await startTestSandbox({ clock: systemClock, credits: 10, contactTiming, stateFile, port })
    )
    await connectSandbox(b, back, 'Shared key')
    const again = await a.ok('quoteContacts', { keys: [x], contactType: 'Email' })
    const bought = await a.ok('buyContacts', { quoteId: again.quoteId, requestId: 'team-lost-2' })
    expect(bought.creditsSpent).toBe(0)
    expect(bought.statuses.map((status) => status.status)).toEqual(['Completed'])

    const bQuote = await until(
      async () => {
        await a.services.teamSync.sync()
        await b.services.teamSync.sync()
        return b.ok('quoteContacts', { keys: [x], contactType: 'Email' })
      },
      (quote) => (quote.fromTeam ?? []).length === 1
    )
    expect(bQuote).toMatchObject({ creditsNeeded: 0, newKeys: [], fromTeam: [{ key: x, boughtBy: 'Anna' }] })
  }, 90_000)

  it('a purchase on B served in part from the team and refused for the rest (out of credits) answers both', async () => {
    // one credit on the account: A's purchase of X's email spends it
    const { a, b } = await twoDesksOneAccount(1)
    const [x, w] = testCatalog()
      .search({}, { limit: 2, offset: 450 })
      .results.map((person) => person.key!)
    const aQuote = await a.ok('quoteContacts', { keys: [x!], contactType: 'Email' })
    expect((await a.ok('buyContacts', { quoteId: aQuote.quoteId, requestId: 'team-partial-a' })).creditsSpent).toBe(1)
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    const bQuote = await until(
      async () => {
        await b.services.teamSync.sync()
        return b.ok('quoteContacts', { keys: [x!, w!], contactType: 'Email' })
      },
      (quote) => (quote.fromTeam ?? []).length === 1
    )
    expect(bQuote).toMatchObject({ newKeys: [w], creditsNeeded: 1 })
    const bought = await b.ok('buyContacts', { quoteId: bQuote.quoteId, requestId: 'team-partial-b' })
    expect(bought).toMatchObject({ outcome: 'bought', creditsSpent: 0, notBought: [w] })
    expect(bought.statuses.find((status) => status.key === x)?.status).toBe('Completed')
    expect(bought.message).toMatch(
      /^1 served from what the team already bought, free; the rest were refused: Not enough credits: 1 needed, 0 left\. Nothing was bought from the service\.$/
    )
    // X saved on B with its 0-credit line; W's refusal in the ledger too
    expect(((await b.ok('contactsFor', { keys: [x!] }))[x!] ?? []).length).toBeGreaterThan(0)
    const ledger = team
      .storeOf(b)
      .prepare('SELECT outcome, credits_spent, keys_json FROM credit_ledger ORDER BY id')
      .all()
    expect(ledger).toEqual([
      { outcome: 'bought', credits_spent: 0, keys_json: JSON.stringify([x]) },
      { outcome: 'refused', credits_spent: 0, keys_json: JSON.stringify([w]) }
    ])
  }, 90_000)

  it('a Tools call on B does not send a person whose team copy was erased between the quote and the call', async () => {
    const { a, b } = await twoDesksOneAccount(50)
    const [y, z] = testCatalog()
      .search({}, { limit: 2, offset: 440 })
      .results.map((person) => person.key!)
    const aQuote = await a.ok('quoteContacts', { keys: [y!], contactType: 'Email' })
    expect((await a.ok('buyContacts', { quoteId: aQuote.quoteId, requestId: 'team-erased-a' })).creditsSpent).toBe(1)
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()

    const lookup = { name: 'contacts', arguments: { action: 'lookup', keys: [y, z], contact_type: 'Email' } }
    const toolQuote = await until(
      async () => {
        await b.services.teamSync.sync()
        const asked = await b.fail('callTool', { ...lookup, requestId: `team-erased-ask-${Math.random()}` })
        return toolQuoteRequiredSchema.parse(asked.details).quote
      },
      (quote) => (quote.contacts?.fromTeam ?? []).length === 1
    )
    expect(toolQuote.contacts).toMatchObject({ creditsNeeded: 1, newKeys: [z], fromTeam: [{ key: y }] })

    // Y is forgotten on A after B's quote: B's copy of the team's purchase is erased
    await a.ok('forgetPeople', { keys: [y!], reason: 'person-asked' })
    await a.services.teamSync.sync()
    await a.services.teamSync.idle()
    await until(
      async () => {
        await b.services.teamSync.sync()
        await b.services.teamSync.idle()
        return team.tableRows(b, 'team_bought_contacts')
      },
      (rows) => rows === 0
    )

    const before = (await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available
    await b.ok('callTool', { ...lookup, requestId: 'team-erased-call', quoteId: toolQuote.quoteId })
    // the call went for Z only: one credit, and nothing of Y looked up or saved on B
    expect((await b.ok('refreshCredits', { maxAgeSeconds: 0 })).available).toBe(before! - 1)
    expect((await b.ok('contactsFor', { keys: [y!, z!] }))[y!] ?? []).toEqual([])
    expect(((await b.ok('contactsFor', { keys: [z!] }))[z!] ?? []).length).toBeGreaterThan(0)
  }, 90_000)
})
