/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shot, startApp, settingsPage, type E2eApp } from './support'

// The register for the data-protection officer (issue #38 item 4.5), in Chromium against the
// browser host and a real SQLite file: Settings → Personal data → Register lists this desk's forget
// ("1 person", never who) and the backup it made, filters them by kind and month, and exports
// them as CSV; axe finds nothing serious on the page. (Colleagues' lines, which arrive by the
// team's sync, are tested over two desks and the real server in test/integration/team/.)
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform team' })
  const people = [0, 1, 2].map((n) => makeProfile(n, 47))
  await bridge(app, 'addMembers', { shortlistId: list.id, profiles: people })
  await bridge(app, 'forgetPeople', { keys: [people[0]!.key], reason: 'objected' })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

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
const cells = async (index: number) =>
  (await panel().getByTestId('register-row').nth(index).getByRole('cell').allTextContents()).map((cell) =>
    cell.replace(/\s+/g, ' ').trim()
  )

describe('Settings → Personal data → Register', () => {
  it('lists the forget with its count and no one named, filters by kind and month, exports as CSV', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'register')
    const rows = panel().getByTestId('register-row')
    await expect.poll(() => rows.count()).toBe(1)
    expect((await cells(0)).slice(1)).toEqual(['This desk', 'Forget objected', '1', ''])

    // a backup is an export: it is in the register at once (main's exportLogged)
    await bridge(app, 'backupShortlists', {})
    await expect.poll(() => rows.count()).toBe(2)
    expect((await cells(0)).slice(1, 4)).toEqual(['This desk', 'Export Backup of every shortlist, json', '2'])
    expect(await panel().getByTestId('register-total').textContent()).toBe('2 lines')

    await panel().getByTestId('register-kind').selectOption('forget')
    await expect.poll(() => rows.count()).toBe(1)
    expect((await cells(0))[2]).toBe('Forget objected')
    const month = await panel().getByTestId('register-month').locator('option').nth(1).getAttribute('value')
    expect(month).toMatch(/^\d{4}-\d{2}$/)
    await panel().getByTestId('register-kind').selectOption('')
    await panel().getByTestId('register-month').selectOption(month!)
    await expect.poll(() => rows.count()).toBe(2)
    await shot(page, 'settings-register')
    expect(await panelViolations()).toEqual([])

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      panel().getByTestId('register-export').click()
    ])
    expect(download.suggestedFilename()).toMatch(/^talent-desk-register-\d{4}-\d{2}-\d{2}\.csv$/)
    const file = join(app.dataDir, 'register.csv')
    await download.saveAs(file)
    const lines = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(lines.map((line) => line.slice(1, 5))).toEqual([
      ['Who', 'What', 'Detail', 'People'],
      ['This desk', 'Export', 'Backup of every shortlist, json', '2'],
      ['This desk', 'Forget', 'objected', '1']
    ])
  })
})
