import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Locator, Page } from 'playwright-core'
import { startLiberalServer } from '../integration/api/liberal-server'
import { addActiveConnection, shotsAtWidths, startApp, type E2eApp } from './support'

/*
 * An error with its details is one component (ErrorWithDetails) on every screen: here Search's
 * and Usage's, against a service that refuses the key. The block is announced (role alert), says
 * what happened, keeps the code and details behind "Details" — reached by Tab, opened and closed
 * by Enter and Space with the focus staying on it — and Try again asks again. Shots of both
 * screens with the details open, at 1024 and 1440, light and dark (test/e2e/artifacts).
 */
describe('an error with its details', () => {
  let app: E2eApp
  let server: Awaited<ReturnType<typeof startLiberalServer>>

  beforeAll(async () => {
    app = await startApp({ sandboxProfiles: 0 })
    server = await startLiberalServer(() => ({
      status: 401,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ error: 'invalid_api_key', message: 'The API key is not valid.' })
    }))
  })
  afterAll(async () => {
    await server?.close()
    await app?.close()
  })

  /** Tab until the block's Details summary has the focus. */
  async function tabToDetails(page: Page, block: Locator): Promise<void> {
    const summary = block.locator('summary')
    for (let n = 0; n < 60; n++) {
      await page.keyboard.press('Tab')
      if (await summary.evaluate((node) => node === document.activeElement)) return
    }
    throw new Error('Tab never reached the Details summary')
  }

  const isOpen = (block: Locator) => block.locator('details').evaluate((node) => (node as HTMLDetailsElement).open)
  const summaryFocused = (block: Locator) =>
    block.locator('summary').evaluate((node) => node === document.activeElement)

  it('on Search: announced, its details opened and closed by the keyboard with the focus kept, Try again asks again', async () => {
    const { page } = app
    await addActiveConnection(page, 'Refusing service', server.baseUrl, 'refused-key-0001')
    await page.getByRole('navigation').getByText('Search').click()

    const name = page.getByLabel('Name', { exact: true })
    await name.fill('Ada')
    await name.press('Enter')
    const error = page.getByTestId('search-error')
    const alert = error.getByRole('alert')
    await alert.waitFor()
    expect(await alert.locator('p').first().textContent()).toMatch(/\S/)
    expect(await isOpen(error)).toBe(false)
    expect(await error.locator('pre').isVisible()).toBe(false)

    await name.focus()
    await tabToDetails(page, error)
    await page.keyboard.press('Enter')
    expect(await isOpen(error)).toBe(true)
    expect(await summaryFocused(error)).toBe(true)
    expect(await error.locator('pre').textContent()).toMatch(/^unauthorized\b/)
    await page.keyboard.press('Space')
    expect(await isOpen(error)).toBe(false)
    expect(await summaryFocused(error)).toBe(true)
    // the next Tab reaches Try again, and it asks the service again
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Try again')
    const asked = server.seen.length
    await page.keyboard.press('Enter')
    await expect.poll(() => server.seen.length).toBeGreaterThan(asked)
    await alert.waitFor()

    await error.locator('summary').click()
    expect(await isOpen(error)).toBe(true)
    await shotsAtWidths(page, 'error-details-search', 'light')
  })

  it('on Usage: the same block, its extra line before the details', async () => {
    const { page } = app
    await page.keyboard.press('Escape')
    await page.getByRole('navigation').getByText('Usage').click()
    const error = page.getByTestId('transactions-error')
    await error.getByRole('alert').waitFor()
    expect(await error.textContent()).toContain('The service’s records could not be loaded:')
    expect(await error.textContent()).toContain('This app’s own calls and the credit ledger are kept on this computer')
    await error.locator('summary').focus()
    await page.keyboard.press('Enter')
    expect(await isOpen(error)).toBe(true)
    expect(await summaryFocused(error)).toBe(true)
    expect(await error.locator('pre').textContent()).toMatch(/^unauthorized\b/)
    await shotsAtWidths(page, 'error-details-usage', 'light')
  })
})
