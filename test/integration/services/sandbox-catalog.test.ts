import { existsSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { SANDBOX_CATALOG_FILE } from '../../../electron/main/compose'
import { generateProfiles } from '../../../sandbox/data/generate'
import { tempDir, useMains, type TestMain } from './helpers'

// The built-in sandbox as the app runs it (its worker, from source), 300 people of seed 42.
const COUNT = 300
const people = generateProfiles({ count: COUNT, seed: 42 })

/** What a recruiter sees of a few searches (without the per-call transaction ids). */
async function searches(main: TestMain): Promise<unknown[]> {
  const out: unknown[] = []
  for (const [i, p] of people.filter((_, i) => i % 37 === 0).entries()) {
    const found = await main.ok('searchProfiles', {
      requestId: `req-cat-${String(i).padStart(4, '0')}`,
      request: { name: p.first_name!, company: p.cur_company! }
    })
    out.push(found.results)
  }
  return out
}

describe('the built-in sandbox’s catalog file', () => {
  const start = useMains()

  it('is kept in the data folder; a restart reads it and answers the same, with the sandbox state intact', async () => {
    const dataDir = tempDir('td-sbx-catalog-')
    const first = await start({ dataDir, sandboxProfiles: COUNT })
    const before = await searches(first)
    const quote = await first.ok('quoteContacts', { keys: [people[5]!.key!, people[6]!.key!], contactType: 'Email' })
    expect(await first.ok('buyContacts', { quoteId: quote.quoteId, requestId: 'buy-cat-0001' })).toMatchObject({
      creditsSpent: 2
    })
    expect(await first.services.sandbox!.catalog()).toMatchObject({ saved: true })
    const file = join(dataDir, SANDBOX_CATALOG_FILE)
    expect(statSync(file).mode & 0o777).toBe(0o600)
    expect(first.logs.find((r) => r.event === 'sandbox.ready')?.fields).toMatchObject({
      catalog: 'generated',
      catalogProblem: 'missing: no catalog file yet'
    })
    const credits = await first.ok('getCredits', {})
    await first.close()

    const second = await start({ dataDir, sandboxProfiles: COUNT })
    expect(await searches(second)).toEqual(before)
    expect(second.logs.find((r) => r.event === 'sandbox.ready')?.fields).toMatchObject({
      catalog: 'file',
      catalogProblem: null
    })
    expect(await second.services.sandbox!.catalog()).toMatchObject({ saved: false, detail: 'up to date' })
    // credits and purchases live in the sandbox's state file, untouched by the catalog
    expect(await second.ok('getCredits', {})).toEqual(credits)
    const again = await second.ok('quoteContacts', {
      keys: [people[5]!.key!, people[6]!.key!],
      contactType: 'Email'
    })
    expect(again).toMatchObject({ alreadyBought: [people[5]!.key!, people[6]!.key!], creditsNeeded: 0 })
    expect(existsSync(file)).toBe(true)
  }, 30_000) // two starts of the sandbox's worker from source
})
