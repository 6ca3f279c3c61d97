/// <reference lib="dom" />
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { artifacts, settingsPage, shotsAtWidths, startApp, type E2eApp } from './support'

// Settings → ATS (issue #39 item 1) in Chromium against the built browser host and its built-in
// Sandbox: by keyboard only, the recruiter connects to the Sandbox's fake Greenhouse (started
// then, not at the app's start), tests it (what the key may do, in words), removes it, undoes
// that with Ctrl+Z, and removes it again. Axe clean; screenshots at 1024 and 1440, light and dark
// (docs/screenshots/ats-*.png).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ colorScheme: 'light', sandboxProfiles: 300 })
  page = app.page
  await page.getByTestId('search-form').waitFor()
  await page.getByTestId('active-connection').filter({ hasNotText: 'starting' }).waitFor({ timeout: 60_000 })
}, 120_000)
afterAll(() => app?.close())

async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run('main', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return (result.violations as Array<{ id: string; impact: string | null }>)
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id)
  })
}

const panel = () => page.getByTestId('ats-panel')

/** Moves the focus with Tab until `testId` has it (keyboard only), then presses `key`. */
async function tabTo(testId: string, key = 'Enter'): Promise<void> {
  for (let n = 0; n < 150; n++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) {
      await page.keyboard.press(key)
      return
    }
  }
  throw new Error(`Tab never reached ${testId}`)
}

function keepShots(name: string): void {
  mkdirSync(join(process.cwd(), 'docs/screenshots'), { recursive: true })
  for (const width of [1024, 1440])
    for (const scheme of ['light', 'dark'])
      copyFileSync(
        join(artifacts, `${name}-${width}-${scheme}.png`),
        join(process.cwd(), `docs/screenshots/${name}-${width}-${scheme}.png`)
      )
}

describe('Settings → ATS', () => {
  it('connects to the Sandbox’s Greenhouse, tests it, removes it and undoes that — by keyboard; axe clean', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'ats')
    await panel().getByTestId('ats-empty').waitFor()
    expect(await panel().getByTestId('ats-try-greenhouse').innerText()).toBe('Try with the Sandbox’s Greenhouse')
    expect(await seriousViolations()).toEqual([])

    // the form says what is missing, in words, before anything is sent
    await tabTo('ats-add')
    expect(await panel().getByRole('alert').innerText()).toBe('Give the connection a name, e.g. “Our Greenhouse”.')

    await page.getByTestId('settings-page').focus()
    await tabTo('ats-try-greenhouse')
    const connection = panel().getByTestId('ats-connection')
    await connection.waitFor({ timeout: 30_000 })
    await expect.poll(() => connection.locator('code').innerText()).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    // one kind is connected: only the other is offered
    expect(await panel().getByTestId('ats-try-greenhouse').count()).toBe(0)

    await page.getByTestId('settings-page').focus()
    await tabTo('ats-test')
    await expect
      .poll(
        () =>
          connection
            .getByTestId('ats-check')
            .innerText()
            .catch(() => ''),
        { timeout: 30_000 }
      )
      .toBe(
        'Connected to Greenhouse as Sam Sandbox. This key may read candidates and create candidates and prospects. Greenhouse allows 50 requests every 10 seconds on it.'
      )
    // the limit Greenhouse said comes to the list by an event: its pace is under it
    await expect
      .poll(() => connection.innerText())
      .toContain('Greenhouse allows 50 requests every 10 seconds; Talent Desk calls it at most 4.9 times a second.')
    expect(await seriousViolations()).toEqual([])
    await shotsAtWidths(page, 'ats-connected', 'light')
    keepShots('ats-connected')

    await page.getByTestId('settings-page').focus()
    await tabTo('ats-remove')
    await panel().getByTestId('ats-empty').waitFor()
    await page.getByTestId('undo-bar').waitFor()
    // Ctrl+Z brings it back (by the event and the answer, not a reload)
    await page.keyboard.press('Control+z')
    await connection.waitFor()
    expect(await page.getByTestId('undo-bar').count()).toBe(0)

    await page.getByTestId('settings-page').focus()
    await tabTo('ats-remove')
    await panel().getByTestId('ats-empty').waitFor()
    expect(await seriousViolations()).toEqual([])
  }, 180_000)
})
