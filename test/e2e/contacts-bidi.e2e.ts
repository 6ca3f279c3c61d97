import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shot, startApp, type E2eApp } from './support'

// Issue 29, item 9: the contacts dialog showed a name written with a right-to-left override as
// written — "‮txt.fdp Ada" read "Ada pdf.txt" in the people it lists while buying and in its
// results, though the rest of the app shows names without the controls (lib/user-text). A
// sandbox person is shortlisted under such a name, and their email bought from the shortlist.
const RLO = String.fromCodePoint(0x202e)
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/
const person = generateProfiles({ count: 300, seed: 1 }).find((p) => p.full_name && p.key)!

let app: E2eApp

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 300 })
})
afterAll(() => app?.close())

describe('the contacts dialog, for a name written with a right-to-left override', () => {
  it('shows the name without the control while buying and in the results', async () => {
    const { page } = app
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Spoofed' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [{ ...person, full_name: `${RLO}txt.fdp Ada` }] })
    await page.reload()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.keyboard.press('5')
    await page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option').first().click()
    const members = page.getByTestId('member-list')
    await members.getByRole('option').first().waitFor()
    await members.focus()
    await page.keyboard.press('c')

    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await dialog.getByTestId('contacts-confirm').click()
    await dialog.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
    const modal = page.locator('dialog[open]')
    const text = (await modal.textContent()) ?? ''
    expect(text).toContain('txt.fdp Ada')
    expect(BIDI.test(text)).toBe(false)
    // each name in its own <bdi>: it cannot reorder the words around it
    const isolated = await modal.evaluate((element) => [...element.querySelectorAll('bdi')].map((b) => b.textContent))
    expect(isolated).toContain('txt.fdp Ada')
    await shot(page, 'contacts-bidi-done')
    await page.keyboard.press('Escape')
  })
})
