/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shot, startApp, settingsPage, type E2eApp } from './support'

// Exports leave a trace (issue #31 item 6), in Chromium against the browser host and a real
// SQLite file: Settings → Personal data shows the export log, empty first; a shortlist exported
// from Shortlists appears in it without a reload (main's exportLogged event: the log was read once,
// before the export), its lines move by keyboard, and the log exports itself as a download.
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform team' })
  await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [0, 1, 2, 3].map((n) => makeProfile(n, 41)) })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe's serious and critical findings in the panel, as axe.e2e counts them over every section. */
async function panelViolations(): Promise<unknown[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run('[data-testid="personal-data-panel"]', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return (result.violations as Array<{ impact: string | null }>).filter(
      (violation) => violation.impact === 'serious' || violation.impact === 'critical'
    )
  })
}

const panel = () => page.getByTestId('personal-data-panel')
const openSettings = async () => {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('8')
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
  await settingsPage(page, 'export-log')
}

describe('Settings → Personal data → Export log', () => {
  it('is empty until something leaves the app, then shows the export as it ends', async () => {
    await openSettings()
    await panel().getByRole('heading', { name: 'Personal data' }).waitFor()
    await panel().getByTestId('export-log-empty').waitFor()
    expect(await panel().getByTestId('export-log-export').isDisabled()).toBe(true)

    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Platform team' })
      .click()
    await page.getByRole('button', { name: 'Export…' }).click()
    const dialog = page.getByRole('dialog', { name: /Export .* to CSV/ })
    await dialog.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    const fileName = download.suggestedFilename()
    expect(fileName).toMatch(/^Platform team \d{4}-\d{2}-\d{2}\.csv$/)
    await dialog.getByTestId('export-done').waitFor()
    await dialog.getByRole('button', { name: 'Close' }).last().click()

    await openSettings()
    const rows = panel().getByTestId('export-log-row')
    await expect.poll(() => rows.count()).toBe(1)
    const cells = await rows.first().getByRole('cell').allTextContents()
    expect(cells.slice(1, 6).map((cell) => cell.trim())).toEqual([
      'Shortlist export csv',
      'Platform team',
      '4',
      fileName,
      'Browser download'
    ])
    expect(await panel().getByTestId('export-log-total').textContent()).toBe('1 file export')
    await shot(page, 'settings-export-log')
    expect(await panelViolations()).toEqual([])
  })

  it('moves through the lines by keyboard and exports the log as CSV, which is logged too', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().getByTestId('export-log-export').click()
    ])
    expect(download.suggestedFilename()).toMatch(/^talent-desk-export-log-\d{4}-\d{2}-\d{2}\.csv$/)
    const file = join(app.dataDir, 'export-log.csv')
    await download.saveAs(file)
    const lines = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(lines.map((line) => [line[1], line[3], line[4]])).toEqual([
      ['What', 'From', 'People'],
      ['Shortlist export', 'Platform team', '4']
    ])

    const rows = panel().getByTestId('export-log-row')
    await expect.poll(() => rows.count()).toBe(2)
    expect(await rows.first().getByRole('cell').nth(1).textContent()).toContain('Export log')
    await rows.first().focus()
    await page.keyboard.press('j')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Shortlist export')
    await page.keyboard.press('k')
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Export log')
  })
})
