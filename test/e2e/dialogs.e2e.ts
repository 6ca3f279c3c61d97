import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generateProfiles } from '../../sandbox/data/generate'
import { shot, startApp, type E2eApp } from './support'

// Issue 19, item 10: a dialog's first focus is its main action or first field, never "Close" —
// so `s` then Enter adds, `e` then Enter exports, `c` then Enter shows the cost.
const people = generateProfiles({ count: 300, seed: 1 })
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const common = [...firstNames.entries()].sort((a, b) => b[1] - a[1])[0]![0]

/** What has the keyboard: the focused element's tag and text (a dialog reads as "DIALOG"). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement
    if (!active) return 'none'
    if (active.tagName === 'DIALOG') return 'DIALOG'
    return `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent?.trim() ?? ''}`
  })

describe('dialogs start on their main action (keyboard)', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ sandboxProfiles: 300 })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('s then Enter adds to the last shortlist, e then Enter exports, c then Enter quotes, ? opens without Close', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const name = page.getByLabel('Name', { exact: true })
    await name.fill(common)
    await name.press('Enter')
    const list = page.getByTestId('results-list')
    await list.getByRole('option').nth(1).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')

    // no shortlist yet: the name field has the keyboard
    await page.keyboard.press('s')
    const add = page.getByRole('dialog', { name: /to a shortlist/ })
    await add.waitFor()
    await expect.poll(() => focused(page)).toBe('INPUT New shortlist name')
    await page.keyboard.type('Picked by keys')
    await page.keyboard.press('Enter')
    await page.getByText('Added 1 to “Picked by keys”.').waitFor()

    // a shortlist exists: s then Enter (at once, no waiting) adds the next person to it
    await list.focus()
    await page.keyboard.press('j')
    await page.keyboard.press('s')
    await page.keyboard.press('Enter')
    await expect.poll(() => list.getByText('on Picked by keys').count()).toBe(2)
    expect(await add.count()).toBe(0)
    await page.keyboard.press('s')
    await add.waitFor()
    expect(await focused(page)).toBe('BUTTON Add')
    await shot(page, 'dialog-first-focus-add')
    await page.keyboard.press('Escape')
    await add.waitFor({ state: 'detached' })

    // e then Enter exports; the finished dialog's Close then has the keyboard
    await list.focus()
    await page.keyboard.press('e')
    const exporting = page.getByRole('dialog', { name: /Export \d+ search results/ })
    await exporting.waitFor()
    expect(await focused(page)).toBe('BUTTON Export')
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/\.csv$/)
    await exporting.getByTestId('export-done').waitFor()
    await expect.poll(() => focused(page)).toBe('BUTTON Close')
    await page.keyboard.press('Enter')
    await exporting.waitFor({ state: 'detached' })

    // c then Enter asks for the cost; the quote then starts on Cancel: Enter never buys
    const credits = await page.getByTestId('credits').textContent()
    await list.focus()
    await page.keyboard.press('c')
    const contacts = page.getByTestId('buy-contacts')
    await contacts.waitFor()
    expect(await focused(page)).toBe('BUTTON See the cost')
    await page.keyboard.press('Enter')
    const quote = contacts.getByTestId('contacts-quote-text')
    await quote.waitFor()
    // the quote names what is bought and the balance after
    expect(await quote.textContent()).toMatch(/^Emails: 1 new — 1 credit; [\d,]+ available, [\d,]+ after$/)
    await expect.poll(() => focused(page)).toBe('BUTTON Cancel')
    await page.keyboard.press('Enter')
    await contacts.waitFor({ state: 'detached' })
    expect(await page.getByTestId('credits').textContent()).toBe(credits)
    // buying is a choice: Tab to it (past Back), then Enter
    await list.focus()
    await page.keyboard.press('c')
    await contacts.waitFor()
    await page.keyboard.press('Enter')
    await quote.waitFor()
    await expect.poll(() => focused(page)).toBe('BUTTON Cancel')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await focused(page)).toBe('BUTTON Buy 1 for 1 credit')
    await page.keyboard.press('Enter')
    await contacts.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
    await expect.poll(() => focused(page)).toBe('BUTTON Done')
    await page.keyboard.press('Enter')
    await contacts.waitFor({ state: 'detached' })

    // the shortcuts list: nothing to act on, so the dialog itself (Enter does not close it)
    await list.focus()
    await page.keyboard.press('?')
    const keys = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await keys.waitFor()
    expect(await focused(page)).toBe('DIALOG')
    await page.keyboard.press('Enter')
    expect(await keys.isVisible()).toBe(true)
    await page.keyboard.press('Escape')
    await keys.waitFor({ state: 'detached' })
  })
})
