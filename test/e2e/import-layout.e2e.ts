/// <reference lib="dom" />
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shot, startApp, type E2eApp } from './support'

// Issue 29, item 9: the Import review at 1024 × 768 showed about four rows (the list sat below
// the progress pane, itself a fixed 60 % of the window) with names cut to one letter (the
// candidates' table took the width), and at 1440 the key legend was drawn over the rows. The
// review is measured by its boxes: rows wholly in the window, names not cut, the legend clear.
// Then the candidates beside a row that has five: the table was wider than its pane (at 1024 only
// the first candidate whole, the second cut mid-word; at 1440 the fifth), its sideways scroll bar
// out of sight below, and the Accept buttons, Reject all and Edit below the fold. Now each shown
// candidate is whole with its Accept in its header, Reject all above, and the rest a step away.
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

interface Compare {
  /** The first candidate's Accept and Reject all, each wholly in the window and in every box that clips it. */
  acceptFirstWhole: boolean
  rejectWhole: boolean
  /** Candidates whose Accept button is wholly in view. */
  acceptable: string[]
  /** Name cells cut by a box's edge, wider than their cell, or with a word broken across lines. */
  cutNames: string[]
}

const compare = (page: Page): Promise<Compare> =>
  page.evaluate(() => {
    /** Wholly visible: inside the window and every ancestor that clips, and not empty. */
    function whole(element: Element | null): boolean {
      if (element === null) return false
      const box = element.getBoundingClientRect()
      if (box.width === 0 || box.height === 0) return false
      let [left, top, right, bottom] = [0, 0, window.innerWidth, window.innerHeight]
      for (let node = element.parentElement; node !== null; node = node.parentElement) {
        const style = getComputedStyle(node)
        if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
        const clip = node.getBoundingClientRect()
        left = Math.max(left, clip.left)
        top = Math.max(top, clip.top)
        right = Math.min(right, clip.right)
        bottom = Math.min(bottom, clip.bottom)
      }
      return box.left >= left - 1 && box.top >= top - 1 && box.right <= right + 1 && box.bottom <= bottom + 1
    }
    /** A word of the cell drawn on two lines (broken mid-word). */
    function brokenWord(cell: Element): boolean {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT)
      for (let text = walker.nextNode(); text !== null; text = walker.nextNode()) {
        for (const word of (text.textContent ?? '').matchAll(/\S+/g)) {
          const range = document.createRange()
          range.setStart(text, word.index)
          range.setEnd(text, word.index + word[0].length)
          if (range.getClientRects().length > 1) return true
        }
      }
      return false
    }
    const view = document.querySelector('[data-testid="import-compare"]')!
    const reject = [...view.querySelectorAll('button')].find(
      (button) => button.textContent?.trim() === 'Reject all (r)'
    )
    // the Name row: the row's own value and each candidate's shown
    const names = [...view.querySelectorAll<HTMLElement>('tbody tr:first-child td')]
    return {
      acceptFirstWhole: whole(view.querySelector('[data-testid="accept-candidate-1"]')),
      rejectWhole: whole(reject ?? null),
      acceptable: [...view.querySelectorAll('[data-testid^="accept-candidate-"]')]
        .filter(whole)
        .map((button) => button.getAttribute('data-testid')!),
      cutNames: names
        .filter((cell) => !whole(cell) || cell.scrollWidth > cell.clientWidth + 1 || brokenWord(cell))
        .map((cell) => cell.textContent ?? '')
    }
  })

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

    it('shows ten rows and whole names, its key legend clear of the rows, and a row’s candidates whole with Accept and Reject all in view', async () => {
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
          // every fifth row by first name only, no employer: several close candidates (five for some)
          ...people.map((p, index) =>
            (index % 5 === 1
              ? [String(p.first_name ?? p.full_name), '', p.cur_title!]
              : [p.full_name!, p.cur_company!, p.cur_title!]
            )
              .map(quote)
              .join(',')
          )
        ].join('\n')
      )
      await page.keyboard.press('9')
      await page.getByTestId('import-file').setInputFiles(file)
      await page.getByTestId('import-mapping').waitFor({ timeout: 60_000 })
      await page.getByTestId('import-start').click()
      await expect.poll(() => page.getByTestId('import-state').textContent(), { timeout: 120_000 }).toBe('done')
      // a row with five candidates open beside the list, as when reviewing
      const [batch] = await bridge<Array<{ id: string }>>(app, 'listImports', {})
      const { rows } = await bridge<{ rows: Array<{ candidates: unknown[] }> }>(app, 'listImportRows', {
        batchId: batch!.id,
        filter: 'all',
        limit: 500
      })
      const five = rows.findIndex((row) => row.candidates.length === 5)
      expect(five, 'a row with five candidates').toBeGreaterThanOrEqual(0)
      await page.getByTestId('import-rows').focus()
      await page.keyboard.press('Home')
      for (let step = 0; step < five; step++) await page.keyboard.press('j')
      await page.getByTestId('import-compare').getByTestId('accept-candidate-1').waitFor()

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

        const candidates = await compare(page)
        expect(candidates.acceptFirstWhole, `Accept (1) in view at ${width}`).toBe(true)
        expect(candidates.rejectWhole, `Reject all in view at ${width}`).toBe(true)
        expect(candidates.cutNames, `candidates' names cut at ${width}`).toEqual([])
        expect(candidates.acceptable.length, `candidates side by side at ${width}`).toBeGreaterThanOrEqual(2)
        // the others a step away, and said to be there: each shown whole in turn, then back to the first
        const seenAll = new Set(candidates.acceptable)
        const more = page.getByRole('button', { name: /^\d more candidates?$/ })
        if (seenAll.size < 5) expect(await more.isVisible(), `"n more" at ${width}`).toBe(true)
        const range = page.getByTestId('import-candidates-shown')
        /** Clicks a step and waits for the candidates shown to change. */
        const step = async (button: typeof more) => {
          const before = await range.textContent()
          await button.click()
          await expect.poll(() => range.textContent()).not.toBe(before)
        }
        while (await more.isVisible()) {
          await step(more)
          const next = await compare(page)
          expect(next.cutNames, `names cut after a step at ${width}`).toEqual([])
          expect(next.rejectWhole).toBe(true)
          for (const id of next.acceptable) seenAll.add(id)
        }
        expect([...seenAll].sort(), `every candidate reachable at ${width}`).toEqual(
          [1, 2, 3, 4, 5].map((n) => `accept-candidate-${n}`)
        )
        const earlier = page.getByRole('button', { name: 'Earlier candidates' })
        while ((await earlier.count()) > 0 && (await earlier.isEnabled())) await step(earlier)
      }
    }, 240_000)
  })
}
