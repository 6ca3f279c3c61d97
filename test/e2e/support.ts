import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { chromium, type Browser, type Locator, type Page } from 'playwright-core'
import type { LogRecord } from '../../electron/main/logging/logger'
import type { BrowserHost } from '../../electron/host/server'
import { builtHost } from './built-host'
import { ARRIVALS_DEFAULT } from '../../sandbox/server/arrivals'
import type { RefreshTiming } from '../../sandbox/server/refresh/refresh-jobs'
import type { ContactTiming } from '../../sandbox/server/contacts/contact-book'
import { BRIDGE_SESSION_HEADER, BRIDGE_SESSION_STORAGE_KEY } from '../../shared/ipc/bridge'

export const root = resolve(import.meta.dirname, '../..')
export const artifacts = join(root, 'test/e2e/artifacts')
export const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  productName: string
  version: string
}

/** Debian's Chromium; never a downloaded browser. Flags keep it off the (closed) network. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
export const chromiumFlags = [
  // Chromium's renderer sandbox needs user namespaces a CI container may not have
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
  '--disable-quic'
]

export interface E2eApp {
  readonly host: BrowserHost
  /** Stops the host and starts it again; `whileDown` runs between (another desk works meanwhile). */
  restartHost(whileDown?: () => Promise<void>): Promise<void>
  /** Opens the host's current one-time link in the page, as a user does, and waits for the app. */
  openLink(): Promise<void>
  /** A session of its own for the test's direct bridge calls (seeding, checks). */
  session: string
  browser: Browser
  page: Page
  logs: LogRecord[]
  dataDir: string
  close(): Promise<void>
}

export async function startApp(
  options: {
    colorScheme?: 'light' | 'dark'
    /** Bytes to put in the data folder's store file before the app starts (a damaged file, say). */
    seedStoreFile?: string | Uint8Array
    /** People in the built-in sandbox (a small one keeps the runs quick); 0 leaves it out. */
    sandboxProfiles?: number
    /**
     * How far ahead of real time the app and its sandbox live (read at each start): a test moves
     * it and restarts the host to open the app "a week later".
     */
    clockShiftMs?: () => number
    /** The built-in sandbox's index grows as the app's does (sandbox/server/arrivals.ts). */
    arrivals?: boolean
    /** How long the built-in sandbox's refresh jobs take (its default: 250 ms queued, 120 ms a handle). */
    refreshTiming?: Partial<RefreshTiming>
    /** How long its contact lookups take (its default: in progress after 0.5 s, done after 3 s). */
    contactTiming?: Partial<ContactTiming>
  } = {}
): Promise<E2eApp> {
  const rendererDir = join(root, 'out/renderer')
  if (!existsSync(join(rendererDir, 'index.html'))) {
    throw new Error('The renderer is not built: run `npx electron-vite build` (npm run test:e2e does).')
  }
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium`)
  mkdirSync(artifacts, { recursive: true })
  const dataDir = mkdtempSync(join(tmpdir(), 'td-e2e-'))
  if (options.seedStoreFile !== undefined) writeFileSync(join(dataDir, 'talent-desk.sqlite'), options.seedStoreFile)
  // the bundled main process and its built workers, as the desktop app loads them
  const { startBrowserHostApp, createLogger, workers } = builtHost()
  const logs: LogRecord[] = []
  const logger = createLogger((record) => logs.push(record))
  const shift = options.clockShiftMs
  const start = (port?: number) =>
    startBrowserHostApp({
      ...(port === undefined ? {} : { port }),
      rendererDir,
      dataDir,
      appName: pkg.productName,
      appVersion: pkg.version,
      logger,
      versions: { node: process.versions.node },
      // as `npm run web` does: a restored backup is read in its worker thread
      backupWorker: workers.backup,
      // and the data file is rebuilt in its worker thread after a forget
      compactWorker: workers.compact,
      ...(shift === undefined ? {} : { clock: { now: () => new Date(Date.now() + shift()) } }),
      ...(options.sandboxProfiles === 0
        ? {}
        : {
            sandbox: {
              spawn: workers.sandbox,
              profiles: options.sandboxProfiles ?? 2000,
              // the people tests pick are all there from the start, unless a test watches arrivals
              arrivals: options.arrivals === true ? ARRIVALS_DEFAULT : { share: 0, spreadDays: 0 },
              ...(options.refreshTiming === undefined ? {} : { refreshTiming: options.refreshTiming }),
              ...(options.contactTiming === undefined ? {} : { contactTiming: options.contactTiming }),
              ...(shift === undefined ? {} : { clockOffsetMs: shift() })
            }
          })
    })
  let host = await start()
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    colorScheme: options.colorScheme ?? 'light'
  })
  const page = await context.newPage()
  const pageErrors: string[] = []
  page.on('pageerror', (error) => pageErrors.push(error.message))
  // Uncaught errors and console errors fail the run; refused requests that a test provokes
  // on purpose (401, 403) show up as resource errors and are checked by the tests themselves.
  // After a host restart the page's open requests (its event stream) are cut or refused while the
  // host is down: that is what a restart is, not a page error.
  let restarted = false
  page.on('console', (message) => {
    if (message.type() !== 'error' || /status of 40[13]/.test(message.text())) return
    if (restarted && /net::ERR_(CONNECTION_RESET|CONNECTION_REFUSED|EMPTY_RESPONSE)/.test(message.text())) return
    pageErrors.push(message.text())
  })
  // As a user does: the one-time link printed in the terminal logs this browser in.
  const openLink = async () => {
    // a full load (not a same-document fragment change), then the app logs in and cleans the address
    await page.goto('about:blank')
    await page.goto(host.loginUrl)
    await page.waitForURL(host.url)
    await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  }
  await page.goto(host.loginUrl)
  await page.waitForURL(host.url)
  // The address is cleaned before the login answers; a test that reloads at once would reload
  // a page that never logged in. The session kept in this browser is the login's end.
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, BRIDGE_SESSION_STORAGE_KEY)
  // A section's key pressed before the app's shell is there would go nowhere: wait for its sections.
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  return {
    get host() {
      return host
    },
    /** Stops the host and starts a new one on the same port and data folder (new link, no sessions). */
    async restartHost(whileDown?: () => Promise<void>) {
      const port = Number(new URL(host.origin).port)
      restarted = true
      await host.close()
      await whileDown?.()
      host = await start(port)
    },
    openLink,
    get session() {
      return host.newSession()
    },
    browser,
    page,
    logs,
    dataDir,
    async close() {
      await browser.close()
      await host.close()
      if (pageErrors.length > 0) throw new Error(`The page reported errors:\n${pageErrors.join('\n')}`)
      // A request the host failed to answer (a download cut short, say) is an error a user never sees.
      const failed = logs.filter((record) => record.event === 'host.request_failed')
      if (failed.length > 0) throw new Error(`The host failed requests:\n${JSON.stringify(failed, null, 2)}`)
    }
  }
}

export const shot = (page: Page, name: string) =>
  page.screenshot({ path: join(artifacts, `${name}.png`), fullPage: true })

/**
 * Screenshots for an issue's note: at 1024 and 1440 wide, light and dark (`name-1024-light`…);
 * then back to 1280 wide in the scheme the test runs in.
 */
export async function shotsAtWidths(page: Page, name: string, scheme: 'light' | 'dark'): Promise<void> {
  for (const width of [1024, 1440]) {
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 800 })
      await page.emulateMedia({ colorScheme })
      // the buttons' colours ease over 100 ms: shoot once they have, not halfway between schemes
      await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished)))
      await shot(page, `${name}-${width}-${colorScheme}`)
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.emulateMedia({ colorScheme: scheme })
}

/** A direct bridge call in the app's own session (a test's check, never what the page does). */
export async function bridge<T>(app: E2eApp, channel: string, input: unknown): Promise<T> {
  const response = await fetch(`${app.host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: app.session },
    body: JSON.stringify(input)
  })
  const reply = (await response.json()) as { ok: boolean; data: T; error?: unknown }
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
  return reply.data
}

/** Settings at one of its pages, chosen in its page list (Settings is open already). */
export async function settingsPage(page: Page, id: string): Promise<void> {
  await page.getByTestId('settings-pages').locator(`button[data-page="${id}"]`).click()
  await page.locator(`[data-testid="settings-page"][data-page="${id}"]`).waitFor()
}

/**
 * A contact quote with everyone in it. The Sandbox gives some people the service's own ATS match
 * (`ats_data.is_matched`), and a quote leaves people already in your ATS out by default (issue #36
 * item 5, tested in known-people-quote.e2e.ts); a test about buying includes them, so the count it
 * expects does not hang on which of its people those are.
 */
export async function quoteEveryone(dialog: Locator): Promise<void> {
  await dialog.getByTestId('contacts-quote-text').waitFor()
  const include = dialog.getByTestId('contacts-include-known')
  if ((await include.count()) === 0) return
  await include.click()
  await include.waitFor({ state: 'detached' })
}

/**
 * Adds a Partner API connection in Settings → Connections, as a recruiter does, with its key (kept
 * for this session only where there is no keychain), and makes it the active one.
 */
export async function addActiveConnection(page: Page, name: string, baseUrl: string, apiKey: string): Promise<void> {
  await page.getByRole('navigation').getByText('Settings').click()
  await page.getByTestId('connection-add').click()
  const form = page.getByTestId('connection-form')
  await form.getByLabel('Name').fill(name)
  await form.getByLabel('Base URL').fill(baseUrl)
  await form.getByTestId('connection-save').click()
  await page.getByTestId('secret-input-apiKey').fill(apiKey)
  await page.getByTestId('secret-input-apiKey').press('Enter')
  const sessionOnly = page.getByTestId('secret-session-only')
  await page.getByTestId('secret-status-apiKey').or(sessionOnly).waitFor()
  if (await sessionOnly.isVisible()) await sessionOnly.click()
  await page.getByTestId('connection-activate').click()
}
