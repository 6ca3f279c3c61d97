import Database from 'better-sqlite3'
import { join } from 'node:path'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, quoteEveryone, shot, startApp, type E2eApp } from './support'

// Money to the last credit, from the page: a shortlist of 150 people bought in one confirmation
// (the service takes 100 keys a request), and afterwards the ledger, the header strip and the
// service agree on what was spent.
const people = generateProfiles({ count: 2000, seed: 1 }).slice(0, 150)

describe('buying contacts for a whole shortlist', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  /** What the service itself says is left (a free Polling of nobody). */
  async function serviceBalance(): Promise<number> {
    const sandbox = await app.host.services.sandbox!.ready()
    const url = new URL('/api/Contacts/GetPremiumContacts?contactType=Email&requestType=Polling', sandbox.baseUrl)
    const answer = await request(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': sandbox.apiKey },
      body: JSON.stringify(['nobody'])
    })
    return ((await answer.body.json()) as { count: { available: number } }).count.available
  }

  it('150 people in one confirmation: the ledger, the header strip and the service agree', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Conference, 150' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: people })
    const before = await serviceBalance()

    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Conference, 150' })
      .click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('150 people')
    await page.getByTestId('member-list').focus()
    await page.keyboard.press('Control+a')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await quoteEveryone(dialog)
    expect(await dialog.getByTestId('contacts-quote-text').textContent()).toContain('150 new — 150 credits;')
    await dialog.getByTestId('contacts-confirm').click()
    await dialog.getByTestId('contacts-done').waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('contacts-done').textContent()).toContain('Bought 150 for 150 credits.')
    expect(await dialog.getByTestId('contacts-not-bought').count()).toBe(0)
    await shot(page, 'contacts-150-bought')
    await dialog.getByRole('button', { name: 'Done' }).click()

    const after = await serviceBalance()
    expect(before - after).toBe(150)
    // the header strip shows the service's word
    await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(new RegExp(`${after}\\s*available`))
    // the ledger: two requests (100 + 50), their sum what the service spent
    const db = new Database(join(app.dataDir, 'talent-desk.sqlite'), { readonly: true })
    const rows = db
      .prepare("SELECT outcome, credits_spent FROM credit_ledger WHERE connection_id = 'sandbox' ORDER BY id")
      .all() as Array<{ outcome: string; credits_spent: number }>
    db.close()
    expect(rows).toEqual([
      { outcome: 'bought', credits_spent: 100 },
      { outcome: 'bought', credits_spent: 50 }
    ])
    const ledgerSum = rows.reduce((sum, row) => sum + row.credits_spent, 0)
    console.info(`money e2e: the service spent ${before - after} credits; the ledger's sum is ${ledgerSum}`)
    expect(ledgerSum).toBe(before - after)
  })

  it('the request size is set in Settings, and the next purchase goes in parts of that size', async () => {
    const { page } = app
    await page.keyboard.press('8')
    const field = page.getByLabel('People per purchase request')
    await expect.poll(() => field.inputValue()).toBe('100')
    await field.fill('30')
    await page.getByTestId('purchase-part-size').getByRole('button', { name: 'Save' }).click()
    await page.getByTestId('purchase-part-size').getByText('Saved.').waitFor()
    await shot(page, 'settings-part-size')
    const more = generateProfiles({ count: 2000, seed: 1 })
      .slice(150, 210)
      .map((p) => p.key!)
    const quote = await bridge<{ quoteId: string; creditsNeeded: number }>(app, 'quoteContacts', {
      keys: more,
      contactType: 'Email'
    })
    expect(quote.creditsNeeded).toBe(60)
    await bridge(app, 'buyContacts', { quoteId: quote.quoteId, requestId: 'money-e2e-size-1' })
    const db = new Database(join(app.dataDir, 'talent-desk.sqlite'), { readonly: true })
    const parts = db
      .prepare("SELECT credits_spent FROM credit_ledger WHERE connection_id = 'sandbox' ORDER BY id")
      .all()
      .slice(-2)
    db.close()
    expect(parts).toEqual([{ credits_spent: 30 }, { credits_spent: 30 }])
  })
})
