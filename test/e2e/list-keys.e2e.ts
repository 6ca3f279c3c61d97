/// <reference lib="dom" />
import type { Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { generateProfiles } from '../../sandbox/data/generate'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { startApp, type E2eApp } from './support'

// Every list of the app answers the same keys the same way (renderer/src/lib/list-keys.ts):
// Home/End to the ends, j/k and the arrows by one, PageUp/PageDown by a page, clamped (no
// wrapping), and nothing at all with Ctrl held. This walks each list with those keys.

// The built-in sandbox of the e2e app: 2,000 people, seed 1 (test/e2e/support.ts).
const people = generateProfiles({ count: 2000, seed: 1 })
const handles = people.slice(400, 412).map((p) => p.li_urls![0]!.split('/in/')[1]!)
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const common = [...firstNames.entries()].sort((a, b) => b[1] - a[1])[0]![0]

let app: E2eApp
let page: Page
let session: string

beforeAll(async () => {
  app = await startApp()
  page = app.page
  session = app.session
  // the sandbox generates its people in a worker: give a loaded machine time
  await page.waitForFunction(
    () => {
      const pill = document.querySelector('[data-testid="active-connection"]')
      return pill !== null && !(pill.textContent ?? '').includes('starting')
    },
    undefined,
    { timeout: 60_000 }
  )
})
afterAll(() => app?.close())

async function bridge<T>(channel: string, input: unknown): Promise<T> {
  const response = await fetch(`${app.host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: session },
    body: JSON.stringify(input)
  })
  const reply = (await response.json()) as { ok: boolean; data: T; error?: unknown }
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
  return reply.data
}

/** The row a listbox's cursor is on (aria-activedescendant), counted from 0; -1 for none. */
function activeRow(list: Locator): () => Promise<number> {
  return () =>
    list.evaluate((element) => {
      const id = element.getAttribute('aria-activedescendant')
      // a windowed list names its rows by index (the row itself may be scrolled out of the DOM)
      const windowed = id === null ? null : /^vl-[a-z0-9]+-(\d+)$/.exec(id)
      if (windowed) return Number(windowed[1])
      const row = id === null ? null : document.getElementById(id)
      if (row === null) return -1
      const position = row.getAttribute('aria-posinset')
      if (position !== null) return Number(position) - 1
      return [...element.querySelectorAll('[role="option"]')].indexOf(row)
    })
}

/**
 * Walks a list from the keyboard: the keys every list shares, each checked where the cursor
 * lands. `count` is the number of rows; `focus` puts the keyboard on the list.
 */
async function walk(name: string, focus: () => Promise<void>, position: () => Promise<number>, count: number) {
  expect(count, `${name}: rows to walk`).toBeGreaterThanOrEqual(4)
  await focus()
  const press = async (key: string, expected: number | ((at: number) => boolean)) => {
    await page.keyboard.press(key)
    if (typeof expected === 'number') await expect.poll(position, { message: `${name}: ${key}` }).toBe(expected)
    else await expect.poll(async () => expected(await position()), { message: `${name}: ${key}` }).toBe(true)
  }
  await press('Home', 0)
  await press('k', 0) // no wrapping past the top
  await press('j', 1)
  await press('ArrowDown', 2)
  await press('ArrowUp', 1)
  await press('End', count - 1)
  await press('ArrowDown', count - 1) // nor past the bottom
  await press('Control+Home', count - 1) // with Ctrl held, the key is not the list's
  await press('Control+j', count - 1)
  await press('PageUp', (at) => at < count - 1)
  await press('Home', 0)
  await press('PageDown', (at) => at > 0)
}

describe('the same list keys in every list', () => {
  it('the section rail', async () => {
    const rail = page.getByRole('navigation', { name: 'Sections' })
    const current = () =>
      rail
        .getByRole('button')
        .evaluateAll((buttons) => buttons.findIndex((b) => b.getAttribute('aria-current') === 'page'))
    await walk('rail', () => rail.getByRole('button').first().focus(), current, await rail.getByRole('button').count())
    await page.keyboard.press('1')
  })

  it('Search results', async () => {
    await page.keyboard.press('1')
    const name = page.getByLabel('Name', { exact: true })
    await name.fill(common)
    await name.press('Enter')
    const list = page.getByTestId('results-list')
    await list.getByRole('option').nth(5).waitFor()
    const count = Number(await list.getByRole('option').first().getAttribute('aria-setsize'))
    await walk('search results', () => list.focus(), activeRow(list), count)
    // every list with ticks shows them; a click on the box ticks, as Space does
    const first = list.getByRole('option').first()
    expect(await first.getAttribute('aria-checked')).toBe('false')
    await first.locator('[data-tick]').click()
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('true')
    await page.keyboard.press('Space')
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('false')
  })

  it('Shortlists and the people in one', async () => {
    for (const name of ['Alpha', 'Beta', 'Gamma', 'Delta']) {
      const list = await bridge<{ id: string }>('createShortlist', { name })
      if (name === 'Alpha')
        await bridge('addMembers', {
          shortlistId: list.id,
          profiles: Array.from({ length: 40 }, (_, index) => makeProfile(index, 7))
        })
    }
    await page.keyboard.press('5')
    const lists = page.getByRole('listbox', { name: 'Shortlists' })
    await lists.getByRole('option').nth(3).waitFor()
    await walk('shortlists', () => lists.focus(), activeRow(lists), 4)
    await lists.getByRole('option').filter({ hasText: 'Alpha' }).click()
    await page.keyboard.press('Enter') // into the people of Alpha
    const members = page.getByTestId('member-list')
    await members.getByRole('option').nth(5).waitFor()
    await walk('members', () => members.focus(), activeRow(members), 40)
    await page.keyboard.press('Home')
    await page.keyboard.press('Space')
    const first = members.getByRole('option').first()
    await expect.poll(() => first.getAttribute('aria-checked')).toBe('true')
    expect(await first.locator('[data-tick]').textContent()).toBe('☑')
  })

  it('Chat conversations', async () => {
    for (const text of ['nurses in Boston', 'engineers in Oslo', 'designers in Lisbon', 'lawyers in Paris']) {
      await bridge('sendChat', { text, requestId: `keys-${text.replaceAll(' ', '-')}` })
    }
    await page.keyboard.press('2')
    const list = page.getByTestId('conversation-list')
    await list.getByRole('option').nth(3).waitFor()
    await walk('conversations', () => list.focus(), activeRow(list), 4)
  })

  it('Tools', async () => {
    await page.keyboard.press('7')
    const list = page.getByTestId('tools-list')
    await list.getByRole('option').nth(3).waitFor({ timeout: 30_000 })
    await walk('tools', () => list.focus(), activeRow(list), await list.getByRole('option').count())
  })

  it('Refresh jobs', async () => {
    for (let i = 0; i < 4; i++) await bridge('startRefresh', { handles: handles.slice(i * 3, i * 3 + 3) })
    await page.keyboard.press('4')
    const list = page.getByTestId('job-list')
    await list.getByRole('option').nth(3).waitFor()
    await walk('refresh jobs', () => list.focus(), activeRow(list), 4)
  })

  it('Contacts', async () => {
    const keys = people.slice(500, 506).map((p) => p.key!)
    const quote = await bridge<{ quoteId: string }>('quoteContacts', { keys, contactType: 'Email' })
    await bridge('buyContacts', { quoteId: quote.quoteId, requestId: 'keys-contacts-1' })
    await page.keyboard.press('3')
    const list = page.getByTestId('contacts-list')
    await list.getByRole('option').nth(5).waitFor()
    await walk('contacts', () => list.focus(), activeRow(list), 6)
  })

  it('Usage: the service’s transactions', async () => {
    await page.keyboard.press('6')
    const rows = page.getByTestId('transaction-row')
    await rows.nth(4).waitFor({ timeout: 30_000 })
    const focused = () => rows.evaluateAll((all) => all.findIndex((row) => row === document.activeElement))
    await walk('usage', () => rows.first().focus(), focused, await rows.count())
  })
})
