/// <reference lib="dom" />
import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { systemClock } from '../../sandbox/index'
import { BRIDGE_SESSION_STORAGE_KEY } from '../../shared/ipc/bridge'
import type { TeamStatus } from '../../shared/ipc/channels/team'
import { makeSetupCode, startTeamServer, type TeamServer } from '../../team-server/server'
import { makeThrowawayCluster, type ThrowawayCluster } from '../../team-server/testing/throwaway-cluster'
import { startTestSandbox, testCatalog } from '../integration/sandbox/helpers'
import { until } from '../integration/until'
import { artifacts, bridge, quoteEveryone, root, startApp, type E2eApp } from './support'

// Issue #38 item 5 in Chromium: two desks — two browser hosts of the built app, two data folders,
// two browsers — and the team server on a throwaway embedded PostgreSQL; both desks buy from one
// Sandbox with the same key (one Partner API account). What each desk's screen shows is the proof:
// (1) a forget on A is gone from B's open shortlist and from B's saved-people search within 5 s;
// (2) with B's host stopped, a forget on A is gone from B's screen once B starts again;
// (3) a do-not-contact entry B adds by hand leaves the person out of A's quote, which says why;
// (4) A and B buying at once from their screens cannot together pass the team's budget: one is
//     bought, the other refused in words, nothing spent for it;
// (5) a shared shortlist's member edited on both desks while the server is down (stage and note on
//     each): back online both notes are kept, the later stage wins, who and when shown on both.
// Side-by-side screenshots of the two desks after (1) and (5), 1440 wide, light and dark, in
// docs/screenshots/team-two-desks-*.png.

type Status = Extract<TeamStatus, { state: 'joined' }>

let cluster: ThrowawayCluster
let server: TeamServer
let sandbox: Awaited<ReturnType<typeof startTestSandbox>>
let a: E2eApp
let b: E2eApp

const people = testCatalog()
  .search({}, { limit: 8, offset: 700 })
  .results.map((person, index) => ({ ...person, emails: [`team-two-desks-${index}@example.org`] }))
type Person = (typeof people)[number]
const at = (index: number): Person => people[index]!
const [forgottenOnline, forgottenOffline, objected, edited, buyA1, buyA2, buyB1, buyB2] = [0, 1, 2, 3, 4, 5, 6, 7].map(
  at
) as [Person, Person, Person, Person, Person, Person, Person, Person]
const nameOf = (person: Person) => person.full_name!

const status = (app: E2eApp) => bridge<Status>(app, 'getTeam', {})

/** Connects a desk to the test's Sandbox with its key (the same account on both desks). */
async function connect(app: E2eApp, name: string): Promise<string> {
  const overview = await bridge<{ connections: Array<{ id: string; name: string }> }>(app, 'saveConnection', {
    name,
    baseUrl: sandbox.baseUrl,
    authUrl: sandbox.authUrl,
    mcpUrl: sandbox.mcpUrl,
    clientId: sandbox.clientId
  })
  const id = overview.connections.find((c) => c.name === name)!.id
  await bridge(app, 'setSecret', { connectionId: id, kind: 'apiKey', value: sandbox.apiKey, sessionOnly: true })
  await bridge(app, 'setSecret', {
    connectionId: id,
    kind: 'clientSecret',
    value: sandbox.clientSecret,
    sessionOnly: true
  })
  await bridge(app, 'setActiveConnection', { id })
  return id
}

/** Everything this desk has is pushed, and it has pulled up to `seq` (a test's check, not the screen). */
async function caughtUp(app: E2eApp, seq = 0): Promise<void> {
  await until(
    () => bridge<Status>(app, 'syncTeam', {}),
    ({ sync }) => sync.waiting === 0 && sync.lastSeq >= seq,
    30_000
  )
}

async function openList(page: Page, name: string): Promise<void> {
  await page.locator('body').click({ position: { x: 5, y: 5 } })
  await page.keyboard.press('5')
  await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
  await page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option').filter({ hasText: name }).click()
}

const member = (page: Page, name: string) =>
  page.getByTestId('member-list').getByRole('option').filter({ hasText: name })

/** Opens a member of the open list in the detail pane. */
async function openMember(page: Page, name: string): Promise<void> {
  await member(page, name).click()
  await page.keyboard.press('Enter')
  await page.getByTestId('member-detail').getByRole('heading', { name }).waitFor()
}

/**
 * The two desks side by side in one image: each page shot at 1440 × 900, shown at half size in a
 * page 1440 wide drawn at twice the pixels (so nothing is lost), light and dark.
 */
async function sideBySide(name: string, what: string, left: Page, right: Page): Promise<void> {
  const dir = join(root, 'docs/screenshots')
  mkdirSync(dir, { recursive: true })
  for (const scheme of ['light', 'dark'] as const) {
    const shots: string[] = []
    for (const page of [left, right]) {
      await page.setViewportSize({ width: 1440, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
      shots.push((await page.screenshot()).toString('base64'))
    }
    const context = await a.browser.newContext({
      viewport: { width: 1440, height: 520 },
      deviceScaleFactor: 2,
      colorScheme: scheme
    })
    const board = await context.newPage()
    const figure = (label: string, png: string) =>
      `<figure><figcaption>${label}</figcaption><img alt="${label}" src="data:image/png;base64,${png}"></figure>`
    await board.setContent(`<!doctype html><html><head><style>
      :root { color-scheme: ${scheme}; font: 14px system-ui, sans-serif }
      body { margin: 0; padding: 8px; display: flex; gap: 8px; background: ${scheme === 'dark' ? '#111' : '#e8e8e8'};
        color: ${scheme === 'dark' ? '#eee' : '#111'} }
      figure { margin: 0; flex: 1 1 0; min-width: 0 }
      figcaption { font-weight: 600; padding: 0 0 4px }
      img { display: block; width: 100%; border: 1px solid #888 }
    </style></head><body>${figure(`Desk A — Anna: ${what}`, shots[0]!)}${figure(`Desk B — Ben: ${what}`, shots[1]!)}</body></html>`)
    await board.waitForFunction(() => [...document.images].every((image) => image.complete && image.naturalWidth > 0))
    await board.screenshot({ path: join(dir, `team-two-desks-${name}-1440-${scheme}.png`), fullPage: true })
    await context.close()
  }
  for (const page of [left, right]) {
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.emulateMedia({ colorScheme: 'light' })
  }
}

beforeAll(async () => {
  cluster = await makeThrowawayCluster()
  server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port: 0, log: () => undefined })
  sandbox = await startTestSandbox({
    clock: systemClock,
    credits: 100,
    contactTiming: { startAfterMs: 20, completeAfterMs: 60, failureShare: 0 }
  })
  a = await startApp({ sandboxProfiles: 0 })
  b = await startApp({ sandboxProfiles: 0 })
  // the team is made through the bridge (Settings → Team has its own test, team.e2e.ts)
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
  const list = await bridge<{ id: string }>(a, 'createShortlist', { name: 'Backend — Berlin' })
  await bridge(a, 'addMembers', {
    shortlistId: list.id,
    profiles: [forgottenOnline, forgottenOffline, objected, edited]
  })
  await bridge(a, 'shareShortlist', { id: list.id, with: null })
  await caughtUp(a)
  await caughtUp(b, (await status(a)).sync.lastSeq)
}, 180_000)

afterAll(async () => {
  await a?.close()
  await b?.close()
  await sandbox?.close()
  await server?.close()
  await cluster?.close()
})

describe('two desks and the team server, in Chromium', () => {
  it('a forget on A is gone from B’s open shortlist and B’s saved-people search within 5 s', async () => {
    await openList(b.page, 'Backend — Berlin')
    await expect.poll(() => b.page.getByTestId('members-count').textContent()).toBe('4 people')
    await openMember(b.page, nameOf(forgottenOnline))
    // B's second window: the saved-people search finds them
    const context = await b.browser.newContext({ viewport: { width: 1280, height: 800 } })
    await context.addInitScript(
      ([key, value]) => localStorage.setItem(key!, value!),
      [BRIDGE_SESSION_STORAGE_KEY, b.session]
    )
    const search = await context.newPage()
    try {
      await search.goto(b.host.url)
      await search.getByRole('navigation', { name: 'Sections' }).waitFor()
      await search.keyboard.press('5')
      await search.getByLabel('Search saved people').fill(nameOf(forgottenOnline))
      await member(search, nameOf(forgottenOnline)).waitFor()

      // A forgets them from A's screen: the person's personal data, Forget this person…
      await openList(a.page, 'Backend — Berlin')
      await openMember(a.page, nameOf(forgottenOnline))
      await a.page.getByTestId('open-personal-data').click()
      const dialog = a.page.getByRole('dialog', { name: `Personal data — ${nameOf(forgottenOnline)}` })
      await dialog.getByTestId('forget-person').click()
      await dialog.getByTestId('forget-confirm').waitFor()
      await dialog.getByTestId('forget-submit').click()
      await dialog.getByTestId('forget-done').waitFor()
      const forgotten = performance.now()

      // from A's answer on, B's screens have 5 s
      await member(b.page, nameOf(forgottenOnline)).waitFor({ state: 'detached', timeout: 5_000 })
      await b.page.getByTestId('member-detail').waitFor({ state: 'detached', timeout: 5_000 })
      await member(search, nameOf(forgottenOnline)).waitFor({ state: 'detached', timeout: 5_000 })
      // the figure for the issue's note (the bound above is the test)
      writeFileSync(
        join(artifacts, 'team-two-desks-forget.json'),
        JSON.stringify({ goneFromBScreensMs: Math.round(performance.now() - forgotten) })
      )
      expect(await b.page.getByTestId('members-count').textContent()).toBe('3 people')
      await a.page.keyboard.press('Escape')
      await dialog.waitFor({ state: 'detached' })
      await sideBySide('forget', `${nameOf(forgottenOnline)} forgotten on A`, a.page, b.page)
    } finally {
      await context.close()
    }
    const described = await bridge<{ rows: number }>(b, 'describePerson', { key: forgottenOnline.key })
    expect(described.rows).toBe(0)
  }, 120_000)

  // B's team credential lives in the OS keychain: a restart of B's host keeps it only where there
  // is one (npm test's keyring session, its browser step included). Without one, B stays up
  // and the same forget reaches it on its next sync instead of at its next start.
  const keychain = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
  it(`a forget on A while B’s host is stopped is gone from B’s screen once B starts again${keychain ? '' : ' (no keychain here: B stays up)'}`, async () => {
    const forget = async () => {
      await bridge(a, 'forgetPeople', { keys: [forgottenOffline.key], reason: 'person-asked' })
      await caughtUp(a)
    }
    if (keychain) {
      await b.restartHost(forget)
      await b.openLink()
    } else {
      await forget()
      await caughtUp(b, (await status(a)).sync.lastSeq)
    }
    await openList(b.page, 'Backend — Berlin')
    await expect.poll(() => b.page.getByTestId('members-count').textContent(), { timeout: 5_000 }).toBe('2 people')
    expect(await member(b.page, nameOf(forgottenOffline)).count()).toBe(0)
    expect(await member(b.page, nameOf(objected)).count()).toBe(1)
    expect((await bridge<{ rows: number }>(b, 'describePerson', { key: forgottenOffline.key })).rows).toBe(0)
  }, 120_000)

  it('a do-not-contact entry B adds by hand leaves the person out of A’s quote, which says why', async () => {
    await connect(a, 'Agency account')
    const { page } = b
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('8')
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    await page.getByTestId('settings-pages').locator('button[data-page="do-not-contact"]').click()
    const dnc = page.getByTestId('do-not-contact')
    await dnc.getByTestId('do-not-contact-value').fill(objected.emails[0]!)
    await page.keyboard.press('Tab')
    await page.keyboard.type('asked us by phone')
    await page.keyboard.press('Enter')
    await dnc
      .getByRole('status')
      .filter({ hasText: `Added ${objected.emails[0]}.` })
      .waitFor()
    await caughtUp(b)
    await caughtUp(a, (await status(b)).sync.lastSeq)

    await openList(a.page, 'Backend — Berlin')
    await expect.poll(() => a.page.getByTestId('members-count').textContent()).toBe('2 people')
    await a.page.getByTestId('member-list').focus()
    await a.page.keyboard.press('Control+a')
    await a.page.keyboard.press('c')
    const dialog = a.page.getByTestId('buy-contacts')
    await dialog.getByTestId('contacts-quote').click()
    await expect
      .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
      .toContain('1 left out — on the do-not-contact list or forgotten at their request')
    await dialog.getByTestId('contacts-left-out-dnc').waitFor()
    await dialog.getByTestId('contacts-cancel').click()
    await dialog.waitFor({ state: 'detached' })
  }, 120_000)

  it('A and B buying at once from their screens cannot together pass the team’s budget', async () => {
    const aConnection = (
      await bridge<{ connections: Array<{ id: string; name: string }> }>(a, 'listConnections', {})
    ).connections.find((c) => c.name === 'Agency account')!.id
    await connect(b, 'Shared key')
    // the team's budget on the account: 3 credits this month; each desk asks for 2
    await bridge(a, 'setBudget', { scope: 'connection', targetId: aConnection, credits: 3 })
    await caughtUp(a)
    const before = (await bridge<{ available: number }>(a, 'refreshCredits', { maxAgeSeconds: 0 })).available
    const aList = await bridge<{ id: string }>(a, 'createShortlist', { name: 'Buy — Anna' })
    await bridge(a, 'addMembers', { shortlistId: aList.id, profiles: [buyA1, buyA2] })
    const bList = await bridge<{ id: string }>(b, 'createShortlist', { name: 'Buy — Ben' })
    await bridge(b, 'addMembers', { shortlistId: bList.id, profiles: [buyB1, buyB2] })

    const quoted = async (app: E2eApp, name: string) => {
      // the lists were made behind the screen's back: load it again, as a recruiter would reopen it
      await app.page.reload()
      await app.page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await openList(app.page, name)
      await expect.poll(() => app.page.getByTestId('members-count').textContent()).toBe('2 people')
      await app.page.getByTestId('member-list').focus()
      await app.page.keyboard.press('Control+a')
      await app.page.keyboard.press('c')
      const dialog = app.page.getByTestId('buy-contacts')
      await dialog.getByTestId('contacts-quote').click()
      // people the Sandbox marks as already in the agency's ATS are left out by default: include them
      await quoteEveryone(dialog)
      await expect
        .poll(() => dialog.getByTestId('contacts-quote-text').textContent())
        .toMatch(/^Emails: 2 new — 2 credits/)
      return dialog
    }
    const dialogs = [await quoted(a, 'Buy — Anna'), await quoted(b, 'Buy — Ben')]
    // both confirm at once
    await Promise.all(dialogs.map((dialog) => dialog.getByTestId('contacts-confirm').click()))
    const outcomes = await Promise.all(
      dialogs.map(async (dialog) => {
        const done = dialog.getByTestId('contacts-done')
        const refused = dialog.getByTestId('contacts-over-budget')
        await done.or(refused).waitFor({ timeout: 60_000 })
        return (await refused.count()) > 0 ? `refused: ${await refused.textContent()}` : 'bought'
      })
    )
    expect(outcomes.filter((outcome) => outcome === 'bought')).toHaveLength(1)
    const refusal = outcomes.find((outcome) => outcome !== 'bought')!
    expect(refusal).toMatch(/Over budget/)
    expect(refusal).toMatch(/across the team/)
    expect(refusal).toMatch(/Nothing was spent/)
    // the Sandbox charged for the two bought, no more
    await expect
      .poll(async () => (await bridge<{ available: number }>(a, 'refreshCredits', { maxAgeSeconds: 0 })).available)
      .toBe(before - 2)
    for (const dialog of dialogs) {
      await dialog
        .getByRole('button', { name: /^(Done|Cancel|Close)$/ })
        .first()
        .click()
      await dialog.waitFor({ state: 'detached' })
    }
  }, 120_000)

  it('a member edited on both desks while the server is down: both notes kept, the later stage wins, who and when on both', async () => {
    const port = Number(new URL(server.url).port)
    const memberOn = async (app: E2eApp) => {
      const lists = await bridge<Array<{ id: string; name: string }>>(app, 'listShortlists', {})
      const list = lists.find((l) => l.name === 'Backend — Berlin')!
      const members = await bridge<Array<{ id: number; profileKey: string }>>(app, 'listMembers', {
        shortlistId: list.id
      })
      return members.find((m) => m.profileKey === edited.key)!.id
    }
    const [aMember, bMember] = [await memberOn(a), await memberOn(b)]
    await server.close()
    await bridge(a, 'updateMember', { memberId: aMember, patch: { stage: 'Contacted' } })
    await bridge(a, 'addMemberNote', { memberId: aMember, text: 'Anna: prefers a call after 5 pm.' })
    await bridge(b, 'updateMember', { memberId: bMember, patch: { stage: 'Interviewing' } })
    await bridge(b, 'addMemberNote', { memberId: bMember, text: 'Ben: on-site on Thursday.' })
    for (const app of [a, b]) expect((await status(app)).sync.waiting).toBeGreaterThan(0)

    server = await startTeamServer({ databaseUrl: cluster.databaseUrl, host: '127.0.0.1', port, log: () => undefined })
    // A's edits reach the server first, then B's: B's stage is the later one in the server's order
    await caughtUp(a)
    await caughtUp(b)
    await caughtUp(a, (await status(b)).sync.lastSeq)

    for (const app of [a, b]) {
      await openList(app.page, 'Backend — Berlin')
      await openMember(app.page, nameOf(edited))
      const detail = app.page.getByTestId('member-detail')
      const notes = detail.getByTestId('team-note')
      await notes.filter({ hasText: 'Anna: prefers a call after 5 pm.' }).filter({ hasText: 'Anna' }).waitFor()
      await notes.filter({ hasText: 'Ben: on-site on Thursday.' }).filter({ hasText: 'Ben' }).waitFor()
      await detail.getByTestId('field-authors').filter({ hasText: 'Stage set by Ben' }).waitFor()
    }
    for (const [app, memberId] of [
      [a, aMember],
      [b, bMember]
    ] as const) {
      expect(await bridge<{ stage: string }>(app, 'getMember', { memberId })).toMatchObject({ stage: 'Interviewing' })
    }
    await sideBySide('concurrent-edit', 'stage and note edited on both while offline', a.page, b.page)
  }, 120_000)
})
