/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { atsPeople } from '../../sandbox/ats/ats-people'
import { generateProfiles } from '../../sandbox/data/generate'
import { settingsPage, shotsAtWidths, startApp, type E2eApp } from './support'
import { connectionReady, keepShots, openSettingsPage, seriousViolations, tabInSettings } from './page-checks'

// Known people, live (issue #39 item 3) in Chromium against the built browser host and its
// built-in Sandbox, by keyboard only: Settings → ATS → Try with the Sandbox's Greenhouse, whose
// first full pull starts at once; Pull now pulls the changes; the status says how many people;
// Settings → People you already have names the list "Greenhouse: Sandbox’s Greenhouse"; a Search
// for a person the fake Greenhouse holds shows the "In your ATS" mark naming it. Axe clean;
// screenshots at 1024 and 1440, light and dark (docs/screenshots/ats-pull-*.png).

const PROFILES = 300

// a person of the Sandbox's own (seed 1, the first 300) whom the fake Greenhouse holds, with a company
const held = atsPeople({
  seed: 1,
  profiles: generateProfiles({ count: PROFILES, seed: 1 }),
  extraShare: 0.05,
  salt: 'greenhouse'
}).find((person) => person.company !== null && person.links.length > 0)!

let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ colorScheme: 'light', sandboxProfiles: PROFILES })
  page = app.page
  await connectionReady(page)
}, 120_000)
afterAll(() => app?.close())

const panel = () => page.getByTestId('ats-panel')

describe('Known people, live', () => {
  it('pulls the Sandbox’s Greenhouse, says how many, and Search marks its people — by keyboard; axe clean', async () => {
    await openSettingsPage(page, 'ats')
    await panel().getByTestId('ats-empty').waitFor()

    await tabInSettings(page, 'ats-try-greenhouse')
    const block = panel().getByTestId('ats-pull')
    const state = block.getByTestId('ats-pull-state')
    // the new connection's first full pull starts at once and ends with the list's size
    await expect.poll(() => state.innerText(), { timeout: 60_000 }).toBe('Up to date')
    const text = await block.innerText()
    const people = Number(/ATS: Sandbox’s Greenhouse: ([\d,]+) people/.exec(text)?.[1]?.replace(/,/g, ''))
    expect(people).toBeGreaterThan(0)
    expect(text).toContain(`Last pull (full): ${people.toLocaleString('en-US')} people read`)
    expect(await seriousViolations(page)).toEqual([])

    // Pull now (by keyboard) pulls the changes since
    await tabInSettings(page, 'ats-pull-now')
    await expect.poll(() => block.innerText(), { timeout: 60_000 }).toMatch(/Last pull \(changes\): /)
    await expect.poll(() => state.innerText()).toBe('Up to date')
    expect(await block.innerText()).toContain(`ATS: Sandbox’s Greenhouse: ${people.toLocaleString('en-US')} people`)
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-pull-status', 'light')
    keepShots('ats-pull-status')

    // People you already have: the pulled list, its source in words
    await settingsPage(page, 'known-people')
    const row = page.getByTestId('known-people-row').filter({ hasText: 'ATS: Sandbox’s Greenhouse' })
    await row.waitFor()
    expect(await row.innerText()).toContain('Greenhouse: Sandbox’s Greenhouse')
    expect(await row.innerText()).not.toContain('ats:greenhouse')

    // Search: a person the fake Greenhouse holds is marked, the mark naming it
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('1')
    await page.getByTestId('search-form').waitFor()
    for (let n = 0; n < 40; n++) {
      if (await page.evaluate(() => document.activeElement?.getAttribute('placeholder') === 'Ada Lovelace')) break
      await page.keyboard.press('Tab')
    }
    await page.keyboard.type(`${held.firstName} ${held.lastName}`)
    await page.keyboard.press('Tab')
    await page.keyboard.type(held.company!)
    await page.keyboard.press('Enter')
    const results = page.getByTestId('results-list')
    await results.getByRole('option').first().waitFor({ timeout: 30_000 })
    const mark = results.getByRole('option').first().locator('[data-mark="known"]')
    await expect.poll(() => mark.textContent().catch(() => ''), { timeout: 30_000 }).toContain('In your ATS')
    expect(await mark.getAttribute('title')).toContain('In ATS: Sandbox’s Greenhouse')
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-pull-search', 'light')
    keepShots('ats-pull-search')
  }, 240_000)
})
