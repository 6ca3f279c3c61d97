/// <reference lib="dom" />
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { artifacts, bridge, shotsAtWidths, startApp, type E2eApp } from './support'

// Settings in pages (issue #37 item 7), in Chromium against the browser host and the built-in
// Sandbox (2,000 people, seed 1): the page list is one tab stop whose keys reach every page; at
// 1024×768 nothing inside Settings scrolls on its own (the section scrolls as one page) and each
// page is axe clean; Activity's "Deleting soon" opens Retention; a quote's "left out — on the
// do-not-contact list" opens the do-not-contact page; the chosen page stays for the session.
const people = generateProfiles({ count: 2000, seed: 1 })
const findable = people.filter(
  (p) => p.full_name && p.cur_company && people.filter((q) => q.full_name === p.full_name).length === 1
)
const person = findable[0]!
const known = findable[1]!
const pageIds = [
  'connections',
  'watches',
  'controller',
  'retention',
  'do-not-contact',
  'export-log',
  'register',
  'notice',
  'known-people',
  'team',
  'ats'
]

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ colorScheme: 'light' })
  page = app.page
  await page.getByTestId('search-form').waitFor()
  await page.getByTestId('active-connection').filter({ hasNotText: 'starting' }).waitFor({ timeout: 60_000 })
  // a do-not-contact list longer than the window: that page scrolls, as one page
  for (let n = 0; n < 30; n++) await bridge(app, 'addDoNotContact', { kind: 'email', value: `person${n}@example.com` })
}, 120_000)
afterAll(() => app?.close())

const shown = () => page.getByTestId('settings-page').getAttribute('data-page')
const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-page') ?? null)

/** The boxes inside Settings that scroll on their own: content taller than the box, overflow auto/scroll. */
const scrollBoxes = () =>
  page.evaluate(() =>
    [...document.querySelectorAll('main section.screen, main section.screen *')]
      .filter((box) => {
        const overflow = getComputedStyle(box).overflowY
        return (overflow === 'auto' || overflow === 'scroll') && box.scrollHeight > box.clientHeight + 1
      })
      .map(
        (box) => `${box.tagName.toLowerCase()}.${[...box.classList].join('.')} ${box.scrollHeight}>${box.clientHeight}`
      )
  )

async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run('main', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return (result.violations as Array<{ id: string; impact: string | null }>)
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id)
  })
}

describe('Settings in pages', () => {
  it('reaches every page by keyboard from its page list; none has a box that scrolls inside the page', async () => {
    await page.setViewportSize({ width: 1024, height: 768 })
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    // the list is made from the table of pages, one tab stop: only the chosen page takes Tab
    const list = page.getByTestId('settings-pages')
    expect(await list.locator('button').evaluateAll((buttons) => buttons.map((b) => b.dataset['page']))).toEqual(
      pageIds
    )
    expect(await list.locator('button[tabindex="0"]').count()).toBe(1)
    await list.locator('button[tabindex="0"]').focus()
    await page.keyboard.press('Home')
    await expect.poll(shown).toBe('connections')
    await page.getByTestId('connection-detail').waitFor()

    const problems: string[] = []
    /** The pages taller than the window: there the section scrolls as one page. */
    const scrolling: string[] = []
    for (const [index, id] of pageIds.entries()) {
      if (index > 0) await page.keyboard.press(index % 2 === 0 ? 'ArrowDown' : 'j')
      await expect.poll(shown).toBe(id)
      await expect.poll(focused).toBe(id)
      expect(await list.locator(`button[data-page="${id}"]`).getAttribute('aria-current')).toBe('page')
      await page.getByTestId('settings-page').locator('section').first().waitFor()
      if (await page.locator('main').evaluate((main) => main.scrollHeight > main.clientHeight)) scrolling.push(id)
      for (const box of await scrollBoxes()) problems.push(`${id}: ${box}`)
      for (const violation of await seriousViolations()) problems.push(`${id}: axe ${violation}`)
    }
    expect(problems).toEqual([])
    expect(scrolling).toContain('do-not-contact')
    // the ends are clamped, and Home goes back to the first
    await page.keyboard.press('End')
    await expect.poll(shown).toBe(pageIds.at(-1))
    await page.keyboard.press('Home')
    await expect.poll(shown).toBe('connections')
    await expect.poll(focused).toBe('connections')

    mkdirSync(join(process.cwd(), 'docs/screenshots'), { recursive: true })
    await shotsAtWidths(page, 'settings-pages', 'light')
    for (const width of [1024, 1440])
      for (const scheme of ['light', 'dark'])
        copyFileSync(
          join(artifacts, `settings-pages-${width}-${scheme}.png`),
          join(process.cwd(), `docs/screenshots/settings-pages-${width}-${scheme}.png`)
        )
  }, 120_000)

  it('opens Retention from Activity’s “Deleting soon”, and keeps the page for the session', async () => {
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Last spring' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [0, 1].map((n) => makeProfile(n, 43)) })
    await bridge(app, 'deleteShortlist', { id: list.id })
    await bridge(app, 'setRetention', { settings: { inactiveDays: 7, contactDays: null } })

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('0')
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    const entry = page.getByTestId('activity-list').getByTestId('activity-entry').filter({ hasText: 'Deleting soon' })
    await entry.first().click({ timeout: 30_000 })
    await page.getByRole('button', { name: /^See who and keep them/ }).click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect.poll(shown).toBe('retention')
    await page.getByTestId('settings-page').getByTestId('retention').waitFor()

    // away and back: Settings opens where it was left
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByTestId('search-form').waitFor()
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    expect(await shown()).toBe('retention')
  }, 120_000)

  it('opens the do-not-contact page from a quote’s “left out” line', async () => {
    await bridge(app, 'addDoNotContact', { kind: 'key', value: person.key, note: '' })
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    await page.getByTestId('results-list').getByRole('option').first().waitFor()
    await page.keyboard.press('Home')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await expect
      .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
      .toContain('1 left out — on the do-not-contact list')
    await dialog.getByTestId('contacts-left-out-dnc').click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect.poll(shown).toBe('do-not-contact')
    expect(await dialog.count()).toBe(0)
    await expect
      .poll(() => page.getByTestId('do-not-contact').getByTestId('do-not-contact-row').first().textContent())
      .toContain(person.key)
  }, 120_000)

  it('opens People you already have from a quote’s “left out — already in your ATS” line', async () => {
    const list = Buffer.from(`Profile key,Full name,Stage\n${known.key},"${known.full_name}",Phone Screen\n`)
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

    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByLabel('Name', { exact: true }).fill(known.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(known.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    await page.getByTestId('results-list').getByRole('option').filter({ hasText: known.full_name! }).first().waitFor()
    await page.keyboard.press('Home')
    await page.keyboard.press('c')
    const dialog = page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await expect
      .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
      .toContain('1 left out — already in your ATS')
    await dialog.getByTestId('contacts-left-out-known').click()
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await expect.poll(shown).toBe('known-people')
    expect(await dialog.count()).toBe(0)
    await page.getByTestId('known-people-panel').getByTestId('known-people-row').filter({ hasText: 'ATS' }).waitFor()
  }, 120_000)
})
