import ExcelJS from 'exceljs'
import { soffice, throughCalc } from '../unit/export/calc'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { quoteEveryone, shot, startApp, type E2eApp } from './support'

// Bulk match from the page: an .xlsx of 200 rows with a title block and messy headers, mapped as
// suggested, matched against the built-in Sandbox, three doubtful rows settled by keyboard, the
// matched accepted, shortlisted, quoted for contacts, and the sheet exported back enriched.
const people = generateProfiles({ count: 2000, seed: 1 }).slice(300, 500)

async function workbook(file: string): Promise<void> {
  const book = new ExcelJS.Workbook()
  book.addWorksheet('Notes', { state: 'hidden' }).addRow(['internal'])
  const sheet = book.addWorksheet('Attendees')
  sheet.addRow(['Tech summit 2026 — attendee list'])
  sheet.addRow([])
  sheet.addRow(['Full Name', 'E-Mail', 'Company Name', 'Job Title', 'Ticket #'])
  people.forEach((person, index) => {
    const email = index % 2 === 0 ? ((person as { emails?: string[] }).emails?.[0] ?? '') : ''
    // every fifth row by first name only: common names give several close candidates
    const name = index % 5 === 1 ? String(person.first_name ?? person.full_name) : String(person.full_name)
    sheet.addRow([name, email, index % 5 === 1 ? '' : person.cur_company, person.cur_title, `T-${1000 + index}`])
  })
  await book.xlsx.writeFile(file)
}

describe('bulk match from a spreadsheet', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('imports, maps, matches, settles doubtful rows by keyboard, shortlists, quotes and exports', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const dir = mkdtempSync(join(tmpdir(), 'td-import-e2e-'))
    const file = join(dir, 'summit attendees.xlsx')
    await workbook(file)

    await page.keyboard.press('9')
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor()
    await page.getByTestId('import-file').setInputFiles(file)
    await page.getByTestId('import-mapping').waitFor({ timeout: 60_000 })
    // the hidden sheet is passed over, the title block too
    expect(await page.getByTestId('import-sheet').inputValue()).toBe('Attendees')
    expect(await page.getByTestId('map-0').inputValue()).toBe('name')
    expect(await page.getByTestId('map-1').inputValue()).toBe('email')
    expect(await page.getByTestId('map-2').inputValue()).toBe('company')
    expect(await page.getByTestId('map-3').inputValue()).toBe('title')
    expect(await page.getByTestId('map-4').inputValue()).toBe('keep')
    expect(await page.getByTestId('import-plan').textContent()).toContain('200 rows to match')
    await shot(page, 'import-mapping')

    await page.getByTestId('import-start').click()
    await expect.poll(() => page.getByTestId('import-state').textContent(), { timeout: 120_000 }).toBe('done')
    const counts = (await page.getByTestId('import-counts').textContent()) ?? ''
    expect(counts).toMatch(/200 of 200 rows answered/)
    const doubtful = Number(/(\d+) doubtful/.exec(counts)![1])
    expect(doubtful).toBeGreaterThanOrEqual(3)

    // three doubtful rows, settled from the keyboard: 1, 2, then r
    await page.getByTestId('filter-doubtful').click()
    const rows = page.getByTestId('import-rows')
    await rows.focus()
    await page.keyboard.press('1')
    await expect.poll(() => page.getByTestId('import-notice').textContent()).toMatch(/^Accepted .* for row \d+$/)
    await page.keyboard.press('2')
    await expect.poll(() => page.getByTestId('filter-accepted').textContent()).toBe('Accepted 2')
    await page.keyboard.press('r')
    await expect.poll(() => page.getByTestId('filter-rejected').textContent()).toBe('Rejected 1')
    // and back: u undoes the rejection
    await page.keyboard.press('u')
    await expect.poll(() => page.getByTestId('filter-rejected').textContent()).toBe('Rejected 0')
    await page.keyboard.press('r')
    await expect.poll(() => page.getByTestId('filter-rejected').textContent()).toBe('Rejected 1')
    await shot(page, 'import-review')

    await page.getByTestId('accept-matched').click()
    const matched = Number(/(\d+) matched/.exec(counts)![1])
    await expect.poll(() => page.getByTestId('filter-accepted').textContent()).toBe(`Accepted ${matched + 2}`)

    await page.getByTestId('import-shortlist-name').fill('Summit 2026')
    await page.getByTestId('import-shortlist').click()
    await expect
      .poll(() => page.getByTestId('import-act-message').textContent())
      .toMatch(new RegExp(`^${matched + 2} added to “Summit 2026”`))

    await page.getByTestId('import-contacts').click()
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await quoteEveryone(dialog)
    expect(await dialog.getByTestId('contacts-quote-text').textContent()).toMatch(new RegExp(`${matched + 2} new`))
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('import-export-xlsx').click()
    ])
    const saved = join(dir, 'back.xlsx')
    await download.saveAs(saved)
    const back = new ExcelJS.Workbook()
    await back.xlsx.readFile(saved)
    const sheet = back.worksheets[0]!
    const header = (sheet.getRow(1).values as unknown[]).slice(1)
    expect(header.slice(0, 7)).toEqual([
      'Full Name',
      'E-Mail',
      'Company Name',
      'Job Title',
      'Ticket #',
      'Match outcome',
      'Decision'
    ])
    expect(sheet.rowCount).toBe(201)
    // every original row in its order, its own cells first, the match after
    const second = (sheet.getRow(2).values as unknown[]).slice(1)
    expect(second[0]).toBe(people[0]!.full_name)
    expect(second[4]).toBe('T-1000')
    expect(second[5]).toBe('matched')
    expect(second[7]).toBe(people[0]!.key)
    // and LibreOffice Calc opens it the same: every row, the original columns first, keys as text
    if (soffice !== undefined) {
      const cells = await throughCalc(saved, dir)
      expect(cells).toHaveLength(201)
      expect(cells[0]!.slice(0, 7)).toEqual(header.slice(0, 7))
      expect(cells[1]![0]).toBe(people[0]!.full_name)
      expect(cells[1]![4]).toBe('T-1000')
      expect(cells[1]![7]).toBe(people[0]!.key)
    }
  }, 240_000)
})
