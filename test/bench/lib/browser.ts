import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import type { BrowserHost } from '../../../electron/host/server'
import { chromiumFlags, chromiumPath, root } from '../../e2e/support'
import { built, ensureBuilt } from './build'

export { ensureBuilt }

export const rendererDir = join(root, 'out/renderer')

export interface BrowserApp {
  host: BrowserHost
  browser: Browser
  page: Page
  close(): Promise<void>
}

/**
 * The browser host with the app's own services (as test/e2e/support.ts starts it), and Debian's
 * Chromium logged in to it through the one-time link.
 */
export async function startBrowserApp(options: {
  sandboxProfiles: number
  /** Bulk match as fast as the sandbox answers (the import review bench fills a batch first). */
  fastImports?: boolean
}): Promise<BrowserApp> {
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium`)
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-'))
  // the bundled main process and its built workers (out/main/host.cjs), as the app loads them
  const { startBrowserHostApp, workers, createLogger } = built()
  // The sandbox answers before it has generated and indexed everyone: the benches measure it built.
  let markBuilt!: () => void
  const catalogBuilt = new Promise<void>((resolve) => (markBuilt = resolve))
  const logger = createLogger((record) => {
    if (record.event === 'sandbox.catalog') markBuilt()
  })
  const host = await startBrowserHostApp({
    rendererDir,
    dataDir,
    appName: 'Talent Desk',
    appVersion: 'bench',
    logger,
    versions: {},
    ...(options.sandboxProfiles === 0
      ? {}
      : { sandbox: { spawn: workers.sandbox, profiles: options.sandboxProfiles, buildDelayMs: 0 } }),
    ...(options.fastImports
      ? { importWorker: workers.imports, pace: { ceiling: 100_000 }, importMatching: { timing: { concurrency: 4 } } }
      : {})
  })
  if (options.sandboxProfiles !== 0) await catalogBuilt
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(host.loginUrl)
  // logged in once the app is up: the page takes the secret out of the address at once, before its
  // login has answered, so the address alone said so too early (a reload then found no session)
  await page.getByTestId('search-form').waitFor({ timeout: 120_000 })
  return {
    host,
    browser,
    page,
    async close() {
      await browser.close()
      await host.close()
      rmSync(dataDir, { recursive: true, force: true })
    }
  }
}
