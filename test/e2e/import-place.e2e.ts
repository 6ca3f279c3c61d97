/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { startApp, type E2eApp } from './support'

// Issue 30, item 4: the Import screen made its state itself, so leaving the section lost the
// batch open, the row selected and where the rows were scrolled to. The app now keeps each
// section's state while it runs: coming back finds Import as it was left.
const people = generateProfiles({ count: 2000, seed: 3 })
  .filter((p) => p.full_name && p.cur_company)
  .slice(0, 150)

/** The open batch, the selected row and the rows' scroll, as the page shows them. */
const place = (page: Page) =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="import-rows"]')
    return {
      state: document.querySelector('[data-testid="import-state"]')?.textContent ?? null,
      batch: document.querySelector('[data-testid="import-list"] [aria-selected="true"]')?.textContent?.trim() ?? null,
      row: list?.querySelector('[role="option"][aria-selected="true"]')?.textContent?.trim() ?? null,
      scroll: list?.scrollTop ?? null
    }
  })

describe('Import keeps its place', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('shows the same batch, row and scroll after the recruiter leaves the section and comes back', async () => {
    const { page } = app
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const file = join(mkdtempSync(join(tmpdir(), 'td-import-place-')), 'people.csv')
    const quote = (text: string) => `"${text.replaceAll('"', '""')}"`
    writeFileSync(
      file,
      ['Name,Company', ...people.map((p) => [p.full_name!, p.cur_company!].map(quote).join(','))].join('\n')
    )
    const nav = page.getByRole('navigation')
    await nav.getByText('Import').click()
    await page.getByTestId('import-file').setInputFiles(file)
    await page.getByTestId('import-mapping').waitFor({ timeout: 60_000 })
    await page.getByTestId('import-start').click()
    await expect.poll(() => page.getByTestId('import-state').textContent(), { timeout: 120_000 }).toBe('done')

    // down the rows by keyboard, far enough that the list scrolls
    const rows = page.getByTestId('import-rows')
    await rows.focus()
    await page.keyboard.press('Home')
    for (let step = 0; step < 3; step++) await page.keyboard.press('PageDown')
    await expect.poll(async () => (await place(page)).scroll).toBeGreaterThan(0)
    const left = await place(page)
    expect(left.row).toBeTruthy()
    expect(left.batch).toContain('people.csv')

    await nav.getByText('Search').click()
    await page.getByTestId('search-form').waitFor()
    await nav.getByText('Import').click()
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor()

    await expect.poll(() => place(page)).toEqual(left)
  })
})
