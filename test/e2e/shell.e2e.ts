/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sections } from '../../renderer/src/lib/sections'
import { BRIDGE_SESSION_HEADER, BRIDGE_SESSION_STORAGE_KEY } from '../../shared/ipc/bridge'
import { pkg, shot, startApp, type E2eApp } from './support'

let app: E2eApp
beforeAll(async () => {
  app = await startApp()
})
afterAll(() => app?.close())

describe('app shell in Chromium', () => {
  it('shows the shell, with its session in its own origin’s storage only: no cookie, no secret in the address', async () => {
    const { page } = app
    // The page mounts after logging in; wait for it rather than race it.
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(page.url()).toBe(app.host.url)
    expect(await page.context().cookies()).toEqual([])
    expect(await page.evaluate((key) => localStorage.getItem(key), BRIDGE_SESSION_STORAGE_KEY)).toMatch(
      /^[A-Za-z0-9_-]{43}$/
    )
    expect(await page.evaluate(() => 'talentDesk' in window)).toBe(false)
    // The header shows the keychain state read from main (this run has no keyring session).
    const pill = page.getByTestId('keychain-pill')
    await pill.waitFor()
    const expected = process.env.DBUS_SESSION_BUS_ADDRESS ? 'Keychain ready' : 'Keychain unavailable'
    await expect(pill.textContent()).resolves.toContain(expected)
    await shot(page, 'shell-search')
  })

  it('walks every section by mouse', async () => {
    const landed = new Set([
      'search',
      'chat',
      'contacts',
      'refresh',
      'shortlists',
      'usage',
      'tools',
      'import',
      'activity',
      'settings'
    ])
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
    // Another local web page, on another port: it may know a session (worst case) but not our origin.
    foreign = createServer((_, response) => {
      response.writeHead(200, { 'content-type': 'text/html' })
      response.end('<!doctype html><title>elsewhere</title>')
    })
    await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve))
    foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((resolve) => foreign.close(() => resolve())))

  it('rejects a wrong session', async () => {
    const status = await app.page.evaluate(async (header) => {
      const response = await fetch('/bridge/getAppInfo', {
        method: 'POST',
        headers: { 'content-type': 'application/json', [header]: 'wrong' },
        body: '{}'
      })
      return response.status
    }, BRIDGE_SESSION_HEADER)
    expect(status).toBe(401)
  })

  it('rejects malformed input with an error value that names the field', async () => {
    const reply = await app.page.evaluate(
      async ([header, key]) => {
        const response = await fetch('/bridge/getAppInfo', {
          method: 'POST',
          headers: { 'content-type': 'application/json', [header]: localStorage.getItem(key) ?? '' },
          body: JSON.stringify({ injected: '<script>' })
        })
        return response.json()
      },
      [BRIDGE_SESSION_HEADER, BRIDGE_SESSION_STORAGE_KEY] as const
    )
    expect(reply).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', details: [{ message: expect.stringContaining('injected') }] }
    })
  })

  it('gives a page on another local port of the same, logged-in browser nothing usable', async () => {
    const page = await app.page.context().newPage()
    const answers: { url: string; status: number; body: string }[] = []
    page.on('response', (response) => {
      if (!response.url().startsWith(app.host.origin)) return
      void response.body().then(
        (body) => answers.push({ url: response.url(), status: response.status(), body: body.toString('utf8') }),
        () => answers.push({ url: response.url(), status: response.status(), body: '' })
      )
    })
    await page.goto(foreignOrigin)
    const paths = ['/', '/bridge/listShortlists', '/bridge/channels', '/bridge/events', '/bridge/download/x']
    // What such a page can send our way: requests with whatever the browser attaches to them.
    await page.evaluate(
      async ([origin, list]) => {
        for (const path of list!) {
          await fetch(`${origin}${path}`, { mode: 'no-cors', credentials: 'include' }).catch(() => undefined)
          await fetch(`${origin}${path}`, {
            method: 'POST',
            mode: 'no-cors',
            credentials: 'include',
            body: '{}'
          }).catch(() => undefined)
        }
        const image = new Image()
        image.src = `${origin}/bridge/listShortlists`
        await new Promise((resolve) => {
          image.onload = image.onerror = resolve
        })
      },
      [app.host.origin, paths] as const
    )
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(paths.length * 2)
    const session = await app.page.evaluate((key) => localStorage.getItem(key), BRIDGE_SESSION_STORAGE_KEY)
    expect(session).toBeTruthy()
    for (const answer of answers) {
      // the page itself is code anyone may fetch; every bridge path is refused, and no answer
      // carries the session (or anything that unlocks the bridge)
      if (new URL(answer.url).pathname === '/') expect([200, 405], answer.url).toContain(answer.status)
      else expect([401, 403], answer.url).toContain(answer.status)
      expect(answer.body, answer.url).not.toContain(session!)
    }
    // The browser attaches no cookie of ours (there is none), and the other origin cannot read our storage.
    expect(await page.context().cookies(app.host.origin)).toEqual([])
    expect(await page.evaluate((key) => localStorage.getItem(key), BRIDGE_SESSION_STORAGE_KEY)).toBeNull()
    // Even knowing the session (worst case), its Origin gives it away: what it asks is not done.
    // (Refusals are logged once per kind per interval, so the log is no count of them.)
    const outcome = await page.evaluate(
      async ([url, header, value]) => {
        try {
          const response = await fetch(url!, {
            method: 'POST',
            headers: { 'content-type': 'application/json', [header!]: value! },
            body: JSON.stringify({ name: 'Planted from another port' })
          })
          return `status ${response.status}`
        } catch {
          return 'blocked'
        }
      },
      [`${app.host.origin}/bridge/createShortlist`, BRIDGE_SESSION_HEADER, session] as const
    )
    // The browser blocks reading the cross-origin answer; the host must also have refused it.
    expect(outcome).toBe('blocked')
    const lists = await fetch(`${app.host.origin}/bridge/listShortlists`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: app.session },
      body: '{}'
    })
    const reply = (await lists.json()) as { ok: boolean; data: Array<{ name: string }> }
    expect(reply.ok).toBe(true)
    expect(reply.data.map((list) => list.name)).not.toContain('Planted from another port')
    expect(app.logs.some((record) => record.event === 'host.foreign_origin')).toBe(true)
    await page.close()
  })
})
