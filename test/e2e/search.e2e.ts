import { readFileSync, writeFileSync } from 'node:fs'
import Database from 'better-sqlite3'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { startLiberalServer } from '../integration/api/liberal-server'
import { startTestSandbox } from '../integration/sandbox/helpers'
import { artifacts, quoteEveryone, shot, startApp, type E2eApp } from './support'

// The built-in sandbox of the e2e app: 2,000 people, seed 1 (test/e2e/support.ts).
const people = generateProfiles({ count: 2000, seed: 1 })
const coder = people.find((p) => (p.user_repos?.length ?? 0) > 0 && p.full_name && p.cur_company)!
const doctor = people.find((p) => p.healthcare_profile && p.full_name && p.cur_company)!
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const common = [...firstNames.entries()].sort((a, b) => b[1] - a[1])[0]![0]

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the search loop, end to end (${colorScheme})`, () => {
    let app: E2eApp
    let second: Awaited<ReturnType<typeof startTestSandbox>>
    beforeAll(async () => {
      app = await startApp({ colorScheme })
      second = await startTestSandbox()
    })
    afterAll(async () => {
      await second?.close()
      await app?.close()
    })

    it('first start: searches the built-in sandbox by name and company and reads whole profiles', async () => {
      const { page } = app
      await page.getByTestId('search-form').waitFor()
      await page.getByTestId('active-connection').getByText('Sandbox').first().waitFor()
      // the sandbox generates its people in a worker: give a loaded machine time
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      await shot(page, `search-idle-${colorScheme}`)

      const name = page.getByLabel('Name', { exact: true })
      await name.fill(coder.full_name!)
      await page.getByLabel('Company', { exact: true }).fill(coder.cur_company!)
      await page.getByLabel('Company', { exact: true }).press('Enter')
      const list = page.getByTestId('results-list')
      await list.getByRole('option').first().waitFor()
      expect(await list.getByRole('option').first().textContent()).toContain(coder.full_name)
      expect(await page.getByTestId('transaction-id').textContent()).toMatch(/[0-9a-f-]{36}/)
      const profile = page.getByTestId('profile-pane')
      await profile.getByTestId('profile-name').getByText(coder.full_name!).waitFor()
      const codehost = profile.getByTestId('profile-section-codehost')
      await codehost.waitFor()
      expect(await codehost.textContent()).toContain(coder.user_repos![0]!.name!)
      await profile.getByTestId('profile-section-positions').waitFor()
      await shot(page, `search-results-codehost-${colorScheme}`)

      // Raw shows the record as received
      await profile.getByTestId('profile-raw-tab').click()
      expect(await profile.getByTestId('profile-raw').textContent()).toContain(`"key": "${coder.key}"`)
      await profile.getByRole('tab', { name: 'Profile' }).click()

      await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
      await name.fill(doctor.full_name!)
      await page.getByLabel('Company', { exact: true }).fill(doctor.cur_company!)
      await name.press('Enter')
      await profile.getByTestId('profile-name').getByText(doctor.full_name!).waitFor()
      const healthcare = profile.getByTestId('profile-section-healthcare')
      await healthcare.waitFor()
      expect(await healthcare.textContent()).toContain(doctor.healthcare_profile!.npi_number!)
      await shot(page, `search-profile-healthcare-${colorScheme}`)
    })

    it('ticks three results with the keyboard, adds them to a new shortlist, and the rows say so', async () => {
      const { page } = app
      const name = page.getByLabel('Name', { exact: true })
      // / takes the keyboard to the name field from the results
      await page.getByTestId('results-list').focus()
      await page.keyboard.press('/')
      expect(await name.evaluate((input) => input === document.activeElement)).toBe(true)
      await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
      await name.fill(common)
      await name.press('Enter')
      const list = page.getByTestId('results-list')
      await list.getByRole('option').nth(2).waitFor()
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
      await page.keyboard.press('Space')
      await page.keyboard.press('j')
      await page.keyboard.press('Space')
      await page.keyboard.press('j')
      await page.keyboard.press('Space')
      await expect.poll(() => page.getByTestId('results-picked').textContent()).toBe('3 ticked')
      const names = await list
        .getByRole('option')
        .evaluateAll((rows) =>
          rows.slice(0, 3).map((row) => row.querySelector('.name')?.childNodes[0]?.textContent?.trim() ?? '')
        )
      await page.keyboard.press('s')
      const dialog = page.getByRole('dialog', { name: /Add 3 people to a shortlist/ })
      await dialog.waitFor()
      await dialog.getByRole('radio', { name: 'New shortlist' }).check()
      await dialog.getByLabel('New shortlist name').fill(`Found ${colorScheme}`)
      await shot(page, `search-add-to-shortlist-${colorScheme}`)
      await dialog.getByLabel('New shortlist name').press('Enter')
      await page.getByText(`Added 3 to “Found ${colorScheme}”.`).waitFor()
      await expect.poll(() => list.getByText(`on Found ${colorScheme}`).count()).toBe(3)

      // the shortlist has them
      await page.keyboard.press('5')
      await page
        .getByRole('listbox', { name: /Shortlists/ })
        .getByText(`Found ${colorScheme}`)
        .click()
      await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('3 people')
      for (const person of names)
        expect(await page.getByRole('listbox', { name: /people/i }).textContent()).toContain(person.split(' ')[0])
      await page.keyboard.press('1')
      await list.getByRole('option').first().waitFor()
    })

    it('exports the current results to CSV and reads them back', async () => {
      const { page } = app
      await page.getByTestId('results-list').focus()
      await page.keyboard.press('e')
      const dialog = page.getByRole('dialog', { name: /Export \d+ search results to CSV/ })
      await dialog.waitFor()
      const count = Number((await page.getByTestId('results-count').textContent())!.split(' ')[0])
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Export', exact: true }).click()
      ])
      const file = join(app.dataDir, `results-${colorScheme}.csv`)
      await download.saveAs(file)
      const rows = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
      expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Title', 'Company'])
      expect(rows).toHaveLength(count + 1)
      expect(rows.slice(1).every((row) => row[0]!.startsWith(common))).toBe(true)
      await dialog.getByRole('button', { name: 'Close' }).last().click()
    })

    it('buys contacts for two people after a quote, credits fall by exactly two, and the same people then cost nothing', async () => {
      const { page } = app
      const list = page.getByTestId('results-list')
      await list.focus()
      await page.keyboard.press('Home')
      await page.keyboard.press('Space')
      await page.keyboard.press('j')
      await page.keyboard.press('Space')
      await page.keyboard.press('c')
      const dialog = page.getByTestId('buy-contacts')
      await dialog.waitFor()
      await dialog.getByTestId('contacts-quote').click()
      const quote = dialog.getByTestId('contacts-quote-text')
      await quoteEveryone(dialog)
      expect(await quote.textContent()).toContain('2 new — 2 credits')
      await shot(page, `contacts-quote-${colorScheme}`)
      await dialog.getByTestId('contacts-confirm').click()
      const done = dialog.getByTestId('contacts-done')
      await done.waitFor({ timeout: 30_000 })
      expect(await done.textContent()).toContain('Bought 2 for 2 credits. 998 credits available.')
      expect(await dialog.getByTestId('contact-result').count()).toBe(2)
      await shot(page, `contacts-results-${colorScheme}`)
      await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/998\s*available\s*· 2 used/)
      await dialog.getByRole('button', { name: 'Done' }).click()
      // the open person's profile shows the contacts bought (the cursor is on the second one)
      await page.keyboard.press('Enter')
      await page
        .getByTestId('profile-pane')
        .getByTestId('profile-section-contacts')
        .or(page.getByTestId('profile-pane').getByText('no provider'))
        .first()
        .waitFor()

      // the same two again: free, and nothing more is spent
      await page.keyboard.press('c')
      await dialog.waitFor()
      await dialog.getByTestId('contacts-quote').click()
      await quoteEveryone(dialog)
      expect(await quote.textContent()).toContain('0 new — 0 credits; 2 already bought — free; 998 available')
      await dialog.getByTestId('contacts-confirm').click()
      await done.waitFor({ timeout: 30_000 })
      expect(await done.textContent()).toContain('Nothing new was bought.')
      await dialog.getByRole('button', { name: 'Done' }).click()
      await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/998\s*available/)

      // The local ledger says exactly what the service charged: 1,000 − 998 = 2, in one row.
      const db = new Database(join(app.dataDir, 'talent-desk.sqlite'), { readonly: true })
      const rows = db
        .prepare('SELECT outcome, credits_spent, available_before, available_after FROM credit_ledger ORDER BY id')
        .all() as Array<{
        outcome: string
        credits_spent: number
        available_before: number | null
        available_after: number
      }>
      db.close()
      const spentByLedger = rows
        .filter((row) => row.outcome === 'bought')
        .reduce((sum, row) => sum + row.credits_spent, 0)
      expect(rows.map((row) => row.outcome)).toEqual(['bought'])
      expect(rows[0]).toMatchObject({ available_after: 998 })
      expect(spentByLedger).toBe(1000 - 998)
      writeFileSync(
        join(artifacts, `contacts-ledger-${colorScheme}.json`),
        JSON.stringify({ creditsBefore: 1000, creditsAfter: 998, spentByService: 1000 - 998, spentByLedger, rows })
      )
    })

    it('adds a remote connection with its key (only the last four are shown), searches it, and switches back', async () => {
      const { page } = app
      await page.keyboard.press('8')
      await page.getByTestId('connections-list').waitFor()
      await shot(page, `settings-sandbox-${colorScheme}`)
      await page.getByTestId('connection-add').click()
      const form = page.getByTestId('connection-form')
      await form.getByLabel('Name').fill('Second sandbox')
      await form.getByLabel('Base URL').fill(second.baseUrl)
      await form.getByTestId('connection-save').click()
      await page.getByTestId('secret-input-apiKey').fill(second.apiKey)
      await page.getByTestId('secret-input-apiKey').press('Enter')
      const status = page.getByTestId('secret-status-apiKey')
      // Without a keychain (CI runs the browser tests outside the keyring session) the page says
      // why and offers to keep the key for this session only.
      const sessionOnly = page.getByTestId('secret-session-only')
      await status.or(sessionOnly).waitFor()
      if (await sessionOnly.isVisible()) {
        expect(await page.getByRole('alert').first().textContent()).toMatch(/keychain/i)
        await sessionOnly.click()
      }
      await status.waitFor()
      expect(await status.textContent()).toContain(`ending ${second.apiKey.slice(-4)}`)
      // the page never holds the key: not in the DOM, not in a field
      expect(await page.content()).not.toContain(second.apiKey)
      await page.getByTestId('connection-test').click()
      const result = page.getByTestId('connection-test-result')
      await result.waitFor()
      expect(await result.textContent()).toContain('Accepted.')
      await shot(page, `settings-remote-${colorScheme}`)

      await page.getByTestId('connection-activate').click()
      await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Second sandbox')
      await page.keyboard.press('1')
      await expect.poll(() => page.getByTestId('search-connection').textContent()).toContain('Second sandbox')
      const name = page.getByLabel('Name', { exact: true })
      await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
      await page.getByLabel('Profile key').fill(people[0]!.key!)
      await name.press('Enter')
      // the second sandbox has other people (seed 42), so the same key finds no one there
      await page.getByTestId('search-empty').waitFor()

      await page.getByRole('navigation').getByText('Settings').click()
      await page
        .getByTestId('connections-list')
        .getByRole('button', { name: /^Sandbox/ })
        .click()
      await page.getByTestId('connection-activate').click()
      await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Sandbox')
      await expect.poll(() => page.getByTestId('active-connection').textContent()).not.toContain('Second')
      // the Sandbox's test covers the tool server too: its token and the tools it lists
      await page.getByTestId('connection-test').click()
      await expect
        .poll(() => page.getByTestId('connection-test-result').textContent())
        .toMatch(/Issued for mcp:tools\..*5 tools: search, contacts, exports, workspaces, index_search/)
      await shot(page, `settings-sandbox-test-${colorScheme}`)
    })
  })
}

describe('a service with 1,000 results and records that do not match the spec', () => {
  let app: E2eApp
  let server: Awaited<ReturnType<typeof startLiberalServer>>
  const many = generateProfiles({ count: 1000, seed: 7 }).map((p, i) =>
    // one record takes liberties: a number as text, an unknown field, nulls
    i === 3 ? { ...p, grad_year: 'twenty', cur_title: null, favourite_tool: 'vim' } : p
  )
  beforeAll(async () => {
    app = await startApp({ sandboxProfiles: 0 })
    // as a real server may: text/plain, whatever is asked for
    server = await startLiberalServer(() => ({ headers: { 'content-type': 'text/plain' }, body: JSON.stringify(many) }))
  })
  afterAll(async () => {
    await server?.close()
    await app?.close()
  })

  it('stays a short DOM at 1,000 rows, reaches the last one by keyboard, and shows mismatches quietly', async () => {
    const { page } = app
    await page.getByRole('navigation').getByText('Settings').click()
    await page.getByTestId('connection-add').click()
    const form = page.getByTestId('connection-form')
    await form.getByLabel('Name').fill('Big service')
    await form.getByLabel('Base URL').fill(server.baseUrl)
    await form.getByTestId('connection-save').click()
    await page.getByTestId('secret-input-apiKey').fill('big-service-key-0001')
    await page.getByTestId('secret-input-apiKey').press('Enter')
    const sessionOnly = page.getByTestId('secret-session-only')
    await page.getByTestId('secret-status-apiKey').or(sessionOnly).waitFor()
    if (await sessionOnly.isVisible()) await sessionOnly.click()
    await page.getByTestId('connection-activate').click()
    await page.getByRole('navigation').getByText('Search').click()

    await page.getByLabel('Results').fill('1000')
    await page.getByLabel('Name', { exact: true }).fill('anyone')
    await page.getByLabel('Name', { exact: true }).press('Enter')
    await expect.poll(() => page.getByTestId('results-count').textContent()).toMatch(/^1,000 people/)
    const list = page.getByTestId('results-list')
    expect(await list.getByRole('option').count()).toBeLessThan(80)
    await list.focus()
    await page.keyboard.press('End')
    await list.getByRole('option', { name: new RegExp(many[999]!.full_name!) }).waitFor()
    expect(await list.getByRole('option').count()).toBeLessThan(80)
    await page.keyboard.press('Enter')
    await page.getByTestId('profile-pane').getByTestId('profile-name').getByText(many[999]!.full_name!).waitFor()

    await page.keyboard.press('Home')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    const issues = page.getByTestId('profile-issues')
    await issues.waitFor()
    expect(await issues.textContent()).toContain('1 field does not match')
    await issues.locator('summary').click()
    expect(await issues.textContent()).toContain('grad_year')
    await page.getByTestId('profile-raw-tab').click()
    expect(await page.getByTestId('profile-raw').textContent()).toContain('favourite_tool')
    await shot(page, 'search-1000-rows-mismatch')
  })
})
