/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, settingsPage, startApp, type E2eApp } from './support'

// Provenance on screen (issue #31 item 1), in Chromium against the browser host and a real SQLite
// file: a person saved from a search shows where they came from in Personal data…, their lawful
// basis is set to consent with its day and the notice's by keyboard and read back from main; the
// candidate notice is on Settings → Personal data, ready to copy.
let app: E2eApp
let page: Page

const marta = { ...makeProfile(0, 51), key: 'pv-marta', full_name: 'Marta Nowak' }
// the built-in Sandbox's people (test/e2e/support.ts: seed 1)
const found = generateProfiles({ count: 200, seed: 1 }).find((p) => p.full_name && p.cur_company)!

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 200 })
  page = app.page
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform team' })
  await bridge(app, 'addMembers', {
    shortlistId: list.id,
    profiles: [marta],
    origin: { kind: 'search', detail: 'platform engineers in Kraków' }
  })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

describe('Where this came from', () => {
  it('shows a saved person s source and sets their basis by keyboard', async () => {
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Platform team' })
      .click()
    await page.getByTestId('member-list').getByRole('option').filter({ hasText: 'Marta Nowak' }).click()
    await page.keyboard.press('Enter')
    await page.getByTestId('open-personal-data').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Personal data — Marta Nowak' })
    const lines = dialog.getByTestId('provenance-lines')
    await lines.waitFor()
    expect(await lines.textContent()).toContain('Found by a search: platform engineers in Kraków, into Platform team')

    await dialog.getByTestId('basis-kind').focus()
    await dialog.getByTestId('basis-kind').selectOption('consent')
    await dialog.getByTestId('basis-consent').fill('2026-11-20')
    await dialog.getByTestId('basis-notice').fill('2026-11-21')
    // Tab from a date field walks its day, month and year: the button is focused, then Enter
    await dialog.getByTestId('basis-save').focus()
    await page.keyboard.press('Enter')
    await dialog.getByTestId('basis-message').filter({ hasText: 'Saved.' }).waitFor()
    const read = await bridge<{ basis: { basis: string; consentedOn: string; noticeSentOn: string } }>(
      app,
      'personProvenance',
      { key: 'pv-marta' }
    )
    expect(read.basis).toMatchObject({ basis: 'consent', consentedOn: '2026-11-20', noticeSentOn: '2026-11-21' })
    await page.keyboard.press('Escape')
  })

  it('records the query a person added from Search was found by', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    await page.getByLabel('Name', { exact: true }).fill(found.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(found.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const list = page.getByTestId('results-list')
    await list.getByRole('option').first().waitFor()
    await list.focus()
    await page.keyboard.press('s')
    const dialog = page.getByRole('dialog', { name: /to a shortlist/ })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: 'New shortlist' }).check()
    await dialog.getByLabel('New shortlist name').fill('From search')
    await dialog.getByLabel('New shortlist name').press('Enter')
    await page.getByText('to “From search”.').waitFor()
    const read = await bridge<{ lines: Array<{ kind: string; detail: string }> }>(app, 'personProvenance', {
      key: found.key
    })
    // not "Found by a search" with no words: the name and company it was found by
    expect(read.lines).toEqual([
      expect.objectContaining({ kind: 'search', detail: `${found.full_name} · ${found.cur_company}` })
    ])
  })

  it('offers a candidate notice to copy on Settings → Personal data', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'notice')
    const notice = page.getByTestId('notice-template')
    await notice.waitFor()
    expect(await notice.getByTestId('notice-text').inputValue()).toContain('Your rights')
    await notice.getByTestId('notice-copy').click()
    await notice.getByText(/Copied|clipboard cannot be reached/).waitFor()
  })
})
