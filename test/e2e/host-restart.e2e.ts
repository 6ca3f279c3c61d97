import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shot, startApp, type E2eApp } from './support'

// The browser host was stopped and started again while the page stayed open: the old page has
// no session with the new host. It must say one clear thing to do, with no button that cannot help.
let app: E2eApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('after the host restarts', () => {
  it('the open page says once, in plain words, to open the new link', async () => {
    const { page } = app
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await app.restartHost()

    // At once, before any click: the banner says what happened and the one thing to do.
    const banner = page.getByTestId('host-banner')
    await expect
      .poll(() => banner.textContent(), { timeout: 10_000 })
      .toContain('Open the link printed in the terminal')
    expect(await banner.textContent()).toContain('Talent Desk was restarted')

    // Anything that reaches the host now: a new shortlist. It points to the banner.
    await page.keyboard.press('n')
    const name = page.getByLabel('New shortlist')
    await name.fill('After the restart')
    await name.press('Enter')
    const text = async () => (await page.locator('body').innerText()).replace(/\s+/g, ' ')
    await expect.poll(text, { timeout: 10_000 }).toContain('Open the link printed in the terminal')
    await shot(page, 'host-restarted')
    const body = await text()
    expect(body).not.toContain('`')
    expect(body.match(/Open the link printed in the terminal/g)?.length).toBe(1)
    expect(body).not.toMatch(/is not answering|npm run web/)
  })
})
