import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { quoteEveryone, shot, startApp, type E2eApp } from './support'

// The built-in sandbox of the e2e app: 2,000 people, seed 1 (test/e2e/support.ts).
const people = generateProfiles({ count: 2000, seed: 1 })
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const [common, second] = [...firstNames.entries()].sort((a, b) => b[1] - a[1]).map(([name]) => name)

describe('usage after searches and a purchase, end to end', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light' })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('shows the calls in the table and the chart, filters by type, shows the purchase in the ledger and exports the table', async () => {
    const { page } = app
    await page.getByTestId('search-form').waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    // Every CSP violation from here on is kept (the Usage chunk and chart.js load after this).
    await page.evaluate(() => {
      const seen: string[] = []
      ;(window as unknown as { __cspViolations: string[] }).__cspViolations = seen
      document.addEventListener('securitypolicyviolation', (event) =>
        seen.push(`${event.violatedDirective} ${event.blockedURI}`)
      )
    })

    // two searches, then contacts for two people
    const name = page.getByLabel('Name', { exact: true })
    const list = page.getByTestId('results-list')
    for (const first of [second!, common!]) {
      await name.fill(first)
      await name.press('Enter')
      await list.getByRole('option').nth(1).waitFor()
    }
    await list.focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Space')
    await page.keyboard.press('j')
    await page.keyboard.press('Space')
    await page.keyboard.press('c')
    const buy = page.getByTestId('buy-contacts')
    await buy.getByTestId('contacts-quote').click()
    await quoteEveryone(buy)
    await buy.getByTestId('contacts-confirm').click()
    await buy.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
    expect(await buy.getByTestId('contacts-done').textContent()).toContain('Bought 2 for 2 credits.')
    await buy.getByRole('button', { name: 'Done' }).click()

    // Usage: 6 from anywhere outside a text field
    await list.focus()
    await page.keyboard.press('6')
    const table = page.getByTestId('transactions-table')
    await table.waitFor({ timeout: 30_000 })
    const types = () => page.getByTestId('transaction-type').allTextContents()
    const all = await types()
    expect(all.filter((type) => type === 'MatchProfiles')).toHaveLength(2)
    expect(all.filter((type) => type === 'GetPremiumContacts').length).toBeGreaterThanOrEqual(2)

    // the chart is drawn: the canvas has painted pixels, and its caption says the same in words
    const chart = page.getByTestId('usage-chart')
    await expect
      .poll(() =>
        chart.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
          const context = canvas.getContext('2d')!
          const { data } = context.getImageData(0, 0, canvas.width, canvas.height)
          let painted = 0
          for (let i = 3; i < data.length; i += 4) if (data[i]! > 0) painted++
          return painted
        })
      )
      .toBeGreaterThan(500)
    const summary = await page.getByTestId('usage-chart-summary').textContent()
    expect(summary).toMatch(/MatchProfiles 2/)
    expect(summary).toMatch(/2 credits used\./)
    await shot(page, 'usage-light')

    // request and response one click away
    await page.getByTestId('transaction-row').first().click()
    const detail = page.getByTestId('transaction-detail')
    await detail.waitFor()
    expect(await detail.getByTestId('transaction-request').textContent()).toMatch(/\S/)
    expect(await detail.getByTestId('transaction-response').textContent()).toMatch(/\S/)
    await page.keyboard.press('Escape')
    await detail.waitFor({ state: 'detached' })

    // a filter by type narrows the table (asked of the service with the connection's names)
    await page.getByTestId('usage-type').selectOption('MatchProfiles')
    await expect.poll(async () => [...new Set(await types())]).toEqual(['MatchProfiles'])
    expect(await types()).toHaveLength(2)
    expect((await types()).length).toBeLessThan(all.length)

    // export of the table as shown
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-export').click()])
    const file = join(app.dataDir, 'usage.csv')
    await download.saveAs(file)
    const rows = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(rows[0]).toEqual([
      'Id',
      'Request type',
      'Request date',
      'Response date',
      'Duration (ms)',
      'Partner',
      'Request',
      'Response'
    ])
    expect(rows.slice(1).map((row) => row[1])).toEqual(['MatchProfiles', 'MatchProfiles'])

    // the ledger shows the purchase and what it cost; the app's calls list the same operations
    await page.getByTestId('usage-tab-ledger').click()
    const ledger = page.getByTestId('ledger-row')
    await expect.poll(() => ledger.count()).toBe(1)
    expect(await ledger.first().textContent()).toContain('bought')
    expect(await ledger.first().getByTestId('ledger-credits').textContent()).toBe('2')
    await page.getByTestId('usage-tab-ledger').press('ArrowLeft')
    const calls = page.getByTestId('calls-table')
    await calls.waitFor()
    const callText = await calls.textContent()
    expect(callText).toContain('MatchProfiles')
    expect(callText).toContain('GetPremiumContacts')
    expect(callText).toContain('GetApiTransactionData')

    // dark: the chart is drawn again in the dark colours
    await page.getByTestId('usage-tab-transactions').click()
    await page.getByTestId('usage-type').selectOption('')
    await table.waitFor()
    await page.emulateMedia({ colorScheme: 'dark' })
    await expect
      .poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor))
      .toBe('rgb(13, 17, 23)')
    await shot(page, 'usage-dark')

    expect(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)).toEqual([])
  }, 120_000)
})
