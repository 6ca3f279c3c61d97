/// <reference lib="dom" />
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Locator, Page } from 'playwright-core'
import { artifacts, root } from './support'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/**
 * What axe finds serious or critical on the whole page (WCAG 2.2 AA, and a visible label that
 * is not the accessible name), one line per element: `rule: [target]`. Axe is loaded once.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
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

/** Moves the focus with Tab until `testId` has it (keyboard only), then presses `key`. */
export async function tabTo(page: Page, testId: string, key = 'Enter'): Promise<void> {
  for (let n = 0; n < 150; n++) {
    await page.keyboard.press('Tab')
    if (await page.evaluate((id) => document.activeElement?.getAttribute('data-testid') === id, testId)) {
      await page.keyboard.press(key)
      return
    }
  }
  throw new Error(`Tab never reached ${testId}`)
}

/** The shots shotsAtWidths made of `name` (1024 and 1440, light and dark) kept in docs/screenshots. */
export function keepShots(name: string): void {
  mkdirSync(join(root, 'docs/screenshots'), { recursive: true })
  for (const width of [1024, 1440])
    for (const scheme of ['light', 'dark'])
      copyFileSync(
        join(artifacts, `${name}-${width}-${scheme}.png`),
        join(root, `docs/screenshots/${name}-${width}-${scheme}.png`)
      )
}

/** The first screen, with the active connection past "starting" (the built-in Sandbox answers). */
export async function connectionReady(page: Page): Promise<void> {
  await page.getByTestId('search-form').waitFor()
  await page.getByTestId('active-connection').filter({ hasNotText: 'starting' }).waitFor({ timeout: 60_000 })
}

/** Settings opened by its key (8), at one of its pages, chosen in its page list by keyboard. */
export async function openSettingsPage(page: Page, id: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('8')
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
  await page.getByTestId('settings-pages').locator(`button[data-page="${id}"]`).focus()
  await page.keyboard.press('Enter')
  await page.locator(`[data-testid="settings-page"][data-page="${id}"]`).waitFor()
}

/** From the top of the Settings page shown, Tab until `testId` has the focus, then press `key`. */
export async function tabInSettings(page: Page, testId: string, key = 'Enter'): Promise<void> {
  await page.getByTestId('settings-page').focus()
  await tabTo(page, testId, key)
}

/** What an ATS connection's Test connection says on its row ('' until it says it), for `expect.poll`. */
export const atsCheckText = (connection: Locator) => (): Promise<string> =>
  connection
    .getByTestId('ats-check')
    .innerText()
    .catch(() => '')
