/// <reference lib="dom" />
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { startMain, type TestMain } from '../integration/services/helpers'
import { artifacts, bridge, settingsPage, shotsAtWidths, startApp, type E2eApp } from './support'

// Settings → Team (issue #38) in Chromium against the built browser host and the real team server
// on a throwaway embedded PostgreSQL: Anna's desk (a composed main) creates the team and makes an
// invite code; on Ben's desk (the built app) the recruiter joins with it through the page and sees
// who is in, then the sync's state: "synced … ago", and "offline — 1 change waiting" while the
// server is down, back to synced once it returns. Axe clean; screenshots at 1024 and 1440, light
// and dark (docs/screenshots/team-*.png).

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let cluster: ThrowawayCluster
let server: TeamServer
let anna: TestMain
let app: E2eApp
let page: Page

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
  anna = await startMain({ team: { backoff: { firstMs: 50, maxMs: 500 } } })
  await anna.ok('createTeam', {
    server: server.url,
    setupCode: await makeSetupCode(cluster.databaseUrl),
    teamName: 'Northwind Talent',
    personName: 'Anna Lindqvist',
    deskName: 'Laptop'
  })
  app = await startApp({ colorScheme: 'light', sandboxProfiles: 0 })
  page = app.page
  await page.getByTestId('search-form').waitFor()
}, 180_000)

afterAll(async () => {
  await app?.close()
  await anna?.close()
  await server?.close()
  await cluster?.close()
})

async function seriousViolations(): Promise<string[]> {
  await page.evaluate(axeSource)
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run('main', {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return (result.violations as Array<{ id: string; impact: string | null }>)
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => violation.id)
  })
}

const panel = () => page.getByTestId('team-panel')

describe('Settings → Team', () => {
  it('joins with an invite code through the page and shows who is in; axe clean', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await settingsPage(page, 'team')
    await panel().getByTestId('team-form').waitFor()
    expect(await seriousViolations()).toEqual([])

    // a wrong code: the server's refusal in words, nothing joined
    await page.getByTestId('team-server').fill(server.url)
    await page.getByTestId('team-code').fill('not-a-real-code')
    await page.getByTestId('team-person').fill('Ben Okafor')
    await page.getByTestId('team-desk').fill('Desk by the window')
    await page.getByTestId('team-submit').click()
    await panel().getByRole('alert').first().waitFor()
    expect(await panel().getByTestId('team-form').count()).toBe(1)

    const invite = await anna.ok('inviteToTeam', { role: 'recruiter' })
    await page.getByTestId('team-code').fill(invite.code)
    // by keyboard: Enter in the form joins
    await page.getByTestId('team-code').press('Enter')
    await panel().getByTestId('team-desks').waitFor({ timeout: 30_000 })
    await expect
      .poll(() => panel().getByTestId('team-desk-row').allInnerTexts())
      .toEqual([
        expect.stringMatching(/Anna Lindqvist\s+Laptop\s+admin/),
        expect.stringMatching(/Ben Okafor \(you\)\s+Desk by the window\s+recruiter/)
      ])
    await expect.poll(() => panel().getByTestId('team-sync').innerText(), { timeout: 15_000 }).toMatch(/^synced /)
    expect(await panel().getByTestId('team-title-name').innerText()).toBe('Northwind Talent')
    // a recruiter neither invites nor revokes
    expect(await panel().getByTestId('team-invite').count()).toBe(0)
    expect(await seriousViolations()).toEqual([])

    mkdirSync(join(process.cwd(), 'docs/screenshots'), { recursive: true })
    await shotsAtWidths(page, 'team-who-is-in', 'light')
    for (const width of [1024, 1440])
      for (const scheme of ['light', 'dark'])
        copyFileSync(
          join(artifacts, `team-who-is-in-${width}-${scheme}.png`),
          join(process.cwd(), `docs/screenshots/team-who-is-in-${width}-${scheme}.png`)
        )
  }, 120_000)

  it('says “offline — 1 change waiting” while the server is down, by events, and catches up after', async () => {
    const port = Number(new URL(server.url).port)
    await server.close()
    await expect.poll(() => panel().getByTestId('team-sync').innerText(), { timeout: 30_000 }).toMatch(/^offline/)
    await bridge(app, 'addDoNotContact', { kind: 'email', value: 'objected@example.org' })
    await expect
      .poll(() => panel().getByTestId('team-sync').innerText(), { timeout: 15_000 })
      .toBe('offline — 1 change waiting')
    await shotsAtWidths(page, 'team-offline', 'light')
    for (const width of [1024, 1440])
      for (const scheme of ['light', 'dark'])
        copyFileSync(
          join(artifacts, `team-offline-${width}-${scheme}.png`),
          join(process.cwd(), `docs/screenshots/team-offline-${width}-${scheme}.png`)
        )

    server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port, log: () => undefined })
    await expect.poll(() => panel().getByTestId('team-sync').innerText(), { timeout: 60_000 }).toMatch(/^synced /)
    // Anna's desk has Ben's entry
    await expect
      .poll(
        async () => (await anna.ok('checkDoNotContact', { people: [{ emails: ['objected@example.org'] }] })).suppressed,
        { timeout: 30_000 }
      )
      .toEqual([{ index: 0, reasons: [{ why: 'team', kind: 'email' }] }])
  }, 120_000)
})
