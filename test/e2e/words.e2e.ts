/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { startTestSandbox } from '../integration/sandbox/helpers'
import { shot, startApp, type E2eApp } from './support'

// Issue 19, item 13: the words. The results a connection takes, said plainly; a title-only
// search says what is missing; "Look up emails" says what it does; chips in words; the key
// notice goes once keys are saved; only status lines are live regions.
const people = generateProfiles({ count: 300, seed: 1 })
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const common = [...firstNames.entries()].sort((a, b) => b[1] - a[1])[0]![0]

/** Every live region on the page: none may hold a whole section (a heading, a list, a form). */
const liveRegions = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('[aria-live], [role="status"], [role="alert"], [role="log"]')]
      .filter((region) => region.getAttribute('aria-live') !== 'off')
      .map((region) => ({
        tag: region.tagName,
        text: (region.textContent ?? '').trim().slice(0, 80),
        length: (region.textContent ?? '').trim().length,
        holds: region.querySelector('h1, h2, h3, ul, ol, table, form, [role="listbox"]')?.tagName ?? null
      }))
  )

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the words (${colorScheme})`, () => {
    let app: E2eApp
    let page: Page
    let second: Awaited<ReturnType<typeof startTestSandbox>>
    beforeAll(async () => {
      app = await startApp({ colorScheme, sandboxProfiles: 300 })
      page = app.page
      second = await startTestSandbox()
    })
    afterAll(async () => {
      await second?.close()
      await app?.close()
    })

    it('says how many results the Sandbox takes, what Look up emails does, and what a title-only search lacks', async () => {
      await page.getByTestId('search-form').waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      expect(await page.getByTestId('results-limit').textContent()).toBe('up to 100')
      expect(await page.getByTestId('email-lookup-hint').textContent()).toMatch(/work email.*no credits/)
      const results = page.getByTestId('search-form').getByLabel('Results', { exact: true })
      expect(await results.getAttribute('max')).toBe('100')
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `words-search-form-${width}-${colorScheme}`)
      }
      // 500 asked: the Sandbox's 100 is asked for instead, and the page says so
      await results.fill('500')
      await page.getByLabel('Name', { exact: true }).fill(common)
      await page.getByLabel('Name', { exact: true }).press('Enter')
      await page.getByTestId('results-list').getByRole('option').first().waitFor()
      expect(await page.getByTestId('notice').textContent()).toContain(
        'Asked for 100 results: the Sandbox returns at most 100 people a search.'
      )
      expect(await results.inputValue()).toBe('100')
      // the one status line says how many, and nothing live holds a section
      expect(await page.getByTestId('search-status').textContent()).toMatch(/^\d[\d,]* (person|people) found\.$/)
      expect(await page.locator('main').getAttribute('aria-live')).toBeNull()
      for (const region of await liveRegions(page)) {
        expect(region.holds, JSON.stringify(region)).toBeNull()
        expect(region.length, JSON.stringify(region)).toBeLessThan(300)
      }

      // a title alone: what is missing is a name or an identifier, not fewer fields
      await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
      await page.getByLabel('Title', { exact: true }).fill('Engineer')
      await page.getByLabel('Title', { exact: true }).press('Enter')
      const empty = page.getByTestId('search-empty')
      await empty.waitFor()
      const said = ((await empty.textContent()) ?? '').replace(/\s+/g, ' ')
      expect(said).toContain('add a name, an email, a profile handle or a profile key')
      expect(said).not.toContain('Try fewer fields')
    })

    it('shows the query’s fields in words in Chat', async () => {
      await page.getByRole('navigation', { name: 'Sections' }).getByText('Chat').click()
      const input = page.getByTestId('chat-input')
      await input.waitFor()
      await input.fill('senior software engineers in Seattle')
      await input.press('Enter')
      const chips = page.getByTestId('query-chips')
      await chips.getByText('Seattle').waitFor()
      const text = (await chips.textContent()) ?? ''
      expect(text).not.toMatch(/seniorities|locations|titles|exclude_/)
      expect(text).toMatch(/seniority/)
      await shot(page, `words-chat-chips-${colorScheme}`)
    })

    it('asks for a new connection’s key until it is saved, then learns the connection’s own bound on results', async () => {
      await page.getByRole('navigation', { name: 'Sections' }).getByText('Settings').click()
      await page.getByTestId('connection-add').click()
      const form = page.getByTestId('connection-form')
      await form.getByLabel('Name').fill('Second sandbox')
      await form.getByLabel('Base URL').fill(second.baseUrl)
      await form.getByTestId('connection-save').click()
      const notice = page.getByText('Now paste its API key below.')
      await notice.waitFor()
      await page.getByTestId('secret-input-apiKey').fill(second.apiKey)
      await page.getByTestId('secret-input-apiKey').press('Enter')
      const status = page.getByTestId('secret-status-apiKey')
      const sessionOnly = page.getByTestId('secret-session-only')
      await status.or(sessionOnly).waitFor()
      if (await sessionOnly.isVisible()) await sessionOnly.click()
      await status.waitFor()
      await expect.poll(() => notice.count()).toBe(0)

      // a remote connection's bound is not known until it says: 1,000 offered, its refusal teaches 100
      await page.getByTestId('connection-activate').click()
      await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Second sandbox')
      await page.keyboard.press('1')
      expect(await page.getByTestId('results-limit').textContent()).toBe('up to 1,000')
      const results = page.getByTestId('search-form').getByLabel('Results', { exact: true })
      await results.fill('500')
      await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
      await results.fill('500')
      await page.getByLabel('Name', { exact: true }).fill('Ada')
      await page.getByLabel('Name', { exact: true }).press('Enter')
      const error = page.getByTestId('search-error')
      await error.waitFor()
      expect(await error.textContent()).toContain(
        'This connection returns at most 100 people a search, and 500 were asked for. Results is now 100: search again.'
      )
      expect(await results.inputValue()).toBe('100')
      expect(await page.getByTestId('results-limit').textContent()).toBe('up to 100')
      await page.getByLabel('Name', { exact: true }).press('Enter')
      await page.getByTestId('search-empty').or(page.getByTestId('results-list')).waitFor()
      await shot(page, `words-learned-limit-${colorScheme}`)
    })
  })
}
