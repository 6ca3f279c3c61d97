/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shot, startApp, type E2eApp } from './support'

// The export dialog's ATS layouts and do-not-contact choice (issues #32 item 4, #31 item 5), in
// Chromium against the browser host and a real SQLite file: a shortlist of three, one of them on
// the do-not-contact list, exported as Greenhouse's template by keyboard with "Leave them out":
// the file's header row is the template's and the listed person is not in it, and the dialog says
// "1 person left out: do not contact"; exported again with the default, they are marked.
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const greenhouseHeader = [
  'First Name',
  'Last Name',
  'Company',
  'Title',
  'Notes',
  'Email',
  'Phone',
  'Social Media',
  'Website',
  'Address',
  'Source',
  'Who gets credit',
  'Job',
  'Department',
  'Office',
  'Prospect Pool',
  'Prospect Stage'
]

describe('Export for an ATS, leaving out who must not be contacted', () => {
  it('writes the Greenhouse template without the listed person, and says so; marks them by default', async () => {
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Data team' })
    const people = [0, 1, 2].map((index): Record<string, unknown> => ({
      ...makeProfile(index, 9),
      first_name: ['Ana', 'Bruno', 'Carla'][index],
      last_name: 'Lima',
      full_name: `${['Ana', 'Bruno', 'Carla'][index]} Lima`
    }))
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: people })
    await bridge(app, 'addDoNotContact', { kind: 'key', value: people[1]!.key as string })

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option').filter({ hasText: 'Data team' }).click()
    await page.getByRole('button', { name: 'Export…' }).click()
    const dialog = page.getByRole('dialog', { name: /Export .* to CSV/ })
    await dialog.waitFor()
    // by keyboard: the ATS layout, then "Leave them out"
    await dialog.getByRole('radio', { name: /Greenhouse/ }).focus()
    await page.keyboard.press('Space')
    expect(await dialog.getByRole('radio', { name: /Greenhouse/ }).isChecked()).toBe(true)
    expect(await dialog.getByRole('radio', { name: /Mark them/ }).isChecked()).toBe(true)
    await dialog.getByRole('radio', { name: /Mark them/ }).focus()
    await page.keyboard.press('ArrowDown')
    expect(await dialog.getByRole('radio', { name: /Leave them out/ }).isChecked()).toBe(true)
    await shot(page, 'export-ats')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    const file = join(app.dataDir, 'greenhouse.csv')
    await download.saveAs(file)
    const rows = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(rows[0]).toEqual(greenhouseHeader)
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort()
    ).toEqual(['Ana', 'Carla'])
    await dialog.getByTestId('export-do-not-contact').filter({ hasText: '1 person left out: do not contact' }).waitFor()
    await dialog.getByRole('button', { name: 'Close' }).last().click()

    // the default marks them, with why
    await page.getByRole('button', { name: 'Export…' }).click()
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Mark them/ }).check()
    const [marked] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    const markedFile = join(app.dataDir, 'marked.csv')
    await marked.saveAs(markedFile)
    const markedRows = parse(readFileSync(markedFile, 'utf8'), { bom: true }) as string[][]
    expect(markedRows[0]).toEqual([...greenhouseHeader, 'Do not contact'])
    expect(markedRows.find((row) => row[0] === 'Bruno')!.at(-1)).toBe('On the do-not-contact list (profile key)')
    await dialog.getByTestId('export-do-not-contact').filter({ hasText: '1 person marked' }).waitFor()
  })
})
