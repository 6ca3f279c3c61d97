/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridge, startApp, settingsPage, type E2eApp } from './support'

// The do-not-contact list (issue #31 item 5), in Chromium against the browser host and a real
// SQLite file: Settings → Personal data shows it empty; an email typed and added by keyboard
// appears; a value not of its kind is refused in words; a file of lines is imported; Delete on a
// focused line removes it; an entry added elsewhere (main's doNotContactChanged) shows without a reload.
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const list = () => page.getByTestId('do-not-contact')
const rows = () => list().getByTestId('do-not-contact-row')

describe('Settings → Personal data → Do not contact', () => {
  it('adds by keyboard, refuses what is not an email, imports a file, removes with Delete, follows main', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'do-not-contact')
    await list().getByTestId('do-not-contact-empty').waitFor()

    await list().getByTestId('do-not-contact-value').fill('not an email')
    await page.keyboard.press('Enter')
    await list().getByRole('alert').filter({ hasText: 'This is not an email address.' }).waitFor()

    await list().getByTestId('do-not-contact-value').fill('ana@example.com')
    await page.keyboard.press('Tab')
    await page.keyboard.type('asked by phone')
    await page.keyboard.press('Enter')
    await list().getByRole('status').filter({ hasText: 'Added ana@example.com.' }).waitFor()
    expect(await rows().count()).toBe(1)
    expect(await rows().first().textContent()).toContain('asked by phone')

    await list()
      .getByTestId('do-not-contact-import')
      .setInputFiles({
        name: 'old crm.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from('Name,Email\nBruno,bruno@example.com\n@rival.example\n')
      })
    await list().getByRole('status').filter({ hasText: '2 entries added from old crm.csv' }).waitFor()
    expect(await rows().count()).toBe(3)

    await rows().first().focus()
    await page.keyboard.press('End')
    expect(
      await rows()
        .last()
        .evaluate((row) => row === document.activeElement)
    ).toBe(true)
    expect(await rows().last().textContent()).toContain('ana@example.com')
    await page.keyboard.press('Delete')
    await list().getByRole('status').filter({ hasText: 'Removed ana@example.com.' }).waitFor()
    expect(await rows().count()).toBe(2)

    await bridge(app, 'addDoNotContact', { kind: 'key', value: 'p-7-7' })
    await rows().filter({ hasText: 'p-7-7' }).waitFor()
    expect(await list().getByTestId('do-not-contact-total').textContent()).toContain('3 entries')
  })
})
