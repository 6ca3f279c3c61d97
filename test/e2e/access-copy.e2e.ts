/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shotsAtWidths, startApp, settingsPage, type E2eApp } from './support'

// The access copy a person reads (issue #36 item 2), in Chromium against the built app, a real
// SQLite file and the Sandbox: the controller typed and saved in Settings → Personal data, the
// candidate notice in German naming them, then a shortlisted person's copy downloaded in German
// from their Personal data dialog. The copy is opened in Chromium: German throughout, the
// controller named, no table column or API field, no serious or critical axe finding, and shot
// at 1024 and 1440, light and dark (access-copy-de-*).
let app: E2eApp
let page: Page
const downloads: Download[] = []

const greta = { ...makeProfile(0, 36), key: 'ac-greta', full_name: 'Greta Vogel', email: 'greta@example.org' }

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

/** Serious or critical axe findings in the page (or under a selector). */
async function seriousViolations(target: Page, selector?: string): Promise<string[]> {
  if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axeSource)
  const violations = await target.evaluate(async (within) => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(within ?? document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return result.violations as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>
  }, selector)
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`)
}

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Berlin Plattform' })
  await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [greta, makeProfile(1, 36)] })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  page.on('download', (download) => downloads.push(download))
})
afterAll(() => app?.close())

describe('The access copy in the person’s language', () => {
  it('names the controller set in Settings, in the candidate notice too', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'controller')
    const panel = page.getByTestId('data-controller')
    await panel.getByTestId('controller-save').and(page.locator(':enabled')).waitFor()
    // checked before it is sent: a name is needed
    await panel.getByTestId('controller-save').click()
    await panel.getByRole('alert').filter({ hasText: 'Write the name of the organisation responsible.' }).waitFor()
    await panel.getByLabel('Name').fill('Fabrikam Recruiting GmbH')
    await panel
      .getByLabel('Contact (email or postal address)')
      .fill('datenschutz@fabrikam.example\nHauptstraße 1, Berlin')
    await panel.getByTestId('controller-save').click()
    await panel.getByRole('status').filter({ hasText: 'Saved.' }).waitFor()
    // stored: main answers it
    expect(await bridge(app, 'getDataController', {})).toEqual({
      name: 'Fabrikam Recruiting GmbH',
      contact: 'datenschutz@fabrikam.example\nHauptstraße 1, Berlin',
      dpo: ''
    })

    await settingsPage(page, 'notice')
    const notice = page.getByTestId('notice-template')
    await notice.getByTestId('notice-language').selectOption('de')
    const text = await notice.getByTestId('notice-text').inputValue()
    expect(text).toMatch(/^Guten Tag \[Name\],/)
    expect(text).toContain('Recruiter bei Fabrikam Recruiting GmbH')
    expect(text).toContain('datenschutz@fabrikam.example, Hauptstraße 1, Berlin')
    expect(await seriousViolations(page, '[data-testid="personal-data-panel"]')).toEqual([])
  })

  it('downloads a German copy from the Personal data dialog: readable, axe clean, shot light and dark', async () => {
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Berlin Plattform' })
      .click()
    await page.getByTestId('member-list').getByRole('option').filter({ hasText: 'Greta Vogel' }).click()
    await page.keyboard.press('Enter')
    await page.getByTestId('member-detail').getByTestId('open-personal-data').click()
    const dialog = page.getByRole('dialog', { name: 'Personal data — Greta Vogel' })
    await dialog.getByTestId('personal-data-held').waitFor()
    await dialog.getByLabel('Language of the copy').selectOption('de')
    expect(await dialog.getByTestId('access-copy-no-controller').count()).toBe(0)
    expect(await seriousViolations(page, '[data-testid="personal-data"]')).toEqual([])
    await dialog.getByTestId('access-copy').click()
    await dialog.getByTestId('access-copy-saved').waitFor()
    await expect.poll(() => downloads.length).toBe(2)
    const file = join(app.dataDir, 'greta-de.html')
    await downloads[0]!.saveAs(file)
    const json = JSON.parse(readFileSync(await downloads[1]!.path(), 'utf8')) as { language: string }
    expect(json.language).toBe('de')

    // the copy, opened in Chromium as the person would
    const context = await app.browser.newContext({ viewport: { width: 1024, height: 800 } })
    const copy = await context.newPage()
    try {
      await copy.goto(`file://${file}`)
      expect(await copy.locator('html').getAttribute('lang')).toBe('de')
      await copy.getByRole('heading', { level: 1, name: 'Ihre personenbezogenen Daten: Greta Vogel' }).waitFor()
      const words = (await copy.locator('body').innerText()).replace(/\s+/g, ' ')
      for (const said of [
        'Fabrikam Recruiting GmbH',
        'datenschutz@fabrikam.example',
        'Was wir über Sie speichern',
        'Woher die Daten stammen',
        '„Berlin Plattform“',
        'Warum wir sie speichern',
        'Wer sie erhält',
        'Wie lange wir sie speichern',
        'Ihre Rechte',
        'greta@example.org'
      ])
        expect(words, said).toContain(said)
      for (const internal of ['profile_json', 'stage_id', '_etag', 'callerId', 'profile_key'])
        expect(words, internal).not.toContain(internal)
      expect(await seriousViolations(copy)).toEqual([])
      await shotsAtWidths(copy, 'access-copy-de', 'light')
    } finally {
      await context.close()
    }
  })
})
