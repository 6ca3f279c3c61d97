import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, startApp, type E2eApp } from './support'

// The Import review's "In your ATS" filter (issue #32), in Chromium against the browser host, the
// built-in Sandbox and a real SQLite file: a Lever-shaped list naming two people of a sheet by
// email is imported, the sheet is matched, the filter lists only those two rows, and the candidate
// pane says which list and stage.
const people = generateProfiles({ count: 2000, seed: 1 })
  .slice(700, 900)
  .filter((person) => ((person as { emails?: string[] }).emails?.length ?? 0) > 0)
  .slice(0, 6)
const emailOf = (person: (typeof people)[number]) => (person as { emails: string[] }).emails[0]!

describe('the Import review and the known-people lists', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'dark' })
  })
  afterAll(() => app?.close())

  it('filters the rows of people already in an ATS list and says which list', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')

    const list = Buffer.from(
      `Name,Email,Stage,Links\n"${people[1]!.full_name}",${emailOf(people[1]!)},Reached Out,\n"${people[4]!.full_name}",${emailOf(people[4]!)},Offer,\n`
    )
    const { uploadId } = await bridge<{ uploadId: string }>(app, 'startKnownPeopleUpload', { bytes: list.length })
    await bridge(app, 'appendKnownPeopleUpload', { uploadId, chunk: list.toString('base64'), last: true })
    const { mapping } = await bridge<{ mapping: string[] }>(app, 'previewKnownPeople', {
      uploadId,
      fileName: 'lever.csv'
    })
    await bridge(app, 'importKnownPeople', {
      uploadId,
      fileName: 'lever.csv',
      name: 'Lever',
      scope: { kind: 'shared' },
      mapping
    })

    const dir = mkdtempSync(join(tmpdir(), 'td-known-import-e2e-'))
    const file = join(dir, 'speakers.csv')
    writeFileSync(file, ['Name,Email', ...people.map((person) => `${person.full_name},${emailOf(person)}`)].join('\n'))
    await page.keyboard.press('9')
    await page.getByRole('heading', { level: 1, name: 'Import' }).waitFor()
    await page.getByTestId('import-file').setInputFiles(file)
    await page.getByTestId('import-mapping').waitFor({ timeout: 60_000 })
    await page.getByTestId('import-start').click()
    await expect.poll(() => page.getByTestId('import-state').textContent(), { timeout: 120_000 }).toBe('done')

    await page.getByTestId('filter-known').click()
    await expect.poll(() => page.getByTestId('filter-known').textContent()).toBe('In your ATS 2')
    const names = page.getByTestId('import-row-name')
    await expect.poll(() => names.count()).toBe(2)
    await page.getByTestId('import-rows').focus()
    await expect
      .poll(() => page.getByTestId('import-known').textContent())
      .toMatch(/In your ATS:\s*Lever \((Reached Out|Offer)\), by email/)
  }, 180_000)
})
