/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sections } from '../../renderer/src/lib/sections'
import { TOKEN_META } from '../../electron/host/server'
import { pkg, shot, startApp, type E2eApp } from './support'

let app: E2eApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('app shell in Chromium', () => {
  it('shows the shell and removes the bridge token from the page after reading it', async () => {
    const { page } = app
    // The page mounts after the login redirect; wait for it rather than race it.
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(await page.locator(`meta[name="${TOKEN_META}"]`).count()).toBe(0)
    expect(await page.evaluate(() => 'talentDesk' in window)).toBe(false)
    // The header shows the keychain state read from main (this run has no keyring session).
    const pill = page.getByTestId('keychain-pill')
    await pill.waitFor()
    const expected = process.env.DBUS_SESSION_BUS_ADDRESS ? 'Keychain ready' : 'Keychain unavailable'
    await expect(pill.textContent()).resolves.toContain(expected)
    await shot(page, 'shell-search')
  })

  it('walks every section by mouse', async () => {
    const landed = new Set(['search', 'chat', 'contacts', 'refresh', 'shortlists', 'usage', 'tools', 'settings'])
    const { page } = app
    for (const section of sections) {
      await page
        .getByRole('navigation', { name: 'Sections' })
        .getByRole('button', { name: new RegExp(`^${section.label}`) })
        .click()
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(section.label)
      // sections that have landed show their own screen, never the placeholder; the others say what is coming
      const placeholder = page.getByRole('heading', { name: 'Arriving in this section' })
      if (landed.has(section.id)) {
        expect(await placeholder.count()).toBe(0)
      } else {
        await expect(page.getByText(section.summary).isVisible()).resolves.toBe(true)
        expect(await placeholder.count()).toBe(1)
      }
      await shot(page, `section-${section.id}`)
    }
  })

  it('walks the sections by keyboard: digits, arrows and j/k, with a visible focus ring', async () => {
    const { page } = app
    await page.keyboard.press('1')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Search')
    await page.keyboard.press('5')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Shortlists')
    await page.getByRole('button', { name: /^Shortlists/ }).focus()
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Usage')
    await page.keyboard.press('k')
    await page.keyboard.press('k')
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Refresh')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim())
    expect(focused).toContain('Refresh')
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle)
    expect(outline).not.toBe('none')
    await shot(page, 'keyboard-focus')
  })

  it('shows every shortcut with ? and closes with Esc', async () => {
    const { page } = app
    await page.keyboard.press('?')
    const dialog = page.getByRole('dialog', { name: 'Keyboard shortcuts' })
    await expect(dialog.isVisible()).resolves.toBe(true)
    await shot(page, 'shortcuts')
    await page.keyboard.press('Escape')
    await expect(dialog.count()).resolves.toBe(0)
  })

  it('reads version and platform through renderer → bridge → main in the About panel', async () => {
    const { page } = app
    await page.getByRole('button', { name: 'About' }).click()
    const version = page.getByTestId('about-version')
    await version.waitFor()
    await expect(version.textContent()).resolves.toBe(pkg.version)
    await expect(page.getByTestId('about-platform').textContent()).resolves.toContain(process.platform)
    await shot(page, 'about')
    await page.keyboard.press('Escape')
  })
})

describe('bridge guard, seen from a browser', () => {
  let foreign: Server
  let foreignOrigin: string
  beforeAll(async () => {
    // Another local web page, on another port: it knows the token (worst case) but not our origin.
    foreign = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>elsewhere</title>')
    })
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
    foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())))

  it('rejects a wrong token', async () => {
    const status = await app.page.evaluate(async () => {
      const response = await fetch('/bridge/getAppInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-talent-desk-token': 'wrong' },
        body: '{}'
      })
      return response.status
    })
    expect(status).toBe(403)
  })

  it('rejects malformed input with an error value that names the field', async () => {
    const reply = await app.page.evaluate(async (token) => {
      const response = await fetch('/bridge/getAppInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-talent-desk-token': token },
        body: JSON.stringify({ injected: '<script>' })
      })
      return response.json()
    }, app.host.token)
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ message: expect.stringContaining('injected') }] }
    })
  })

  it('rejects a call from a foreign Origin even when it carries the token', async () => {
    const page = await app.page.context().newPage()
    await page.goto(foreignOrigin)
    const before = app.logs.filter((record) => record.event === 'host.foreign_origin').length
    const outcome = await page.evaluate(
      async ([url, token]) => {
        try {
          const response = await fetch(url!, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-talent-desk-token': token! },
            body: '{}'
          })
          return `status ${response.status}`
        } catch {
          return 'blocked'
        }
      },
      [`${app.host.origin}/bridge/getAppInfo`, app.host.token]
    )
    // The browser blocks reading the cross-origin answer; the host must also have refused it.
    expect(outcome).toBe('blocked')
    const after = app.logs.filter((record) => record.event === 'host.foreign_origin')
    expect(after.length).toBe(before + 1)
    expect(after.at(-1)?.fields).toEqual({ origin: foreignOrigin })
    await page.close()
  })
})
