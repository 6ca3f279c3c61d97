/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { startMain, type TestMain } from '../integration/services/helpers'
import { until } from '../integration/until'
import { bridge, shot, startApp, type E2eApp } from './support'

// Shared shortlists (issue #38 item 4.4) in Chromium: desk A is the built app in the browser host,
// desk B a composed main beside it, both on the real team server (a throwaway embedded
// PostgreSQL). A shares a list from the Shortlists screen (the keyboard: h, then Enter), the
// dialog is axe-clean; B's stage and note show on A's open person at once, with who and when.

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let cluster: ThrowawayCluster
let server: TeamServer
let app: E2eApp
let page: Page
let b: TestMain

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
  app = await startApp({ sandboxProfiles: 0 })
  page = app.page
  // B is another person's desk: a keychain of its own (here none: its credential stays in its memory),
  // never the OS keychain the browser host's desk A keeps its credential for the same server in
  b = await startMain({
    team: { backoff: { firstMs: 20, maxMs: 200 } },
    loadKeytar: () => {
      throw new Error('desk B has no OS keychain in this test')
    }
  })
}, 180_000)

afterAll(async () => {
  await app?.close()
  await b?.close()
  await server?.close()
  await cluster?.close()
})

async function seriousViolations(): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource)
  const violations = (await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: unknown[] }> } }).axe
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }
    })
    return result.violations
  })) as Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown[] }> }>
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${JSON.stringify(violation.nodes.map((node) => node.target))}`)
}

describe('a shortlist shared from the screen', () => {
  it('is shared with the keyboard, shows its mark on both desks, and a colleague’s stage and note show at once with who', async () => {
    await bridge(app, 'createTeam', {
      server: server.url,
      setupCode: await makeSetupCode(cluster.databaseUrl),
      teamName: 'Northwind Talent',
      personName: 'Anna',
      deskName: 'Anna’s laptop'
    })
    const invite = await bridge<{ code: string }>(app, 'inviteToTeam', { role: 'recruiter' })
    await b.ok('joinTeam', { server: server.url, inviteCode: invite.code, personName: 'Ben', deskName: 'Ben’s desk' })
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Backend — Berlin' })
    const chinedu = { ...makeProfile(0, 94), key: 'p-e2e-chinedu', full_name: 'Chinedu Young' }
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [chinedu] })

    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    const row = page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Backend — Berlin' })
    await row.click()

    // Share… from the keyboard: h opens the dialog, the whole team is chosen, Enter shares
    await page.keyboard.press('h')
    const dialog = page.getByRole('dialog', { name: 'Share ‘Backend — Berlin’' })
    await dialog.getByTestId('share-form').waitFor()
    expect(await dialog.getByLabel(/The whole team/).isChecked()).toBe(true)
    await dialog.getByLabel('Named colleagues').check()
    await dialog.getByTestId('share-colleagues').getByText('Ben', { exact: true }).waitFor()
    expect(await seriousViolations()).toEqual([])
    await shot(page, 'shared-shortlists-dialog')
    await dialog.getByLabel(/The whole team/).check()
    await dialog.getByRole('button', { name: 'Share' }).focus()
    await page.keyboard.press('Enter')
    await dialog.waitFor({ state: 'detached' })
    await row.getByTestId('shared-mark').waitFor()
    expect(await row.getByTestId('shared-mark').getAttribute('aria-label')).toBe('shared with the whole team')

    // B has it; A opens the person, B moves them on and writes a note: A's pane shows both with who
    const bList = await until(
      async () => (await b.ok('listShortlists', {})).find((l) => l.shared),
      (found) => found !== undefined
    ).then((found) => found!)
    const [bMember] = await until(
      () => b.ok('listMembers', { shortlistId: bList.id }),
      (members) => members.length === 1
    )
    await page.getByTestId('member-list').getByRole('option').first().click()
    await page.keyboard.press('Enter')
    await page.getByTestId('member-detail').getByTestId('team-notes').waitFor()
    await b.ok('updateMember', { memberId: bMember!.id, patch: { stage: 'Interviewing' } })
    await b.ok('addMemberNote', { memberId: bMember!.id, text: 'Great call — moving to interviews.' })

    const notes = page.getByTestId('member-detail').getByTestId('team-note')
    await notes.filter({ hasText: 'Great call — moving to interviews.' }).filter({ hasText: 'Ben' }).waitFor()
    await page.getByTestId('field-authors').filter({ hasText: 'Stage set by Ben' }).waitFor()
    await shot(page, 'shared-shortlists-colleague-edit')
  }, 120_000)
})
