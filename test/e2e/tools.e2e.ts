import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { startTestSandbox } from '../integration/sandbox/helpers'
import { bridge, shot, startApp, type E2eApp } from './support'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>

/** Pastes a connection's secret in Settings; without a keychain (CI), keeps it for this session. */
async function saveSecret(page: Page, kind: 'apiKey' | 'clientSecret', value: string) {
  const field = page.getByTestId(`secret-${kind}`)
  await field.getByTestId(`secret-input-${kind}`).fill(value)
  await field.getByTestId(`secret-input-${kind}`).press('Enter')
  const status = field.getByTestId(`secret-status-${kind}`)
  const sessionOnly = field.getByTestId('secret-session-only')
  await status.or(sessionOnly).waitFor()
  if (await sessionOnly.isVisible()) await sessionOnly.click()
  await status.waitFor()
}

/** A person of the e2e app's built-in sandbox (2,000 people, seed 1, all there from the start). */
const lookupKey = generateProfiles({ count: 2000, seed: 1 })[7]!.key!

const cspViolations = (page: Page) =>
  page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)

/**
 * A tool server with a richer schema than the sandbox's (every kind of field the form reads, and
 * a nested object it leaves to JSON): the bridge's listTools and callTool are answered by the test.
 */
const richOverview = {
  connectionId: 'rich',
  connectionName: 'Rich tool server',
  mcpUrl: 'https://tools.example.test/mcp',
  server: { name: 'rich-tools', version: '2.1.0' },
  credential: 'user',
  durationMs: 4,
  tools: [
    {
      name: 'find_postings',
      title: 'Find job postings',
      description: 'Postings matching a title, with filters.',
      readOnly: true,
      destructive: false,
      inputSchema: {
        type: 'object',
        properties: {
          title: { type: 'string', title: 'Job title', description: 'As it appears on the posting', maxLength: 120 },
          contact: { type: 'string', format: 'email' },
          since: { type: 'string', format: 'date' },
          seniority: { type: 'array', items: { enum: ['junior', 'mid', 'senior', 'staff'] }, maxItems: 3 },
          remote: { type: 'boolean' },
          include_archived: { type: 'boolean', default: false },
          min_score: { type: ['number', 'null'], minimum: 0, maximum: 1, multipleOf: 0.05 },
          ids: { type: 'array', items: { type: 'integer' } },
          filter: { type: 'object', properties: { country: { type: 'string' } } }
        },
        required: ['title']
      }
    },
    {
      name: 'archive_posting',
      title: null,
      description: 'Archives a posting for everyone.',
      readOnly: false,
      destructive: true,
      inputSchema: { type: 'object', properties: { id: { type: 'integer' } }, required: ['id'] }
    }
  ]
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the Tools screen, end to end (${colorScheme})`, () => {
    let app: E2eApp
    let older: Sandbox
    beforeAll(async () => {
      app = await startApp({ colorScheme })
      // A second tool server whose older credential (not bound to a user) the recruiter enters.
      older = await startTestSandbox()
    })
    afterAll(async () => {
      await older?.close()
      await app?.close()
    })

    it('lists the sandbox’s tools, calls search from its form and shows the rows; a bad value is marked by main', async () => {
      const { page } = app
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      // Every CSP violation from here on is kept (the Tools chunk loads after this).
      await page.evaluate(() => {
        const seen: string[] = []
        ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
        document.addEventListener('securitypolicyviolation', (event) =>
          seen.push(`${event.violatedDirective} ${event.blockedURI}`)
        )
      })

      await page.keyboard.press('7')
      const list = page.getByTestId('tools-list')
      await list.waitFor({ timeout: 30_000 })
      const names = await list.getByTestId('tool-item').locator('.name').allTextContents()
      expect(names.sort()).toEqual(['contacts', 'exports', 'index_search', 'search', 'workspaces'])
      expect(await page.getByTestId('tools-server').textContent()).toContain('Sandbox')
      // the built-in sandbox's own client is bound to its recruiter: known from the start
      expect(await page.getByTestId('tools-credential').textContent()).toBe('User-bound credential')

      // by keyboard: the cursor to search, Enter opens its form with the first field focused
      await list.focus()
      const searchIndex = (await list.getByTestId('tool-item').locator('.name').allTextContents()).indexOf('search')
      await page.keyboard.press('Home')
      for (let i = 0; i < searchIndex; i++) await page.keyboard.press('j')
      await page.keyboard.press('Enter')
      const form = page.getByTestId('tool-form')
      const query = form.getByLabel('query')
      await expect.poll(() => query.evaluate((node) => node === document.activeElement)).toBe(true)
      expect(await form.getByLabel('limit').inputValue()).toBe('10')
      expect(await form.getByTestId('tool-field-limit').textContent()).toContain('1–50')

      // a value out of range goes to main, whose schema check refuses it and names the field
      await query.fill('software engineers')
      await form.getByLabel('limit').fill('500')
      await page.keyboard.press('Control+Enter')
      const limitError = form.getByTestId('tool-field-limit').getByTestId('tool-field-error')
      await limitError.waitFor()
      expect(await limitError.textContent()).toMatch(/50/)
      expect(await page.getByTestId('tool-error').textContent()).toContain('do not fit')
      await shot(page, `tools-field-error-${colorScheme}`)

      // fixed, called: the result's people in a table, the data as a tree, the text as text
      await form.getByLabel('limit').fill('5')
      await form.getByTestId('tool-call').click()
      const table = page.getByTestId('tool-result-table')
      await table.waitFor({ timeout: 30_000 })
      expect(await table.getByTestId('tool-result-row').count()).toBe(5)
      expect(await table.locator('caption').textContent()).toContain('results')
      expect(await table.locator('thead').textContent()).toContain('full_name')
      expect(await page.getByTestId('tool-result-text').first().textContent()).toMatch(/match\(es\)/)
      await page.getByTestId('tool-result-tree').getByText('total:').waitFor()
      expect(await page.getByTestId('tool-field-error').count()).toBe(0)
      expect(JSON.parse((await page.getByTestId('tool-arguments').textContent()) ?? '')).toEqual({
        query: 'software engineers',
        limit: 5,
        offset: 0
      })
      await table.scrollIntoViewIfNeeded()
      await shot(page, `tools-search-${colorScheme}`)

      // the credit balance needs a user: answered
      await page.getByTestId('tool-item').filter({ hasText: 'contacts' }).click()
      await form.getByLabel('action').selectOption('credits')
      await page.keyboard.press('Control+Enter')
      await page.getByTestId('tool-result-text').waitFor({ timeout: 30_000 })
      expect(await page.getByTestId('tools-credential').textContent()).toBe('User-bound credential')
      expect(await page.getByTestId('tool-result-text').textContent()).toMatch(/credit\(s\) available/)

      // a lookup may spend: it asks first with the Contacts screen's quote — the type, the balance
      // after — and the keyboard starts on Cancel: Enter spends nothing
      const credits = page.getByTestId('credits')
      await expect.poll(() => credits.textContent()).toMatch(/1,000\s*available/)
      await form.getByLabel('action').selectOption('lookup')
      await form.getByLabel('contact_type').selectOption('Phone')
      await form.getByLabel('keys').fill(lookupKey)
      await page.keyboard.press('Control+Enter')
      const spend = page.getByTestId('tool-spend')
      await spend.waitFor({ timeout: 30_000 })
      expect(await spend.getByTestId('tool-spend-quote').textContent()).toContain(
        'Phone numbers: 1 new — 1 credit; 1,000 available, 999 after'
      )
      expect(await spend.getByTestId('tool-spend-confirm').textContent()).toBe('Buy 1 for 1 credit')
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid')))
        .toBe('tool-spend-cancel')
      await shot(page, `tools-spend-${colorScheme}`)
      await page.keyboard.press('Enter')
      await spend.waitFor({ state: 'detached' })
      // nothing was sent: the last result is still the balance's, and the ledger is empty
      expect(await page.getByTestId('tool-result-text').textContent()).toMatch(/credit\(s\) available/)
      expect((await bridge<{ entries: unknown[] }>(app, 'listLedger', {})).entries).toEqual([])
      // confirmed by a click: bought once, in the ledger
      await page.keyboard.press('Control+Enter')
      await spend.getByTestId('tool-spend-confirm').click()
      await expect.poll(() => page.getByTestId('tool-result-text').textContent()).toMatch(/1 new, 999 credit\(s\) left/)
      await expect.poll(() => credits.textContent()).toMatch(/999\s*available/)
      expect((await bridge<{ entries: unknown[] }>(app, 'listLedger', {})).entries).toMatchObject([
        { contactType: 'Phone', creditsSpent: 1, keys: [lookupKey] }
      ])

      expect(await cspViolations(page)).toEqual([])
    })

    it('says which tool-server settings a connection lacks, with the way to Settings', async () => {
      const { page } = app
      await page.keyboard.press('8')
      await page.getByTestId('connections-list').waitFor()
      await page.getByTestId('connection-add').click()
      const form = page.getByTestId('connection-form')
      await form.getByLabel('Name').fill('Older tool server')
      await form.getByLabel('Base URL').fill(older.baseUrl)
      await form.getByTestId('connection-save').click()
      await saveSecret(page, 'apiKey', older.apiKey)
      await page.getByTestId('connection-activate').click()
      await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Older tool server')

      await page.keyboard.press('7')
      const missing = page.getByTestId('tools-missing')
      await missing.waitFor({ timeout: 30_000 })
      expect(await missing.textContent()).toContain('Missing: Auth URL, MCP URL, client id.')
      await shot(page, `tools-missing-${colorScheme}`)
      await missing.getByRole('button', { name: /Open Settings/ }).click()
      await page.getByTestId('connections-list').waitFor()
    })

    it('explains the older credential’s refusal and states its kind', async () => {
      const { page } = app
      // Settings is open on the connection: its tool server, with the older client id and secret
      await page.getByTestId('connection-detail').getByRole('button', { name: 'Edit…' }).click()
      const form = page.getByTestId('connection-form')
      await form.getByLabel('Auth URL').fill(older.authUrl)
      await form.getByLabel('MCP URL').fill(older.mcpUrl)
      await form.getByLabel('Client id').fill(older.legacyClientId)
      await form.getByTestId('connection-save').click()
      await saveSecret(page, 'clientSecret', older.legacyClientSecret)
      expect(await page.content()).not.toContain(older.legacyClientSecret)

      await page.keyboard.press('7')
      await expect
        .poll(() => page.getByTestId('tools-server').textContent(), { timeout: 30_000 })
        .toContain('Older tool server')
      expect(await page.getByTestId('tools-credential').textContent()).toBe('Credential kind not known yet')
      await page.getByTestId('tool-item').filter({ hasText: 'contacts' }).click()
      const toolForm = page.getByTestId('tool-form')
      await toolForm.getByLabel('keys').fill('p_0000001')
      await toolForm.getByTestId('tool-call').click()
      // a server Talent Desk does not vouch for: the lookup is confirmed first
      await page.getByTestId('tool-spend').getByTestId('tool-spend-confirm').click()

      const notice = page.getByTestId('tool-notice')
      await notice.waitFor({ timeout: 30_000 })
      expect(await notice.textContent()).toContain('not bound to a user')
      expect(await notice.textContent()).toContain('Settings → Connections')
      await expect
        .poll(() => page.getByTestId('tools-credential').textContent())
        .toBe('Older credential, not bound to a user — search only')
      await shot(page, `tools-legacy-${colorScheme}`)

      // the way out: Settings, from the callout
      await notice.getByRole('button', { name: /Open Settings/ }).click()
      await page.getByTestId('connections-list').waitFor()
      expect(await cspViolations(page)).toEqual([])
    })

    it('reads every kind of field of a richer schema, round-trips Raw JSON, and asks once before a destructive tool', async () => {
      const { page } = app
      const sent: Array<{ name: string; arguments: Record<string, unknown> }> = []
      await page.route('**/bridge/listTools', (route) =>
        route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, data: richOverview }) })
      )
      await page.route('**/bridge/callTool', async (route) => {
        const input = route.request().postDataJSON() as { name: string; arguments: Record<string, unknown> }
        sent.push({ name: input.name, arguments: input.arguments })
        const data = {
          name: input.name,
          isError: false,
          content: [{ type: 'text', text: '2 postings' }],
          structuredContent: {
            page: {
              items: [
                { id: 7, title: 'Staff Engineer', score: 0.9, tags: ['remote'] },
                { id: 9, title: 'Senior Engineer', score: 0.55, tags: [] }
              ]
            }
          },
          notice: null,
          credential: 'user',
          durationMs: 21
        }
        await route.fulfill({ contentType: 'application/json', body: JSON.stringify({ ok: true, data }) })
      })
      try {
        await page.keyboard.press('7')
        await page.getByTestId('tools-list').waitFor()
        await page.keyboard.press('r')
        await expect.poll(() => page.getByTestId('tools-server').textContent()).toContain('rich-tools 2.1.0')
        expect(await page.getByTestId('tools-credential').textContent()).toBe('User-bound credential')
        const items = page.getByTestId('tool-item')
        expect(await items.first().textContent()).toContain('read-only')
        expect(await items.nth(1).textContent()).toContain('destructive')

        const form = page.getByTestId('tool-form')
        await form.getByLabel('Job title').fill('engineer')
        await form.getByLabel('contact').fill('ana@example.test')
        expect(await form.getByLabel('contact').getAttribute('type')).toBe('email')
        expect(await form.getByLabel('since').getAttribute('type')).toBe('date')
        await form.getByRole('checkbox', { name: 'senior' }).check()
        await form.getByRole('checkbox', { name: 'staff' }).check()
        await form.getByLabel('remote', { exact: true }).selectOption('true')
        expect(await form.getByLabel('include_archived').isChecked()).toBe(false)
        await form.getByLabel('min_score').fill('0.5')
        await form.getByLabel('ids').fill('3\n4')
        expect(await form.getByTestId('tool-field-filter').textContent()).toContain('JSON: a nested object')
        await form.getByLabel('filter').fill('{"country": "DE"}')
        await shot(page, `tools-fields-${colorScheme}`)
        await page.keyboard.press('Control+Enter')
        await page.getByTestId('tool-result-table').waitFor()
        const expected = {
          title: 'engineer',
          contact: 'ana@example.test',
          seniority: ['senior', 'staff'],
          remote: true,
          include_archived: false,
          min_score: 0.5,
          ids: [3, 4],
          filter: { country: 'DE' }
        }
        expect(sent).toEqual([{ name: 'find_postings', arguments: expected }])
        expect(await page.getByTestId('tool-result-table').locator('caption').textContent()).toContain('page.items')
        expect(await page.getByTestId('tool-result-row').count()).toBe(2)

        // Raw JSON holds the same arguments; what the form cannot show keeps it in Raw JSON
        await form.getByTestId('tool-raw-toggle').click()
        const raw = form.getByTestId('tool-raw')
        expect(JSON.parse(await raw.inputValue())).toEqual(expected)
        await raw.fill(JSON.stringify({ ...expected, extra: 1 }))
        await form.getByTestId('tool-raw-toggle').click()
        expect(await form.getByTestId('tool-form-problem').textContent()).toContain('“extra” has no field in the form')
        await raw.fill(JSON.stringify({ ...expected, title: 'designer' }))
        await form.getByTestId('tool-raw-toggle').click()
        expect(await form.getByLabel('Job title').inputValue()).toBe('designer')

        // a destructive tool asks once more before it is called
        await items.nth(1).click()
        await form.getByLabel('id').fill('7')
        await form.getByTestId('tool-call').click()
        await form.getByTestId('tool-call-confirm').waitFor()
        expect(sent).toHaveLength(1)
        await form.getByTestId('tool-call-confirm').click()
        await expect.poll(() => sent.length).toBe(2)
        expect(sent[1]).toEqual({ name: 'archive_posting', arguments: { id: 7 } })
      } finally {
        await page.unroute('**/bridge/listTools')
        await page.unroute('**/bridge/callTool')
      }
      expect(await cspViolations(page)).toEqual([])
    })
  })
}
