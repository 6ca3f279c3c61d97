import { execFileSync } from 'node:child_process'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import type { BrowserHost } from '../../../electron/host/server'
import { spawnSandboxFromSource } from '../../../electron/main/sandbox/spawn-from-source'
import { chromiumFlags, chromiumPath, root } from '../../e2e/support'
import { progress } from './figures'
import { silent } from './main'

export const rendererDir = join(root, 'out/renderer')
const manifestFile = join(rendererDir, '.vite/manifest.json')

function newest(dir: string): number {
  let latest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs)
  }
  return latest
}

/** Builds the app (`npx electron-vite build`) when out/renderer is missing or older than its sources. */
export function ensureBuilt(): void {
  const built = existsSync(manifestFile) ? statSync(manifestFile).mtimeMs : 0
  const sources = Math.max(newest(join(root, 'renderer')), newest(join(root, 'shared')))
  if (built > sources) return
  progress('building the renderer (npx electron-vite build)…')
  execFileSync('npx', ['electron-vite', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] })
}

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
export async function startBrowserApp(options: { sandboxProfiles: number }): Promise<BrowserApp> {
  ensureBuilt()
  if (!existsSync(chromiumPath)) throw new Error(`Chromium not found at ${chromiumPath}: apt-get install chromium`)
  const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-'))
  const host = await startBrowserHostApp({
    rendererDir,
    dataDir,
    appName: 'Talent Desk',
    appVersion: 'bench',
    logger: silent,
    versions: {},
    ...(options.sandboxProfiles === 0
      ? {}
      : { sandbox: { spawn: spawnSandboxFromSource, profiles: options.sandboxProfiles } })
  })
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags, headless: true })
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } })
  const page = await context.newPage()
  await page.goto(host.loginUrl)
  await page.waitForURL(host.url)
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
