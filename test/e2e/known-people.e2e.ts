/// <reference lib="dom" />
import fs from 'node:fs'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bridge, startApp, settingsPage, type E2eApp } from './support'

// People you already have (issue #32), in Chromium against the browser host and a real SQLite
// file: Settings shows no lists; a real Greenhouse-shaped CSV (test/fixtures/known-people) is
// chosen, its columns shown as guessed, named and imported; Delete on a focused
// line asks, then removes it; a list removed elsewhere (main's knownPeopleChanged) goes without a reload.
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const GREENHOUSE = path.join(import.meta.dirname, '../fixtures/known-people/greenhouse-candidates.csv')
const panel = () => page.getByTestId('known-people-panel')
const rows = () => panel().getByTestId('known-people-row')

/** Chooses the fixture in the panel's file field, names the list and imports it with Enter. */
async function importGreenhouse(name: string) {
  await panel().getByTestId('known-people-file').setInputFiles(GREENHOUSE)
  const draft = panel().getByTestId('known-people-draft')
  await draft.waitFor()
  await draft.getByTestId('known-people-name').fill(name)
  await page.keyboard.press('Enter')
  await panel()
    .getByRole('status')
    .filter({ hasText: `Imported “${name}”: 3 people; 1 row left out` })
    .waitFor()
}

describe('Settings → People you already have', () => {
  it('imports a Greenhouse export, shows the columns guessed, removes with Delete, follows main', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'known-people')
    await panel().getByTestId('known-people-empty').waitFor()

    await panel().getByTestId('known-people-file').setInputFiles(GREENHOUSE)
    const draft = panel().getByTestId('known-people-draft')
    await draft.waitFor()
    expect(await draft.textContent()).toContain('Read as a Greenhouse export')
    const fields = await draft
      .getByTestId('known-people-field')
      .evaluateAll((selects) => selects.map((select) => (select as HTMLSelectElement).value))
    expect(fields.slice(0, 6)).toEqual(['ats_id', 'first_name', 'last_name', 'employer', 'ignore', 'email'])
    expect(await draft.getByTestId('known-people-name').inputValue()).toBe('greenhouse-candidates')
    await draft.getByTestId('known-people-name').fill('Greenhouse')
    await page.keyboard.press('Enter')
    await panel().getByRole('status').filter({ hasText: 'Imported “Greenhouse”: 3 people; 1 row left out' }).waitFor()
    expect(await rows().count()).toBe(1)
    const line = await rows().first().textContent()
    expect(line).toContain('Every connection')
    expect(line).toContain('3 people')
    expect(line).toContain('Greenhouse · greenhouse-candidates.csv')

    await rows().first().focus()
    await page.keyboard.press('Delete')
    await panel().getByTestId('known-people-remove-now').click()
    await panel().getByRole('status').filter({ hasText: 'Removed “Greenhouse”.' }).waitFor()
    await panel().getByTestId('known-people-empty').waitFor()

    await importGreenhouse('Pipeline')
    const { lists } = await bridge<{ lists: Array<{ id: number }> }>(app, 'listKnownPeopleLists', {})
    await bridge(app, 'removeKnownPeopleList', { id: lists[0]!.id })
    await panel().getByTestId('known-people-empty').waitFor()
  })

  it('keeps no raw file once the preview leaves the screen (names and emails in clear)', async () => {
    const folder = path.join(app.dataDir, 'talent-desk-known-people')
    const held = () => (fs.existsSync(folder) ? fs.readdirSync(folder) : [])
    await panel().getByTestId('known-people-file').setInputFiles(GREENHOUSE)
    await panel().getByTestId('known-people-draft').waitFor()
    expect(held()).toHaveLength(1)
    // another section: the preview goes, and main deletes the file it was read from
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByTestId('search-form').waitFor()
    await expect.poll(held).toEqual([])
  })
})
