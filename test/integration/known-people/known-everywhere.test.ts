import { describe, expect, it } from 'vitest'
import type { SearchResult } from '../../../shared/ipc/channels/search'
import { toolQuoteRequiredSchema } from '../../../shared/ipc/channels/tools'
import { knownOf, personRefOf } from '../../../renderer/src/lib/person-ref'
import { testProfileCount } from '../sandbox/helpers'
import { noKeychain, useMains, type TestMain } from '../services/helpers'

/*
 * One answer to "already in your ATS" (issue #36 item 5), over the composed main and the built-in
 * Sandbox: a person known ONLY by name and company (a list with no email, link or key) and a person
 * the service itself says is matched to the ATS (the profile's ats_data) are left out of the quote
 * of every path that quotes (Search and Chat with what their rows hold, as BuyContactsDialog sends
 * it; Shortlists and Contacts by key alone; a tool's contact lookup through the port), marked alike
 * (checkKnownPeople by key alone), and the tool's lookup is sent for the others only.
 */

const start = useMains()

let request = 0
const requestId = () => `known-${String(++request).padStart(6, '0')}`

/** Imports a CSV (as the page sends it) into a shared list with the columns guessed. */
async function importCsv(main: TestMain, text: string, name: string) {
  const bytes = Buffer.from(text)
  const { uploadId } = await main.ok('startKnownPeopleUpload', { bytes: bytes.length })
  await main.ok('appendKnownPeopleUpload', { uploadId, chunk: bytes.toString('base64'), last: true })
  const { mapping } = await main.ok('previewKnownPeople', { uploadId, fileName: `${name}.csv` })
  return main.ok('importKnownPeople', { uploadId, fileName: `${name}.csv`, name, scope: { kind: 'shared' }, mapping })
}

const str = (profile: unknown, field: string): string => {
  const value = (profile as Record<string, unknown>)[field]
  return typeof value === 'string' ? value : ''
}
const matched = (result: SearchResult) =>
  (result.profile as { ats_data?: { is_matched?: boolean } }).ats_data?.is_matched === true

/** What BuyContactsDialog sends: each row's key with what the row holds of them. */
const shownPeople = (results: readonly SearchResult[]) =>
  results.flatMap((result) => {
    const known = result.key === null ? null : knownOf(personRefOf(result.key, result.profile))
    return known === null ? [] : [known]
  })

describe('one check of "already in your ATS"', () => {
  it('leaves the same people out of every quote (Search, Chat, Shortlists, Contacts, Tools) and marks them alike', async () => {
    const main = await start({ sandboxProfiles: testProfileCount, loadKeytar: noKeychain, pace: { ceiling: 200 } })
    const chat = await main.ok('sendChat', { text: 'software engineers', requestId: requestId() })
    const results = chat.turns[1]!.results.filter((result) => result.key !== null)
    // by name and company only: someone with both, whom the service does not match itself
    const byName = results.find(
      (result) =>
        !matched(result) && str(result.profile, 'full_name') !== '' && str(result.profile, 'cur_company') !== ''
    )!
    const byService = results.find(matched)!
    const others = results.filter((result) => result !== byName && result !== byService).slice(0, 2)
    expect(byName, 'a person with a name and company').toBeDefined()
    expect(byService, 'a person the Sandbox matches to the ATS (ats_data)').toBeDefined()
    expect(others).toHaveLength(2)
    const stage = (byService.profile as { ats_data: { current_stage: string } }).ats_data.current_stage
    // a list that knows them by name and company alone: no email, link or key, the company's legal suffix added
    await importCsv(
      main,
      `Full name,Company,Stage\n"${str(byName.profile, 'full_name')}","${str(byName.profile, 'cur_company')}, Inc.",Phone Screen\n`,
      'Names only'
    )
    const chosen = [byName, byService, ...others]
    const keys = chosen.map((result) => result.key!)
    const known = [byName.key!, byService.key!]
    const priced = others.map((result) => result.key!)

    // Chat: the rows of the answer, with what they hold
    const fromChat = await main.ok('quoteContacts', {
      keys,
      contactType: 'Email',
      people: shownPeople(chosen),
      spentFor: { feature: 'search' }
    })
    expect(fromChat).toMatchObject({ keys: priced, known, creditsNeeded: 2 })

    // Search: each found by name and company, the quote asked with the result rows
    const found: SearchResult[] = []
    for (const result of chosen) {
      const reply = await main.ok('searchProfiles', {
        requestId: requestId(),
        request: { name: str(result.profile, 'full_name'), company: str(result.profile, 'cur_company') },
        options: { maxNumberOfResults: 5 }
      })
      found.push(reply.results.find((one) => one.key === result.key)!)
    }
    expect(found.every(Boolean)).toBe(true)
    const fromSearch = await main.ok('quoteContacts', {
      keys,
      contactType: 'Email',
      people: shownPeople(found),
      spentFor: { feature: 'search' }
    })
    expect(fromSearch).toMatchObject({ keys: priced, known, creditsNeeded: 2 })

    // Shortlists and Contacts: the people saved, the quote asked by key alone (main holds the rest)
    const list = await main.ok('createShortlist', { name: 'Engineers' })
    await main.ok('addMembers', { shortlistId: list.id, profiles: chosen.map((result) => result.profile) })
    const fromShortlist = await main.ok('quoteContacts', {
      keys,
      contactType: 'Email',
      spentFor: { feature: 'contacts', shortlistId: list.id }
    })
    expect(fromShortlist).toMatchObject({ keys: priced, known, creditsNeeded: 2 })
    const fromContacts = await main.ok('quoteContacts', { keys, contactType: 'Phone' })
    expect(fromContacts).toMatchObject({ keys: priced, known, creditsNeeded: 2 })

    // the marks, by key alone as a shortlist row asks: the list by name and company, the service with its stage
    const { known: marks } = await main.ok('checkKnownPeople', { people: keys.map((key) => ({ key })) })
    expect(marks).toEqual([
      expect.objectContaining({ index: 0, listName: 'Names only', stage: 'Phone Screen', by: 'name-employer' }),
      expect.objectContaining({ index: 1, listId: null, listName: 'the service', stage, by: 'service' })
    ])

    // Tools: a contacts lookup naming all four is quoted by the same check, and sent for the two others only
    const call = { name: 'contacts', arguments: { action: 'lookup', keys, contact_type: 'Email' } }
    const asked = toolQuoteRequiredSchema.parse(
      (await main.fail('callTool', { ...call, requestId: requestId() })).details
    )
    expect(asked.quote.contacts).toMatchObject({ keys: priced, known, creditsNeeded: 2 })
    const sent = await main.ok('callTool', { ...call, requestId: requestId(), quoteId: asked.quote.quoteId })
    expect(sent.isError).toBe(false)
    const looked = (sent.structuredContent as { results: Array<{ key: string }> }).results.map((row) => row.key)
    expect(looked.sort()).toEqual([...priced].sort())
    const { entries } = await main.ok('listLedger', {})
    expect(entries.at(-1)).toMatchObject({ creditsSpent: 2 })
    expect([...entries.at(-1)!.keys].sort()).toEqual([...priced].sort())
  })

  it('a person bought but never saved is known on the Contacts screen by the name and company of their contact card', async () => {
    const main = await start({ sandboxProfiles: testProfileCount, loadKeytar: noKeychain, pace: { ceiling: 200 } })
    const chat = await main.ok('sendChat', { text: 'software engineers', requestId: requestId() })
    const [person] = chat.turns[1]!.results.filter(
      (result) => result.key !== null && !matched(result) && str(result.profile, 'cur_company') !== ''
    )
    const key = person!.key!
    const quote = await main.ok('quoteContacts', { keys: [key], contactType: 'Email' })
    expect(quote).toMatchObject({ keys: [key], known: [] })
    await main.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-card-0001' })
    await importCsv(
      main,
      `Full name,Company\n"${str(person!.profile, 'full_name')}","${str(person!.profile, 'cur_company')}"\n`,
      'Names only'
    )
    // the Contacts screen asks by key alone: main reads the bought result's card
    const again = await main.ok('quoteContacts', { keys: [key], contactType: 'Phone' })
    expect(again).toMatchObject({ keys: [], known: [key], creditsNeeded: 0 })
  })
})
