import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generateProfiles } from '../../sandbox/data/generate'
import { bridge, shotsAtWidths, startApp, type E2eApp } from './support'

// Issue #39 item 2: "Send to ATS…" from the shortlist pane's tools, by keyboard, in Chromium
// against the built app. With no ATS connected yet (the saved connections are item 1), the
// dialog says how to connect one; axe finds nothing serious in it, light or dark.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
      rules: { 'label-content-name-mismatch': { enabled: true } }
    })
    return result.violations as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>
  })
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((node) => `${v.id}: ${JSON.stringify(node.target)}`))
}

describe('Send to ATS… (keyboard, axe)', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ sandboxProfiles: 0 })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('opens from the shortlist pane by keyboard, says to connect an ATS, closes with Esc', async () => {
    const { page } = app
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'To send' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: generateProfiles({ count: 3, seed: 1 }) })
    await page.getByTestId('search-form').waitFor()
    await page.keyboard.press('5')
    const send = page.getByTestId('send-to-ats')
    await page.getByRole('option', { name: /To send/ }).click()
    await expect.poll(() => send.isEnabled()).toBe(true)
    await send.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /Send “To send” to your ATS/ })
    await dialog.waitFor()
    await dialog.getByText('No ATS is connected yet').waitFor()
    // the keyboard is on its one action, not on Close
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Close')
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-send-no-connection', 'light')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })
})
