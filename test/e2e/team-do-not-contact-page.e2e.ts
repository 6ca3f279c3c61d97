/// <reference lib="dom" />
import { mkdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TeamStatus } from '../../shared/ipc/channels/team'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { until } from '../integration/until'
import { bridge, root, settingsPage, startApp, type E2eApp } from './support'

// Issue #38 item 4.1 in Chromium, two desks (two browser hosts of the built app, two data folders)
// and the team server on a throwaway PostgreSQL, as team-two-desks.e2e.ts sets them up. Ben's
// Settings → Personal data → Do not contact, "The team's" chosen by keyboard: empty while no
// colleague shared anything; Anna's file of 1,200 entries then shows as one line (her import,
// its note, when) and her entry by hand as "hashed — added on Anna's desk", no value; axe finds
// nothing serious, light and dark (docs/screenshots/team-do-not-contact-1024-{light,dark}.png).
// Anna removes the file from her own page ("Remove the file's entries"): its line leaves Ben's
// page, her hand entry stays.

type Status = Extract<TeamStatus, { state: 'joined' }>

let cluster: ThrowawayCluster
let server: TeamServer
let a: E2eApp
let b: E2eApp

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

async function seriousViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(document.querySelector('[data-testid="do-not-contact"]'), {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return result.violations
  })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${JSON.stringify(node.target)}`))
}

async function caughtUp(app: E2eApp, seq = 0): Promise<void> {
  await until(
    () => bridge<Status>(app, 'syncTeam', {}),
    ({ sync }) => sync.waiting === 0 && sync.lastSeq >= seq,
    30_000
  )
}

async function openDoNotContact(page: Page): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('8')
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
  await settingsPage(page, 'do-not-contact')
}

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
  a = await startApp({ sandboxProfiles: 0 })
  b = await startApp({ sandboxProfiles: 0 })
  await bridge(a, 'createTeam', {
    server: server.url,
    setupCode: await makeSetupCode(cluster.databaseUrl),
    teamName: 'Northwind Talent',
    personName: 'Anna',
    deskName: 'Anna’s laptop'
  })
  const invite = await bridge<{ code: string }>(a, 'inviteToTeam', { role: 'recruiter' })
  await bridge(b, 'joinTeam', {
    server: server.url,
    inviteCode: invite.code,
    personName: 'Ben',
    deskName: 'Ben’s desk'
  })
}, 180_000)

afterAll(async () => {
  await a?.close()
  await b?.close()
  await server?.close()
  await cluster?.close()
})

describe('the team’s do-not-contact list on a colleague’s desk, in Chromium', () => {
  it('shows a colleague’s file as one line and their entry hashed; the file removed on A leaves B’s page', async () => {
    const list = b.page.getByTestId('do-not-contact')
    await openDoNotContact(b.page)
    // "The team's" by keyboard: the radio group's arrow moves to it
    await list.getByTestId('do-not-contact-mine').focus()
    await b.page.keyboard.press('ArrowRight')
    await list.getByTestId('do-not-contact-team-empty').waitFor()

    const lines = ['Email', ...Array.from({ length: 1200 }, (_, n) => `listed.${n}@bulk.example`)]
    await bridge(a, 'importDoNotContact', {
      fileName: 'bulk.csv',
      text: lines.join('\n'),
      note: 'Objected at the fair'
    })
    await bridge(a, 'addDoNotContact', { kind: 'email', value: 'dora@example.net', note: 'asked on the phone' })
    await caughtUp(a)
    await caughtUp(b, (await bridge<Status>(a, 'getTeam', {})).sync.lastSeq)

    const rows = list.getByTestId('do-not-contact-team-row')
    await rows.filter({ hasText: 'Anna’s import of 1,200 entries' }).waitFor()
    await rows.filter({ hasText: 'hashed — added on Anna’s desk' }).waitFor()
    expect(await rows.count()).toBe(2)
    expect(await rows.first().textContent()).toContain('Objected at the fair')
    expect(await list.getByTestId('do-not-contact-team-total').textContent()).toContain('1,201 entries from colleagues')
    expect(await list.textContent()).not.toContain('bulk.example')
    // keyboard: the first line takes focus, the arrow moves to the next
    await rows.first().focus()
    await b.page.keyboard.press('ArrowDown')
    expect(await rows.nth(1).evaluate((row) => row === document.activeElement)).toBe(true)

    // axe over the panel in both schemes; the user guide's picture at 1024 wide, light and dark
    mkdirSync(join(root, 'docs/screenshots'), { recursive: true })
    await b.page.setViewportSize({ width: 1024, height: 700 })
    for (const scheme of ['light', 'dark'] as const) {
      await b.page.emulateMedia({ colorScheme: scheme })
      await b.page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
      expect(await seriousViolations(b.page), scheme).toEqual([])
      await b.page.screenshot({ path: join(root, `docs/screenshots/team-do-not-contact-1024-${scheme}.png`) })
    }
    await b.page.setViewportSize({ width: 1280, height: 800 })
    await b.page.emulateMedia({ colorScheme: 'light' })

    // Anna removes the whole file from her own page
    await openDoNotContact(a.page)
    const mine = a.page.getByTestId('do-not-contact')
    await mine.getByTestId('do-not-contact-import-line').filter({ hasText: 'Objected at the fair' }).waitFor()
    await mine.getByTestId('do-not-contact-remove-import').click()
    await mine.getByRole('status').filter({ hasText: '1,200 entries left the list' }).waitFor()
    await caughtUp(a)
    await rows.filter({ hasText: 'Anna’s import' }).waitFor({ state: 'detached', timeout: 30_000 })
    expect(await rows.count()).toBe(1)
    expect(await rows.first().textContent()).toContain('hashed — added on Anna’s desk')
  }, 180_000)
})
