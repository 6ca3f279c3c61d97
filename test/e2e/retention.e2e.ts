/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, settingsPage, startApp, type E2eApp } from './support'

// Retention (issue #31 item 2), in Chromium against the browser host and a real SQLite file:
// Settings → Personal data says retention is off; a period typed and saved with Enter lists the
// people of a deleted shortlist with the day they go ("Deleting soon" within a week), Keep by
// keyboard says their period starts again, and the panel has no serious or critical axe finding.
let app: E2eApp
let page: Page

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Last spring' })
  await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [0, 1].map((n) => makeProfile(n, 43)) })
  await bridge(app, 'deleteShortlist', { id: list.id })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

const retention = () => page.getByTestId('retention')

describe('Settings → Personal data → Retention', () => {
  it('is off, previews who would go once a period is saved, and keeps someone by keyboard', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'retention')
    await retention().getByTestId('retention-off').waitFor()

    await retention().getByTestId('retention-inactive').fill('7')
    const rows = retention().getByTestId('retention-row')
    // typed, not saved: who would go is shown already, and said to be unsaved
    await expect.poll(() => rows.count()).toBe(2)
    await retention().getByTestId('retention-unsaved').waitFor()
    const saved = await bridge<{ settings: { inactiveDays: number | null } }>(app, 'getRetention', {})
    expect(saved.settings.inactiveDays).toBeNull()
    await retention().getByTestId('retention-inactive').press('Enter')
    await expect.poll(() => retention().getByTestId('retention-unsaved').count()).toBe(0)
    await expect.poll(() => rows.count()).toBe(2)
    expect(await retention().getByTestId('retention-total').textContent()).toContain('2 people would go')
    expect(await rows.first().textContent()).toContain('Deleting soon')
    expect(await rows.first().textContent()).toContain('No activity for the period')

    const keep = rows.first().getByRole('button', { name: /^Keep / })
    await keep.focus()
    await page.keyboard.press('Enter')
    await retention().getByRole('status').filter({ hasText: 'their period starts again today' }).waitFor()

    await page.evaluate(axeSource)
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } })
        .axe
      const result = await axe.run('[data-testid="retention"]', {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
      })
      return (result.violations as Array<{ impact: string | null }>).filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical'
      )
    })
    expect(violations).toEqual([])
  })
})
