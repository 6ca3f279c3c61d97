/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { shot, startApp, type E2eApp } from './support'

// Issue 29, item 9: the Import review at 1024 × 768 showed about four rows (the list sat below
// the progress pane, itself a fixed 60 % of the window) with names cut to one letter (the
// candidates' table took the width), and at 1440 the key legend was drawn over the rows. The
// review is measured by its boxes: rows wholly in the window, names not cut, the legend clear.
const people = generateProfiles({ count: 2000, seed: 1 })
  .filter((p) => p.full_name && p.cur_company && p.cur_title)
  .slice(0, 120)
/** Names up to this long are shown whole at 1024 (the sheet's are up to 22 characters). */
const longest = Math.max(...people.map((p) => p.full_name!.length))

interface Layout {
  /** Rows of the list wholly inside the list's box and the window. */
  visibleRows: number
  /** Visible rows whose name is cut (ellipsis). */
  cutNames: string[]
  /** The narrowest visible name cell, in px, and how wide the widest name needs. */
  nameCell: number
  /** The key legend's box overlaps the list's box or a row's. */
  legendOverlaps: boolean
  legendVisible: boolean
}

const layout = (page: Page): Promise<Layout> =>
  page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('[data-testid="import-rows"]')!
    const box = list.getBoundingClientRect()
    // what of the list can be seen: its box, cut by every ancestor that clips, and by the window
    let top = Math.max(box.top, 0)
    let bottom = Math.min(box.bottom, window.innerHeight)
    for (let node = list.parentElement; node !== null; node = node.parentElement) {
      if (getComputedStyle(node).overflowY === 'visible') continue
      const clip = node.getBoundingClientRect()
      top = Math.max(top, clip.top)
      bottom = Math.min(bottom, clip.bottom)
    }
    const rows = [...list.querySelectorAll<HTMLElement>('[role="option"]')].filter((row) => {
      const r = row.getBoundingClientRect()
      return r.top >= top - 1 && r.bottom <= bottom + 1 && r.height > 0
    })
    const names = rows.map((row) => row.querySelector<HTMLElement>('[data-testid="import-row-name"]')!)
    const legend = document.querySelector<HTMLElement>('[data-testid="import-keys"]')!.getBoundingClientRect()
    const overlaps = (a: DOMRect, b: DOMRect) =>
      a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom
    return {
      visibleRows: rows.length,
      cutNames: names.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent ?? ''),
      nameCell: Math.min(...names.map((name) => name.clientWidth)),
      legendOverlaps: overlaps(legend, box) || rows.some((row) => overlaps(legend, row.getBoundingClientRect())),
      legendVisible: legend.height > 0 && legend.bottom <= window.innerHeight
    }
  })

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the Import review’s layout (${colorScheme})`, () => {
    let app: E2eApp
    beforeAll(async () => {
      app = await startApp({ colorScheme })
    })
    afterAll(() => app?.close())

    it('shows ten rows and whole names at 1024 × 768, and its key legend clear of the rows at 1440', async () => {
      const { page } = app
      await page.setViewportSize({ width: 1024, height: 768 })
      await page.getByTestId('search-form').waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      const dir = mkdtempSync(join(tmpdir(), 'td-import-layout-'))
      const file = join(dir, 'people.csv')
      const quote = (text: string) => `"${text.replaceAll('"', '""')}"`
      writeFileSync(
        file,
        [
          'Name,Company,Title',
          ...people.map((p) => [p.full_name!, p.cur_company!, p.cur_title!].map(quote).join(','))
        ].join('\n')
      )
      await page.keyboard.press('9')
      await page.getByTestId('import-file').setInputFiles(file)
      await page.getByTestId('import-mapping').waitFor({ timeout: 60_000 })
      await page.getByTestId('import-start').click()
      await expect.poll(() => page.getByTestId('import-state').textContent(), { timeout: 120_000 }).toBe('done')
      // a row with candidates open beside the list, as when reviewing
      await page.getByTestId('import-rows').focus()
      await page.keyboard.press('Home')
      await page.keyboard.press('j')

      for (const [width, height] of [
        [1024, 768],
        [1440, 900]
      ] as const) {
        await page.setViewportSize({ width, height })
        const seen = await layout(page)
        await shot(page, `import-review-${width}-${colorScheme}`)
        expect(seen.visibleRows, `rows in view at ${width}: ${JSON.stringify(seen)}`).toBeGreaterThanOrEqual(10)
        expect(seen.cutNames, `names cut at ${width}`).toEqual([])
        // wide enough for the longest name of the sheet, not just the ones in view
        expect(seen.nameCell, `name cell at ${width}`).toBeGreaterThanOrEqual(longest * 6)
        expect(seen.legendOverlaps, `legend over the rows at ${width}`).toBe(false)
        expect(seen.legendVisible, `legend in view at ${width}`).toBe(true)
      }
    }, 240_000)
  })
}
