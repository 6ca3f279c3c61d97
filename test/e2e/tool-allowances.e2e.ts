import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shot, startApp, type E2eApp } from './support'

// Issue #36 items 10 and 11, in Chromium against the built app's browser host and the built-in
// Sandbox: a tool whose calls never spent asks once and may be always allowed on the connection
// (its next call goes without asking), listed in Settings with Revoke (then it asks again); and a
// quote that would pass a budget says so before the click, on its button too.
const people = generateProfiles({ count: 2000, seed: 1 }).slice(10, 13)

describe('asking once, and saying over budget before the click', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('allows a tool that never spent on this connection, lists it in Settings, and asks again once revoked', async () => {
    const { page } = app
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('7')
    await page.getByTestId('tools-list').waitFor({ timeout: 30_000 })
    await page.getByTestId('tool-item').filter({ hasText: 'workspaces' }).click()
    const form = page.getByTestId('tool-form')
    await form.getByLabel('action').selectOption('create')
    await form.getByLabel('name', { exact: true }).fill('Nurses')
    await page.keyboard.press('Control+Enter')

    // asked (not marked read-only), with the offer
    const spend = page.getByTestId('tool-spend')
    await spend.waitFor({ timeout: 30_000 })
    const always = spend.getByTestId('tool-spend-always-allow')
    expect(await always.isChecked()).toBe(false)
    await always.check()
    await shot(page, 'tool-spend-always-allow')
    await spend.getByTestId('tool-spend-confirm').click()
    await spend.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('tool-result-text').first().textContent()).toMatch(/Nurses/)

    // not asked again
    await form.getByLabel('name', { exact: true }).fill('Welders')
    await page.keyboard.press('Control+Enter')
    await expect
      .poll(() => page.getByTestId('tool-result-text').first().textContent(), { timeout: 30_000 })
      .toMatch(/Welders/)
    expect(await spend.count()).toBe(0)

    // Settings → the connection → Tools allowed without asking → Revoke
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    const allowances = page.getByTestId('tool-allowances')
    const row = allowances.getByTestId('tool-allowance')
    await row.waitFor()
    expect(await row.textContent()).toContain('workspaces')
    await shot(page, 'settings-tool-allowances')
    await row.getByRole('button', { name: 'Revoke “workspaces”' }).click()
    await allowances.getByTestId('tool-allowances-empty').waitFor()

    // asked again
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('7')
    await page.getByTestId('tool-form').waitFor()
    await form.getByLabel('name', { exact: true }).fill('Porters')
    await page.keyboard.press('Control+Enter')
    await spend.waitFor({ timeout: 30_000 })
    await spend.getByTestId('tool-spend-cancel').click()
    await spend.waitFor({ state: 'detached' })
  })

  it('says a purchase would pass the budget in the quote and on its button, before the click', async () => {
    const { page } = app
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Over the edge' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: people })
    // 2 of 2 spent on the month's budget
    await bridge(app, 'setBudget', { scope: 'connection', targetId: 'sandbox', credits: 2 })
    const quote = await bridge<{ quoteId: string }>(app, 'quoteContacts', {
      keys: people.slice(0, 2).map((p) => p.key),
      contactType: 'Phone'
    })
    await bridge(app, 'buyContacts', { quoteId: quote.quoteId, requestId: 'allow-e2e-0001' })

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Over the edge' })
      .click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('3 people')
    await page.getByTestId('member-list').focus()
    await page.keyboard.press('Control+a')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    const over = dialog.getByTestId('contacts-quote-over-budget')
    await over.waitFor()
    expect(await over.textContent()).toMatch(
      /^Over budget: this would take Sandbox this month \(2 of 2 credits spent\) past its budget\./
    )
    const confirm = dialog.getByTestId('contacts-confirm')
    expect(await confirm.textContent()).toBe('Buy 3 over budget for 3 credits')
    await shot(page, 'contacts-quote-over-budget')
    // nothing spent by looking; the click is the lift for this purchase
    expect((await bridge<{ budgets: Array<{ spent: number }> }>(app, 'listBudgets', {})).budgets).toEqual([
      expect.objectContaining({ spent: 2 })
    ])
    await confirm.click()
    await dialog.getByTestId('contacts-done').waitFor({ timeout: 60_000 })
    expect((await bridge<{ budgets: Array<{ spent: number }> }>(app, 'listBudgets', {})).budgets).toEqual([
      expect.objectContaining({ spent: 5 })
    ])
  })
})
