import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shotsAtWidths, startApp, type E2eApp } from './support'

// A contact quote leaves out a person already in an ATS list (issue #32), in Chromium against the
// browser host and the built-in Sandbox (2,000 people, seed 1): a list naming the person by
// profile key is imported, they are found in Search, c asks for the quote, which says one was
// left out as already in your ATS; one click includes them and the quote prices them.
const people = generateProfiles({ count: 2000, seed: 1 })
const person = people.find(
  (p) => p.full_name && p.cur_company && people.filter((q) => q.full_name === p.full_name).length === 1
)!

describe('contact quotes and the known-people lists', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('leaves a known person out of the quote, says so, and includes them in one click', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const list = Buffer.from(`Profile key,Full name,Stage\n${person.key},"${person.full_name}",Phone Screen\n`)
    const { uploadId } = await bridge<{ uploadId: string }>(app, 'startKnownPeopleUpload', { bytes: list.length })
    await bridge(app, 'appendKnownPeopleUpload', { uploadId, chunk: list.toString('base64'), last: true })
    const { mapping } = await bridge<{ mapping: string[] }>(app, 'previewKnownPeople', {
      uploadId,
      fileName: 'ats.csv'
    })
    await bridge(app, 'importKnownPeople', {
      uploadId,
      fileName: 'ats.csv',
      name: 'ATS',
      scope: { kind: 'shared' },
      mapping
    })

    await page.keyboard.press('1')
    await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const results = page.getByTestId('results-list')
    await results.getByRole('option').first().waitFor()
    await page.keyboard.press('Home')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await expect
      .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
      .toContain('0 new — 0 credits; 1 left out — already in your ATS')
    await shotsAtWidths(page, 'quote-known-left-out', 'light')
    await dialog.getByTestId('contacts-include-known').click()
    await expect.poll(() => dialog.getByTestId('contacts-quote-text').textContent()).toContain('1 new — 1 credit;')
    expect(await dialog.getByTestId('contacts-include-known').count()).toBe(0)
    await dialog.getByTestId('contacts-cancel').click()
  }, 180_000)
})
