import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shotsAtWidths, startApp, type E2eApp } from './support'

// A contact quote leaves out a person already in your ATS (issues #32 and #36 item 5), in Chromium
// against the built app's browser host and the built-in Sandbox (2,000 people, seed 1): a list that
// knows the person ONLY by name and company (no email, link or key) is imported, they are found in
// Search and marked there, c asks for the quote, which says one was left out as already in your
// ATS; axe finds nothing serious in the dialog; one click includes them and the quote prices them.
const people = generateProfiles({ count: 2000, seed: 1 })
const person = people.find(
  (p) =>
    p.full_name &&
    p.cur_company &&
    p.ats_data === undefined &&
    people.filter((q) => q.full_name === p.full_name).length === 1
)!

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe's WCAG 2.x A/AA rules over one part of the page: the serious and critical findings. */
async function seriousViolations(page: Page, selector: string): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  // colours ease over 100 ms (a scheme change, a button taking focus): judged once they have
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
  const violations = await page.evaluate(async (include) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(
      { include: [include] },
      { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } }
    )
    return result.violations
  }, selector)
  return (violations as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>)
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`))
}

describe('contact quotes and the known-people lists', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(() => app?.close())

  it('leaves a person known by name and company out of the quote, says so, and includes them in one click', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    // by name and company alone: the list has no email, link nor key for them
    const list = Buffer.from(`Full name,Company,Stage\n"${person.full_name}","${person.cur_company}",Phone Screen\n`)
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
    // the row's mark and the quote give the same answer
    await expect
      .poll(() => results.getByRole('option').first().getByTestId('person-mark').first().textContent())
      .toContain('In your ATS (Phone Screen)')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await expect
      .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
      .toContain('0 new — 0 credits; 1 left out — already in your ATS')
    expect(await seriousViolations(page, '[data-testid="buy-contacts"]')).toEqual([])
    await page.emulateMedia({ colorScheme: 'dark' })
    expect(await seriousViolations(page, '[data-testid="buy-contacts"]')).toEqual([])
    await page.emulateMedia({ colorScheme: 'light' })
    await shotsAtWidths(page, 'quote-known-left-out', 'light')
    await dialog.getByTestId('contacts-include-known').click()
    await expect.poll(() => dialog.getByTestId('contacts-quote-text').textContent()).toContain('1 new — 1 credit;')
    expect(await dialog.getByTestId('contacts-include-known').count()).toBe(0)
    await dialog.getByTestId('contacts-cancel').click()
  }, 180_000)
})
