/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shotsAtWidths, startApp, type E2eApp } from './support'
import {
  atsCheckText,
  connectionReady,
  keepShots,
  openSettingsPage,
  seriousViolations,
  tabInSettings,
  tabTo
} from './page-checks'

// Settings → ATS (issue #39 item 1) in Chromium against the built browser host and its built-in
// Sandbox: by keyboard only, the recruiter connects to the Sandbox's fake Greenhouse (started
// then, not at the app's start), tests it (what the key may do, in words), renames it and undoes
// that with Ctrl+Z, removes it, undoes that with Ctrl+Z, and removes it again. Axe clean; screenshots at 1024 and 1440, light and dark
// (docs/screenshots/ats-*.png).

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ colorScheme: 'light', sandboxProfiles: 300 })
  page = app.page
  await connectionReady(page)
}, 120_000)
afterAll(() => app?.close())

const panel = () => page.getByTestId('ats-panel')

describe('Settings → ATS', () => {
  it('connects to the Sandbox’s Greenhouse, tests it, edits it, removes it, undoing each — by keyboard; axe clean', async () => {
    await openSettingsPage(page, 'ats')
    await panel().getByTestId('ats-empty').waitFor()
    expect(await panel().getByTestId('ats-try-greenhouse').innerText()).toBe('Try with the Sandbox’s Greenhouse')
    expect(await seriousViolations(page)).toEqual([])

    // the form says what is missing, in words, before anything is sent
    await tabTo(page, 'ats-add')
    expect(await panel().getByRole('alert').innerText()).toBe('Give the connection a name, e.g. “Our Greenhouse”.')

    await tabInSettings(page, 'ats-try-greenhouse')
    const connection = panel().getByTestId('ats-connection')
    await connection.waitFor({ timeout: 30_000 })
    await expect.poll(() => connection.locator('code').innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // one kind is connected: only the other is offered
    expect(await panel().getByTestId('ats-try-greenhouse').count()).toBe(0)

    await tabInSettings(page, 'ats-test')
    await expect
      .poll(atsCheckText(connection), { timeout: 30_000 })
      .toBe(
        'Connected to Greenhouse as Sam Sandbox. This key may read candidates and create candidates and prospects. Greenhouse allows 50 requests every 10 seconds on it.'
      )
    // the limit Greenhouse said comes to the list by an event: its pace is under it
    await expect
      .poll(() => connection.innerText())
      .toContain('Greenhouse allows 50 requests every 10 seconds; Talent Desk calls it at most 4.9 times a second.')
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-connected', 'light')
    keepShots('ats-connected')

    // Edit: the form opens on its name; a new one saved by keyboard; Ctrl+Z puts the old one back
    await tabInSettings(page, 'ats-edit')
    const form = connection.getByTestId('ats-edit-form')
    await form.waitFor()
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ats-edit-name')
    // a Sandbox connection has no key of its own to replace
    expect(await form.getByTestId('ats-edit-key').count()).toBe(0)
    await page.keyboard.press('Control+a')
    await page.keyboard.type('Agency Greenhouse')
    expect(await seriousViolations(page)).toEqual([])
    await tabTo(page, 'ats-edit-save')
    await expect.poll(() => connection.locator('strong').first().innerText()).toBe('Agency Greenhouse')
    expect(await form.count()).toBe(0)
    // the keyboard is back on the row's Edit button
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('ats-edit')
    expect(await panel().innerText()).toContain('Agency Greenhouse is saved. Test it again below.')
    await page.getByTestId('undo-bar').waitFor()
    await page.keyboard.press('Control+z')
    await expect.poll(() => connection.locator('strong').first().innerText()).toBe('Sandbox’s Greenhouse')
    expect(await page.getByTestId('undo-bar').count()).toBe(0)

    await tabInSettings(page, 'ats-remove')
    await panel().getByTestId('ats-empty').waitFor()
    await page.getByTestId('undo-bar').waitFor()
    // Ctrl+Z brings it back (by the event and the answer, not a reload)
    await page.keyboard.press('Control+z')
    await connection.waitFor()
    expect(await page.getByTestId('undo-bar').count()).toBe(0)

    await tabInSettings(page, 'ats-remove')
    await panel().getByTestId('ats-empty').waitFor()
    expect(await seriousViolations(page)).toEqual([])
  }, 180_000)
})
