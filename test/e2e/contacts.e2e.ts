import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { fnv1a } from '../../sandbox/data/hash'
import { emailsOf } from '../../sandbox/server/contacts/contact-data'
import { readClipboard } from './clipboard'
import { shot, startApp, type E2eApp } from './support'

// The built-in sandbox of the e2e app: 2,000 people, seed 1; one lookup in ten fails, chosen by
// hashing seed, type and key (sandbox/server/contacts/contact-book.ts). This person's email and
// phone lookups both succeed, and name and company find them first.
const people = generateProfiles({ count: 2000, seed: 1 })
const succeeds = (type: string, key: string) => (fnv1a(`1:${type}:${key}`) % 10_000) / 10_000 >= 0.1
const person = people.find(
  (p) =>
    p.full_name &&
    p.last_name &&
    p.cur_company &&
    succeeds('Email', p.key!) &&
    succeeds('Phone', p.key!) &&
    people.filter((q) => q.full_name === p.full_name).length === 1
)!
const email = emailsOf(person).work

describe('the Contacts section, end to end', () => {
  let app: E2eApp
  beforeAll(async () => {
    // A lookup is done 8 s after it is bought (the Sandbox's own: 3 s), so the phone bought below is
    // still running when its pill is read, however slow the machine is to get there
    app = await startApp({ colorScheme: 'light', contactTiming: { completeAfterMs: 8000 } })
    // The page is granted nothing: Copy (navigator.clipboard.writeText on a click) works with
    // Chromium's defaults, and the test reads the clipboard back from a page of its own. In the
    // desktop app Electron asks the shell's permission handler instead (limitPermissions, tested in
    // hardening.test.ts and electron-shell.test.ts): Chromium alone always grants a sanitized write,
    // so no Chromium test here can stand in for that handler.
  })
  afterAll(async () => {
    await app?.close()
  })

  it('lists a person bought from Search, shows and copies their email, and buys their phone from here for one credit', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')

    // nothing bought yet: the section says how to buy
    await page.keyboard.press('3')
    const empty = page.getByTestId('contacts-empty')
    await empty.waitFor()
    expect(await empty.textContent()).toMatch(/Search.*Shortlist.*press\s*c/s)
    await shot(page, 'contacts-empty-light')

    // buy the email from Search
    await page.keyboard.press('1')
    await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const results = page.getByTestId('results-list')
    await results.getByRole('option').first().waitFor()
    expect(await results.getByRole('option').first().textContent()).toContain(person.full_name)
    await page.keyboard.press('Home')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    expect(await dialog.getByTestId('contacts-quote-text').textContent()).toContain('1 new — 1 credit;')
    await dialog.getByTestId('contacts-confirm').click()
    await dialog.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/999\s*available\s*· 1 used/)

    // the Contacts section lists them
    await page.keyboard.press('3')
    const list = page.getByTestId('contacts-list')
    const row = list.getByRole('option').filter({ hasText: person.full_name! })
    await row.waitFor()
    expect(await list.getByRole('option').count()).toBe(1)
    expect(await row.getByTestId('contacts-pill-Email').textContent()).toBe('Email · Completed')
    expect(await page.getByTestId('contacts-count').textContent()).toMatch(/^1\s+person$/)

    // Enter opens the detail: the email with its validation, confidence and preferred mark
    await page.keyboard.press('j')
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('contacts-detail')
    const contacts = detail.getByTestId('profile-section-contacts')
    await contacts.waitFor()
    const line = contacts.getByRole('listitem').filter({ hasText: email })
    expect(await line.textContent()).toMatch(/preferred.*work · Valid · confidence high/s)
    expect(await detail.getByTestId('contacts-type-Email').textContent()).toContain('2 emails')
    await shot(page, 'contacts-detail-light')

    // Copy puts the address on the clipboard
    await contacts.getByRole('button', { name: `Copy ${email}` }).click()
    await contacts
      .getByRole('button', { name: `Copy ${email}` })
      .getByText('Copied')
      .waitFor()
    expect(await readClipboard(page.context())).toBe(email)
    await page.bringToFront()

    // no second purchase of the email is offered; the phone is, with its quote first
    expect(await detail.getByTestId('contacts-get-Email').count()).toBe(0)
    await detail.getByTestId('contacts-get-Phone').click()
    const quote = dialog.getByTestId('contacts-quote-text')
    await quote.waitFor()
    // the quote names what is bought and the balance after; the keyboard is on Cancel, so Enter buys nothing
    expect(await quote.textContent()).toBe('Phone numbers: 1 new — 1 credit; 999 available, 998 after')
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
      .toBe('contacts-cancel')
    await shot(page, 'contacts-phone-quote-light')
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/999\s*available\s*· 1 used/)
    await detail.getByTestId('contacts-get-Phone').click()
    await quote.waitFor()
    await dialog.getByTestId('contacts-confirm').click()
    await dialog.getByTestId('progress-text').waitFor()
    // closed while it runs: the list follows the lookup live
    await page.keyboard.press('Escape')
    const phonePill = row.getByTestId('contacts-pill-Phone')
    await phonePill.waitFor()
    expect(await phonePill.textContent()).toMatch(/Phone · (Buying…|Not started|In progress)/)
    expect(await phonePill.getAttribute('class')).toContain('live')
    await shot(page, 'contacts-live-light')
    await expect.poll(() => phonePill.textContent(), { timeout: 30_000 }).toBe('Phone · Completed')
    // exactly the one new key was charged
    await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/998\s*available\s*· 2 used/)
    await expect.poll(() => detail.getByTestId('contacts-type-Phone').textContent()).toContain('2 phones')
    expect(await detail.getByTestId('contacts-get-Phone').count()).toBe(0)
    const phoneLine = contacts.getByRole('listitem').filter({ hasText: /\+1-\d{3}-555-01\d\d/ })
    await phoneLine.first().waitFor()
    // both lookups list the same profiles and websites: each shown once
    const hrefs = await contacts.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))
    expect(hrefs.length).toBeGreaterThan(0)
    expect(new Set(hrefs).size).toBe(hrefs.length)

    // filters: type, status and text; / takes the keyboard to the text filter
    await page.getByTestId('contacts-type-filter').selectOption('Phone')
    await expect.poll(() => list.getByRole('option').count()).toBe(1)
    await page.getByTestId('contacts-status-filter').selectOption('Failed')
    await page.getByTestId('contacts-no-match').waitFor()
    await page.getByRole('button', { name: 'Clear the filters' }).click()
    await row.waitFor()
    await list.focus()
    await page.keyboard.press('/')
    const filter = page.getByTestId('contacts-filter')
    expect(await filter.evaluate((input) => input === document.activeElement)).toBe(true)
    await filter.fill('no such person anywhere')
    await page.getByTestId('contacts-no-match').waitFor()
    await filter.fill(person.last_name!)
    await row.waitFor()
    expect(await page.getByTestId('contacts-count').textContent()).toMatch(/^1 of 1\s+person$/)
    await filter.fill('')
    await row.waitFor()

    // Esc leaves the empty filter for the list; away and back, the person is still open
    await filter.press('Escape')
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
    await page.keyboard.press('1')
    await page.getByTestId('search-form').waitFor()
    await page.keyboard.press('3')
    await detail.getByTestId('profile-section-contacts').waitFor()
    expect(await detail.getByRole('heading', { level: 2 }).textContent()).toBe(person.full_name)

    // the same screens in dark
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'contacts-detail-dark')
    await page.keyboard.press('Escape')
    await shot(page, 'contacts-list-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    await shot(page, 'contacts-list-light')
  }, 120_000)
})
