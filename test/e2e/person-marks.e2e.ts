/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shot, startApp, settingsPage, type E2eApp } from './support'

// Marks on people (issue #31 item 5), in Chromium against the browser host, the built-in Sandbox
// and a real SQLite file: a person found by a search and saved in a shortlist carries no mark; once
// their key is added to the do-not-contact list in Settings, their search result, their profile
// (beside Contacts…), their shortlist row and their member detail say "Do not contact" and why,
// without a reload; once the entry is removed (main's doNotContactChanged), the marks go.
const people = generateProfiles({ count: 300, seed: 1 })
const person = people.find((p) => p.full_name && p.cur_company && p.key)!

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 300 })
  page = app.page
})
afterAll(() => app?.close())

const results = () => page.getByTestId('results-list')
const marks = (within: ReturnType<Page['getByTestId']>) => within.getByTestId('person-mark')

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** axe's contrast rule over the marks on screen (a pill on a selected row's tint too): how many passed, what failed. */
async function marksContrast(): Promise<{ passed: number; failed: unknown[] }> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  return page.evaluate(async () => {
    type Rule = { nodes: unknown[] }
    const axe = (
      window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: Rule[]; passes: Rule[] }> } }
    ).axe
    const result = await axe.run(
      { include: [['[data-testid="person-mark"]']] },
      { runOnly: { type: 'rule', values: ['color-contrast'] } }
    )
    return { passed: result.passes.flatMap((rule) => rule.nodes).length, failed: result.violations }
  })
}

async function go(shortcut: string) {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press(shortcut)
}

describe('marks on people', () => {
  it('shows Do not contact wherever the person appears once listed, and takes it away once removed', async () => {
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform team' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [person] })

    // found by a search: no mark yet
    await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const row = results().getByRole('option').filter({ hasText: person.full_name! }).first()
    await row.waitFor()
    const profile = page.getByTestId('profile-pane')
    await profile.getByTestId('profile-name').getByText(person.full_name!).waitFor()
    expect(await marks(results()).count()).toBe(0)
    expect(await marks(profile).count()).toBe(0)

    // Settings → Personal data → Do not contact: the person's key, by keyboard
    await go('8')
    await settingsPage(page, 'do-not-contact')
    const dnc = page.getByTestId('do-not-contact')
    await dnc.getByTestId('do-not-contact-kind').selectOption('key')
    await dnc.getByTestId('do-not-contact-value').fill(person.key!)
    await page.keyboard.press('Enter')
    await dnc
      .getByRole('status')
      .filter({ hasText: `Added ${person.key}.` })
      .waitFor()

    // back in Search, the same results (kept): the row, the profile and Contacts… say so
    await go('1')
    await marks(row).first().waitFor()
    expect(await marks(row).first().textContent()).toContain('Do not contact')
    expect(await marks(row).first().getAttribute('title')).toBe('On the do-not-contact list (profile key)')
    expect(await marks(profile).first().textContent()).toContain('On the do-not-contact list (profile key)')
    expect((await profile.getByTestId('contacts-do-not-contact').textContent())?.trim()).toBe(
      'Do not contact: Contacts… leaves them out of the quote.'
    )
    await shot(page, 'person-marks-search-light')
    await page.emulateMedia({ colorScheme: 'dark' })
    await shot(page, 'person-marks-search-dark')
    await page.emulateMedia({ colorScheme: 'light' })

    // Shortlists: the member's row and their detail
    await go('5')
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option', { name: /Platform team/ })
      .click()
    const members = page.getByTestId('member-list')
    const member = members.getByRole('option').filter({ hasText: person.full_name! })
    await marks(member).first().waitFor()
    expect(await marks(member).first().getAttribute('title')).toBe('On the do-not-contact list (profile key)')
    await member.click()
    await members.focus()
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('member-detail')
    await marks(detail).first().waitFor()
    await shot(page, 'person-marks-shortlist-light')

    // removed elsewhere while the shortlist shows: the marks go without a reload
    const { entries } = await bridge<{ entries: Array<{ id: number; value: string }> }>(app, 'listDoNotContact', {})
    await bridge(app, 'removeDoNotContact', { id: entries.find((entry) => entry.value === person.key)!.id })
    await expect.poll(() => marks(member).count()).toBe(0)
    await expect.poll(() => marks(detail).count()).toBe(0)
    await go('1')
    await row.waitFor()
    await expect.poll(() => marks(results()).count()).toBe(0)
    expect(await profile.getByTestId('contacts-do-not-contact').count()).toBe(0)
  })

  it('marks the people of a chat answer, and says beside Contacts… how many the quote leaves out', async () => {
    // everyone the Sandbox holds, listed by key from a file
    const text = people.map((p) => `key:${p.key}`).join('\n')
    await bridge(app, 'importDoNotContact', { text })
    await go('2')
    const input = page.getByTestId('chat-input')
    await input.fill('software engineers')
    await input.press('Enter')
    const answer = page.getByTestId('chat-answer').first()
    await answer.getByTestId('chat-result').first().waitFor({ timeout: 15_000 })
    const shown = await answer.getByTestId('chat-result').count()
    // one "Do not contact" per person (some also say In your ATS: the service's own match, ats_data)
    const suppressed = answer.locator('[data-mark="do-not-contact"]')
    await expect.poll(() => suppressed.count()).toBe(shown)
    expect(await suppressed.first().getAttribute('title')).toBe('On the do-not-contact list (profile key)')
    const byService = answer.locator('[data-mark="known"]')
    await expect.poll(() => byService.count()).toBeGreaterThan(0)
    expect(await byService.first().getAttribute('title')).toMatch(/^In your ATS, per the service: /)
    expect(await answer.getByTestId('chat-do-not-contact').textContent()).toContain(
      `${shown} not to be contacted: Contacts… leaves them out of the quote`
    )
    await shot(page, 'person-marks-chat-light')
  })

  it('says In your ATS (stage) once an ATS export names the person, and no more once the list is removed', async () => {
    const file = Buffer.from(`Profile key,Stage,Candidate ID\n${person.key},Phone Screen,gh-77\n`)
    const { uploadId } = await bridge<{ uploadId: string }>(app, 'startKnownPeopleUpload', { bytes: file.length })
    await bridge(app, 'appendKnownPeopleUpload', { uploadId, chunk: file.toString('base64'), last: true })
    await go('1')
    const row = results().getByRole('option').filter({ hasText: person.full_name! }).first()
    await row.waitFor()
    const { list } = await bridge<{ list: { id: number } }>(app, 'importKnownPeople', {
      uploadId,
      fileName: 'candidates.csv',
      name: 'Greenhouse export',
      scope: { kind: 'shared' },
      mapping: ['key', 'stage', 'ats_id']
    })
    // while Search shows: knownPeopleChanged brings the mark
    const known = row.locator('[data-mark="known"]')
    await known.waitFor()
    expect(await known.textContent()).toContain('In your ATS (Phone Screen)')
    expect(await known.getAttribute('title')).toBe('In Greenhouse export: Phone Screen (by profile key)')
    const profile = page.getByTestId('profile-pane')
    expect(await profile.locator('[data-mark="known"]').textContent()).toContain(
      'In Greenhouse export: Phone Screen (by profile key)'
    )
    await shot(page, 'person-marks-known-light')
    // the row's two pills and the profile's two marks, words and pills
    expect(await marksContrast()).toMatchObject({ passed: expect.any(Number), failed: [] })
    expect((await marksContrast()).passed).toBeGreaterThanOrEqual(4)
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect.poll(async () => (await marksContrast()).failed).toEqual([])
    await shot(page, 'person-marks-known-dark')
    await page.emulateMedia({ colorScheme: 'light' })
    // at 1024 wide the name keeps its room; the marks give way (whole in their title)
    await page.setViewportSize({ width: 1024, height: 768 })
    await expect
      .poll(() => row.locator('.name').evaluate((name) => name.getBoundingClientRect().width))
      .toBeGreaterThan(100)
    await shot(page, 'person-marks-known-1024-light')
    await page.setViewportSize({ width: 1280, height: 800 })

    await go('5')
    const member = page.getByTestId('member-list').getByRole('option').filter({ hasText: person.full_name! })
    await member.locator('[data-mark="known"]').waitFor()
    await shot(page, 'person-marks-known-shortlist-light')

    await bridge(app, 'removeKnownPeopleList', { id: list.id })
    await expect.poll(() => member.locator('[data-mark="known"]').count()).toBe(0)
  })
})
