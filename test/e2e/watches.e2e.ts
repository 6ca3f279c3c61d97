/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WholePersonProfile } from '../../shared/api'
import type { ActivityEntry } from '../../shared/ipc/channels/watches'
import { generateProfiles } from '../../sandbox/data/generate'
import { applyCareerMove } from '../../sandbox/server/refresh/career-move'
import { ARRIVALS_DEFAULT, arrivalOffsetMs } from '../../sandbox/server/arrivals'
import { ManualClock, startSandbox } from '../../sandbox/index'
import { readConversationReply } from '../../electron/main/api/conversation-reply'
import { bridge, shot, startApp, settingsPage, type E2eApp } from './support'

// The built-in sandbox of the e2e app: 2,000 people, seed 1 (test/e2e/support.ts).
const people = generateProfiles({ count: 2000, seed: 1 })
const DAY = 86_400_000
const present = (p: WholePersonProfile) => arrivalOffsetMs(p.key!) === null
/** Eight saved people, fresh today (their own date says so): a watch first finds nothing to refresh. */
const saved = people.slice(400).filter(present).slice(0, 8)
/** Who the service will find moved at their next refresh (the sandbox decides by key and last refresh). */
const movers = saved.filter((p) => {
  const copy = structuredClone({ ...p }) as WholePersonProfile
  applyCareerMove(copy, '2026-11-01T00:00:00.000Z')
  return copy.cur_company !== p.cur_company || copy.cur_title !== p.cur_title
})
/**
 * Words for Chat that find a person who joins the service's index within the week (and not
 * before): tried on a sandbox of the same people in this process, on a clock moved by hand.
 */
async function newcomerSearch(): Promise<{ text: string; key: string }> {
  const clock = new ManualClock()
  const probe = await startSandbox({ profiles: 2000, seed: 1, clock, arrivals: ARRIVALS_DEFAULT, faults: '' })
  const keysFor = async (text: string) => {
    const response = await fetch(`${probe.baseUrl}/api/ConversationalSearch/Search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'api-key': probe.apiKey },
      body: JSON.stringify({ user_input: text })
    })
    return readConversationReply(await response.json()).profiles.map((p) => (p.value as { key?: string }).key)
  }
  try {
    for (const person of people) {
      const offset = arrivalOffsetMs(person.key!)
      if (offset === null || offset < 5 * 60_000 || offset > 6 * DAY || !person.cur_title || !person.city) continue
      const text = `${person.cur_title} in ${person.city}`
      clock.advance(7 * DAY)
      const later = await keysFor(text)
      clock.advance(-7 * DAY)
      if (later.includes(person.key!) && !(await keysFor(text)).includes(person.key!)) return { text, key: person.key! }
    }
  } finally {
    await probe.close()
  }
  throw new Error('No newcomer in the first week found by a Chat search')
}

interface Notice {
  title: string
  body: string
}

describe('watches: a shortlist and a search watched over a closed week', () => {
  const world = { shift: 0 }
  let app: E2eApp

  beforeAll(async () => {
    app = await startApp({ clockShiftMs: () => world.shift, arrivals: true })
    const { page } = app
    await page.context().grantPermissions(['notifications'], { origin: app.host.origin })
    await page.addInitScript(() => {
      const Real = window.Notification
      const notices: Array<{ title: string; body: string }> = []
      ;(window as unknown as { __notices: typeof notices }).__notices = notices
      class Recording extends Real {
        constructor(title: string, options?: NotificationOptions) {
          notices.push({ title, body: options?.body ?? '' })
          super(title, options)
        }
      }
      window.Notification = Recording
    })
    await page.reload()
  })
  afterAll(() => app?.close())

  it('sees exactly the people who changed or appeared, once, without spending a credit', async () => {
    const { page } = app
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    expect(movers.length).toBeGreaterThan(0)

    // Seeded: a shortlist of eight people whose data is as of today.
    const today = new Date().toISOString()
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Q4 backend' })
    await bridge(app, 'addMembers', {
      shortlistId: list.id,
      profiles: saved.map((p) => ({ ...p, last_refreshed: today }))
    })
    const credits = page.getByTestId('credits')
    await expect.poll(() => credits.textContent(), { timeout: 30_000 }).toMatch(/available/)
    const creditsBefore = await credits.textContent()

    // Watch the shortlist from its header.
    await page.keyboard.press('5')
    await page.getByRole('option', { name: /Q4 backend/ }).click()
    await page.getByTestId('watch-shortlist-button').click()
    const watchDialog = page.getByRole('dialog', { name: 'Watch this shortlist' })
    await watchDialog.getByRole('button', { name: 'Watch', exact: true }).click()
    await expect.poll(() => page.getByTestId('watch-shortlist-button').textContent()).toMatch(/Watched/)

    // Save a Chat search that will find a newcomer, watched.
    const newcomer = await newcomerSearch()
    await page.keyboard.press('2')
    const input = page.getByTestId('chat-input')
    await input.fill(newcomer.text)
    await input.press('Enter')
    await expect.poll(() => page.getByTestId('chat-answer').count(), { timeout: 15_000 }).toBe(1)
    const before = (
      await bridge<Array<{ id: string }>>(app, 'listConversations', {}).then((list) =>
        bridge<{ turns: Array<{ results: Array<{ key: string | null }> }> }>(app, 'getConversation', {
          id: list[0]!.id
        })
      )
    ).turns.flatMap((turn) => turn.results.map((result) => result.key))
    expect(before).not.toContain(newcomer.key)
    await page.getByTestId('save-search-button').click()
    const saveDialog = page.getByRole('dialog', { name: 'Save this search' })
    await saveDialog.getByLabel('Name').fill('Newcomers')
    await saveDialog.getByRole('button', { name: 'Save', exact: true }).click()
    await page.getByText('Saved “Newcomers”.').waitFor()

    // Settings → Watches lists both, each having looked once.
    await page.keyboard.press('8')
    await settingsPage(page, 'watches')
    const panel = page.getByTestId('watches-panel')
    await expect.poll(() => panel.getByTestId('watch-row').count()).toBe(2)
    await expect.poll(() => panel.textContent()).toContain('Nothing to refresh')
    await expect.poll(() => panel.textContent()).toMatch(/(person|people) found now/)
    await shot(page, 'watches-settings-light')

    // Closed for a week, then opened again.
    world.shift += 7 * DAY
    await app.restartHost()
    await app.openLink()
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
      .not.toContain('starting')
    // Elsewhere in the app (Search), the news comes: the watch's refresh job ends, then its
    // people who changed, the job's end, and the newcomers; the rail counts them as they come.
    const unreadCount = page.getByTestId('activity-unread-count')
    await expect.poll(() => unreadCount.textContent(), { timeout: 60_000 }).toBe(String(movers.length + 2))
    // One notice per batch (the job's people, the newcomers), not one per person.
    const notices = await page.evaluate(() => (window as unknown as { __notices: Notice[] }).__notices)
    expect(notices.length).toBeGreaterThanOrEqual(1)
    expect(notices.length).toBeLessThanOrEqual(2)

    await page.keyboard.press('0')
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    const entries = page.getByTestId('activity-list').getByTestId('activity-entry')
    await expect.poll(() => entries.count()).toBe(movers.length + 2)
    const listed = await bridge<{ entries: ActivityEntry[] }>(app, 'listActivity', {})
    const changed = listed.entries.filter((entry) => entry.kind === 'person_changed')
    expect(changed.map((entry) => nameIn(entry.text)).sort()).toEqual(movers.map((p) => p.full_name!).sort())
    const news = listed.entries.filter((entry) => entry.kind === 'new_people')
    expect(news).toHaveLength(1)
    // exactly the people the same words find now and did not find then
    const newKeys = news[0]!.people.map((person) => person.key)
    expect(newKeys).toContain(newcomer.key)
    expect(newKeys.filter((key) => before.includes(key))).toEqual([])
    expect(news[0]!.text).toBe(`${newKeys.length} new ${newKeys.length === 1 ? 'person' : 'people'} for ‘Newcomers’`)
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme })
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `activity-${width}-${colorScheme}`)
      }
    }
    await page.emulateMedia({ colorScheme: 'light' })
    await page.setViewportSize({ width: 1280, height: 800 })
    // Filters: by kind, by shortlist, unread only (the list is read again from main each time).
    await page.getByLabel('Show').selectOption({ label: 'New people' })
    await expect.poll(() => entries.count()).toBe(1)
    await page.getByLabel('Show').selectOption({ label: 'Everything' })
    await page.getByLabel(/^Shortlist/).selectOption({ label: 'Q4 backend' })
    await expect.poll(() => entries.count()).toBe(movers.length + 1)
    await page.getByLabel(/^Shortlist/).selectOption({ label: 'Any' })
    await expect.poll(() => entries.count()).toBe(movers.length + 2)

    // Open a person who moved: the shortlist shows what changed.
    const mover = movers[0]!
    await entries.filter({ hasText: mover.full_name! }).first().click()
    await page.keyboard.press('Enter')
    const detail = page.getByTestId('member-detail')
    await detail.getByRole('heading', { level: 2, name: mover.full_name! }).waitFor()
    await detail.getByTestId('member-detail-changes').waitFor()
    // what it was before is named: the old employer, or the old title
    const was = await detail.getByTestId('member-detail-changes').textContent()
    expect(was!.includes(mover.cur_company!) || was!.includes(mover.cur_title!)).toBe(true)

    // Nothing was bought.
    await page.keyboard.press('5')
    await expect.poll(() => credits.textContent(), { timeout: 30_000 }).toMatch(/available/)
    expect(await credits.textContent()).toBe(creditsBefore)
    const ledger = await bridge<{ entries: unknown[] }>(app, 'listLedger', {})
    expect(ledger.entries).toEqual([])

    // The saved search renamed from Search's list; its watch follows the name.
    await page.keyboard.press('1')
    const savedList = page.getByTestId('saved-searches')
    await savedList.getByText(/^Saved searches/).click()
    await savedList.getByRole('button', { name: 'Rename' }).click()
    const name = savedList.getByLabel('New name for Newcomers')
    await name.fill('Newcomers this week')
    await name.press('Enter')
    await savedList.getByText('Newcomers this week').waitFor()
    const watched = await bridge<{ watches: Array<{ targetName: string }> }>(app, 'listWatches', {})
    expect(watched.watches.map((watch) => watch.targetName).sort()).toEqual(['Newcomers this week', 'Q4 backend'])
  }, 240_000)

  /** The person an entry is about: the saved name its sentence starts with. */
  function nameIn(text: string): string {
    return saved.map((p) => p.full_name!).find((name) => text.startsWith(name)) ?? text
  }
})
