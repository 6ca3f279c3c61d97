/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WholePersonProfile } from '../../shared/api'
import { generateProfiles } from '../../sandbox/data/generate'
import { applyCareerMove } from '../../sandbox/server/refresh/career-move'
import { shot, startApp, type E2eApp } from './support'

// Issue 19, item 12: at 1024 px the header wrapped (brand on two lines, pills wrapped); at 1440
// the results header pushed "Export… e" onto a second line and change markers were cut off with
// room to spare; the recruiter's own fields sat two screens below the profile.
const people = generateProfiles({ count: 300, seed: 1 })
/** Someone whose first refresh finds a new employer (the sandbox decides by key). */
const mover = people.find((p) => {
  const copy = structuredClone({ ...p }) as WholePersonProfile
  applyCareerMove(copy, '2026-11-01T00:00:00.000Z')
  return p.full_name && p.cur_company && copy.cur_company !== p.cur_company
})!
const widths = [1024, 1440] as const

/** The header strip is one row: nothing in it wraps onto a second line. */
const headerRows = (page: Page) =>
  page.evaluate(() => {
    const header = document.querySelector('header.header')!
    const parts = [...header.children].filter((child) => (child as HTMLElement).offsetWidth > 0)
    const wrapped = parts
      .filter((part) => {
        const style = getComputedStyle(part)
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom)
        return part.getBoundingClientRect().height - padding > line * 1.5
      })
      .map((part) => part.textContent?.trim())
    const middles = parts.map((part) => {
      const box = part.getBoundingClientRect()
      return box.top + box.height / 2
    })
    const rows = Math.max(...middles) - Math.min(...middles) < 8 ? 1 : 2
    const overflow = header.scrollWidth > header.clientWidth + 1
    return { wrapped, rows, overflow }
  })

/** Buttons in an element whose text runs onto a second line. */
const wrappedButtons = (page: Page, selector: string) =>
  page.evaluate((selector) => {
    const buttons = [...document.querySelectorAll<HTMLElement>(`${selector} button`)].filter((b) => b.offsetWidth > 0)
    const single = Math.min(...buttons.map((b) => b.getBoundingClientRect().height))
    const tops = new Set(buttons.map((b) => Math.round(b.getBoundingClientRect().top)))
    return {
      wrapped: buttons.filter((b) => b.getBoundingClientRect().height > single + 2).map((b) => b.textContent?.trim()),
      rows: tops.size
    }
  }, selector)

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the layout at 1024 and 1440 px (${colorScheme})`, () => {
    let app: E2eApp
    let page: Page
    beforeAll(async () => {
      app = await startApp({ colorScheme, sandboxProfiles: 300 })
      page = app.page
    })
    afterAll(() => app?.close())

    it('keeps the header on one row, and the results header’s actions whole with a profile open', async () => {
      await page.getByTestId('search-form').waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      await page.getByLabel('Name', { exact: true }).fill(mover.full_name!)
      await page.getByLabel('Company', { exact: true }).fill(mover.cur_company!)
      await page.getByLabel('Company', { exact: true }).press('Enter')
      const list = page.getByTestId('results-list')
      await list.getByRole('option').first().waitFor()
      await page.keyboard.press('Space')
      await page.keyboard.press('Enter')
      await page.getByTestId('profile-pane').waitFor()
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 })
        expect(await headerRows(page), `header at ${width}`).toEqual({ wrapped: [], rows: 1, overflow: false })
        // no action breaks inside; in a narrow pane they move under the title together
        expect((await wrappedButtons(page, '.results .pane-head')).wrapped, `results header at ${width}`).toEqual([])
        expect((await wrappedButtons(page, '.results .pane-head .actions')).rows, `actions at ${width}`).toBe(1)
        // at 1440 the whole header is one row, with a person ticked (Clear shown) too
        if (width === 1440) expect((await wrappedButtons(page, '.results .pane-head')).rows).toBe(1)
        await shot(page, `layout-search-${width}-${colorScheme}`)
      }
    })

    it('shows a refresh’s change marker whole, and the recruiter’s fields above the profile', async () => {
      await page.setViewportSize({ width: 1440, height: 800 })
      await page.getByTestId('results-list').focus()
      await page.keyboard.press('s')
      const dialog = page.getByRole('dialog', { name: /to a shortlist/ })
      await dialog.getByLabel('New shortlist name').fill('Movers')
      await page.keyboard.press('Enter')
      await page.getByText('Added 1 to “Movers”.').waitFor()
      await page.keyboard.press('4')
      await page.getByLabel('A shortlist’s members').check()
      await page.getByLabel(/Only members whose data is older/).uncheck()
      await page.getByTestId('start-refresh-button').click()
      const jobPage = page.getByTestId('job-page')
      await expect.poll(() => jobPage.getByTestId('job-status').textContent(), { timeout: 30_000 }).toBe('Completed')

      await page.keyboard.press('5')
      await page.getByRole('option', { name: /Movers/ }).click()
      const change = page.getByTestId('member-change').first()
      await change.waitFor()
      await page.getByTestId('member-list').focus()
      await page.keyboard.press('Home')
      await page.keyboard.press('Enter')
      const detail = page.getByTestId('member-detail')
      await detail.getByLabel('Stage').waitFor()
      for (const width of widths) {
        await page.setViewportSize({ width, height: 800 })
        // the marker is whole when the row has room for it (1440), and never pushes the name out
        if (width === 1440) {
          expect(await change.evaluate((el) => el.scrollWidth <= el.clientWidth), `marker at ${width}`).toBe(true)
        }
        // stage, rating, tags and notes: in the first screen, above (or beside) the profile
        for (const label of ['Stage', /^Tags/, /^Notes/]) {
          const box = (await detail.getByLabel(label).boundingBox())!
          expect(box.y + box.height, `${String(label)} at ${width}`).toBeLessThanOrEqual(800)
        }
        const fields = (await detail.getByRole('region', { name: 'Your notes' }).boundingBox())!
        const profile = (await detail.getByRole('region', { name: 'Profile' }).boundingBox())!
        expect(fields.y < profile.y || fields.x > profile.x + 8, `fields beside or above at ${width}`).toBe(true)
        expect(await headerRows(page), `header at ${width}`).toEqual({ wrapped: [], rows: 1, overflow: false })
        await shot(page, `layout-shortlist-detail-${width}-${colorScheme}`)
      }
    }, 90_000)
  })
}
