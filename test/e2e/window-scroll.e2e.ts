/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sections } from '../../renderer/src/lib/sections'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, startApp, settingsPage, type E2eApp } from './support'

// The window never scrolls as a whole: each section scrolls inside its own area and the header
// strip and the rail stay put. Text placed for screen readers only (absolutely positioned) once
// sat where it would have been in the page and made Settings scroll by 77 px, header and all,
// as soon as retention listed anyone. Every section of the rail is visited, read from its list.
let app: E2eApp

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 0 })
  const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Last spring' })
  await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [0, 1, 2].map((n) => makeProfile(n, 47)) })
  await bridge(app, 'deleteShortlist', { id: list.id })
  await bridge(app, 'setRetention', { settings: { inactiveDays: 30, contactDays: 90 } })
  await app.page.reload()
  await app.page.getByRole('navigation', { name: 'Sections' }).waitFor()
})
afterAll(() => app?.close())

describe('the window', () => {
  it('does not scroll in any section; the section scrolls inside', async () => {
    const { page } = app
    const overflowing: string[] = []
    for (const section of sections) {
      await page.locator('body').click({ position: { x: 5, y: 5 } })
      await page.keyboard.press(section.shortcut)
      await page.getByRole('heading', { level: 1, name: section.label }).waitFor()
      if (section.id === 'settings') {
        await settingsPage(page, 'retention')
        await page.getByTestId('retention-row').first().waitFor()
      }
      const { scrollHeight, innerHeight } = await page.evaluate(() => ({
        scrollHeight: document.scrollingElement!.scrollHeight,
        innerHeight: window.innerHeight
      }))
      if (scrollHeight > innerHeight) overflowing.push(`${section.label}: ${scrollHeight - innerHeight} px`)
    }
    expect(overflowing).toEqual([])
  })
})
