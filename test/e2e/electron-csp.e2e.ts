import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { channelNames } from '../../shared/ipc/contract'
import type { MainServices } from '../../electron/main/compose'
import { failurePagePath } from '../../electron/main/window/load-failure'
import { builtHost } from './built-host'
import { chromiumFlags, chromiumPath, root } from './support'

// the bundled main process, as the desktop app loads it
const { composeMain, createLogger, appOrigin, serveAppRequest } = builtHost()

// The Electron shell without Electron: the built renderer served by the shell's own app://
// handler (same bytes, same headers, so the same CSP), and a bridge shaped like the preload's
// (one function per channel) that reaches the real router over a CDP binding, not the network.
// It shows the real renderer runs under `connect-src 'none'` and that the CSP is enforced.
let server: Server
let services: MainServices
let browser: Browser
let page: Page
let dataDir: string
const pageConsole: string[] = []

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'td-e2e-csp-'))
  services = await composeMain({
    dataDir,
    shell: 'electron',
    appName: 'Talent Desk',
    appVersion: '0.0.0',
    trustedOrigins: [appOrigin],
    logger: createLogger(() => {}),
    versions: { node: process.versions.node }
  })
  server = createServer((req, res) => {
    void serveAppRequest(
      { url: `${appOrigin}${req.url ?? '/'}`, method: req.method ?? 'GET' },
      join(root, 'out/renderer')
    ).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers))
      res.end(Buffer.from(await response.arrayBuffer()))
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  page = await browser.newPage()
  page.on('console', (message) => pageConsole.push(`${message.type()}: ${message.text()}`))
  page.on('pageerror', (error) => pageConsole.push(`pageerror: ${error.message}`))
  // Stands in for the preload: Chromium's own origin check is replaced by a fixed app sender.
  await page.exposeFunction('__talentDeskCall', (name: string, input: unknown) =>
    services.router.handle(name, input, { origin: appOrigin, isMainFrame: true })
  )
  // Every CSP violation the page reports, caught or not (a caught `new Function` logs nothing to
  // the console but still fires securitypolicyviolation, and Electron prints it as a warning).
  await page.addInitScript({
    content: `window.__violations = []
      document.addEventListener('securitypolicyviolation', (e) =>
        window.__violations.push(e.violatedDirective + ' ' + e.blockedURI + ' ' + e.sourceFile + ':' + e.lineNumber))`
  })
  await page.addInitScript({
    content: `{
      const bridge = { on: () => () => {} }
      for (const name of ${JSON.stringify(channelNames)}) bridge[name] = (input) => window.__talentDeskCall(name, input)
      window.talentDesk = bridge
    }`
  })
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`)
})

const violations = () => page.evaluate(() => (window as unknown as { __violations: string[] }).__violations)

afterAll(async () => {
  await browser?.close()
  server?.close()
  await services?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('the renderer under the Electron shell CSP', () => {
  it('starts, styled, without a single CSP violation', async () => {
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
    expect(background).not.toBe('rgba(0, 0, 0, 0)')
    expect(pageConsole.filter((line) => /Content Security Policy|pageerror/.test(line))).toEqual([])
    // none either from zod's `new Function` probe (zod is set jitless before any schema exists)
    expect(await violations()).toEqual([])
  })

  it('draws the Usage chart (chart.js, loaded with the section) without a CSP violation', async () => {
    await page.keyboard.press('6')
    // no sandbox in this build: the service's records cannot load, the ledger (empty) still draws
    await page.getByTestId('transactions-error').waitFor()
    await page.getByTestId('usage-chart').locator('canvas').waitFor()
    expect(await page.getByTestId('usage-chart-summary').textContent()).toMatch(
      /^From this app’s own calls .*No calls and no credits used/
    )
    expect(pageConsole.filter((line) => /Content Security Policy|pageerror/.test(line))).toEqual([])
    expect(await violations()).toEqual([])
  })

  it('opens Tools (its own chunk, the schema form and JSON tree) without a CSP violation', async () => {
    await page.keyboard.press('7')
    // no sandbox in this build: the tool server cannot be reached, and the screen says so
    const error = page.getByTestId('tools-error')
    await error.waitFor()
    expect(await error.textContent()).toContain('not part of this build')
    expect(pageConsole.filter((line) => /Content Security Policy|pageerror/.test(line))).toEqual([])
    expect(await violations()).toEqual([])
  })

  it('blocks eval, inline scripts and every network call from the page', async () => {
    await page.evaluate(`
      setTimeout('window.__evalRan = true', 0)
      const script = document.createElement('script')
      script.textContent = 'window.__inlineRan = true'
      document.body.append(script)
    `)
    const fetched = await page.evaluate(() =>
      fetch('/index.html').then(
        () => 'loaded',
        () => 'blocked'
      )
    )
    await page.waitForTimeout(100)
    expect(await page.evaluate('[window.__evalRan === true, window.__inlineRan === true]')).toEqual([false, false])
    expect(fetched).toBe('blocked')
    expect(pageConsole.join('\n')).toMatch(/unsafe-eval/)
    expect(pageConsole.join('\n')).toMatch(/connect-src 'none'/)
    // …and the listener above does see violations
    expect(await violations()).toEqual(
      expect.arrayContaining([expect.stringMatching(/^script-src-elem inline/), expect.stringMatching(/^connect-src /)])
    )
  })

  it('shows the shell’s failure page styled and violation-free, and its Reload brings the app back', async () => {
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    await page.goto(`${base}${failurePagePath}?kind=gone&reason=crashed`)
    expect(await page.getByTestId('failure-message').textContent()).toBe(
      'Talent Desk’s window stopped: its page crashed. Your data is safe: everything was saved as you worked.'
    )
    const reload = page.getByRole('link', { name: 'Reload' })
    // its own stylesheet applies (a style the CSP refused would leave the link unstyled)
    expect(await reload.evaluate((link) => getComputedStyle(link).backgroundColor)).toBe('rgb(47, 111, 235)')
    expect(await reload.evaluate((link) => link === document.activeElement)).toBe(true)
    expect(await violations()).toEqual([])
    await reload.click()
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
    expect(new URL(page.url()).pathname).toBe('/index.html')
  })
})
