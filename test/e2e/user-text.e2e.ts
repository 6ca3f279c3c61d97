/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shot, startApp, type E2eApp } from './support'

// Issue 19, item 3: a shortlist named with a right-to-left override ("\u202Egnp.exe") read as
// "exe.png" in the list and in the download's name. Names show as stored, isolated from the
// text around them, and the file the app names carries no bidirectional control.
const SPOOF = '\u202Egnp.exe'
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
})
afterAll(() => app?.close())

describe('names written with bidirectional controls', () => {
  it('show as stored in the list, the pane title and the person’s row, and the export is named without them', async () => {
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: SPOOF })
    const person = { ...makeProfile(1, 7), full_name: `\u202Etxt.fdp Ada` }
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [person] })
    await page.reload()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.keyboard.press('5')
    const row = page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option').first()
    await row.waitFor()
    await row.click()

    // the list row, the pane's title and the person's name: no control left, each in its own <bdi>
    const shown = await page.evaluate(() =>
      [...document.querySelectorAll('bdi')].map((element) => element.textContent ?? '').filter(Boolean)
    )
    expect(shown).toContain('gnp.exe')
    expect(shown).toContain('txt.fdp Ada')
    expect(shown.some((text) => BIDI.test(text))).toBe(false)
    const title = page.locator('#members-pane-title')
    expect(await title.textContent()).toBe('gnp.exe')
    expect(BIDI.test((await page.locator('main').textContent()) ?? '')).toBe(false)
    for (const width of [1024, 1440]) {
      await page.setViewportSize({ width, height: 800 })
      await shot(page, `user-text-bidi-${width}`)
    }

    // e then Enter: the download's name is the name as stored, minus the override
    await page.getByTestId('member-list').focus()
    await page.keyboard.press('e')
    const dialog = page.getByRole('dialog', { name: /Export/ })
    await dialog.waitFor()
    expect(BIDI.test((await dialog.getByRole('heading').first().textContent()) ?? '')).toBe(false)
    const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')])
    expect(download.suggestedFilename()).toMatch(/^gnp\.exe \d{4}-\d{2}-\d{2}\.csv$/)
    const done = dialog.getByTestId('export-done')
    await done.waitFor()
    expect(BIDI.test((await done.textContent()) ?? '')).toBe(false)
    await page.keyboard.press('Escape')
  })
})
