import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contractStepOrder } from '../../scripts/build/contract-steps'
import { root, startApp, type E2eApp } from './support'

/*
 * A new user's first screen comes in one round of requests (issue #36 item 12): index.html
 * preloads the Search screen, the HTTP bridge, the contract's client and everything they import,
 * so no chunk the first screen needs is found only once another has arrived and run (three more
 * rounds before: the bridge's code after the login, the Search screen's ~25 chunks after the frame).
 */

interface ManifestChunk {
  file: string
  imports?: string[]
}
const manifest = JSON.parse(readFileSync(join(root, 'out/renderer/.vite/manifest.json'), 'utf8')) as Record<
  string,
  ManifestChunk
>
/**
 * The chunk files a module needs: its own and every one it imports, transitively (none for a
 * module without a chunk of its own: it is in the entry's).
 */
function needs(source: string): string[] {
  const seen = new Set<string>()
  const visit = (key: string) => {
    if (seen.has(key) || manifest[key] === undefined) return
    seen.add(key)
    for (const imported of manifest[key].imports ?? []) visit(imported)
  }
  visit(source)
  return [...seen].map((key) => `/${manifest[key]!.file}`)
}
const searchScreen = needs('src/sections/search/SearchScreen.svelte')
const firstScreen = [
  ...searchScreen,
  ...['src/bridge/http-bridge.ts', 'src/lib/client.ts', 'src/app/App.svelte'].flatMap(needs)
]

let app: E2eApp
beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 200 })
})
afterAll(async () => {
  await app?.close()
})

describe('the first screen in one round', () => {
  it('index.html preloads every chunk of the Search screen, the bridge and the client, and the page has fetched them all when its form is there', async () => {
    expect(searchScreen.length).toBeGreaterThan(0)
    const html = await (await fetch(app.host.url)).text()
    const preloaded = new Set(
      [
        ...html.matchAll(
          /<(?:link rel="modulepreload"|script type="module")[^>]* (?:href|src)="\.(\/assets\/[^"]+\.js)"/g
        )
      ].map((found) => found[1]!)
    )
    expect(firstScreen.filter((file) => !preloaded.has(file))).toEqual([])

    // a new browser context opening a new link, as a new user does
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      const page = await context.newPage()
      const scripts: string[] = []
      page.on('request', (request) => {
        if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname)
      })
      await page.goto(app.host.newLoginUrl())
      await page.getByTestId('search-form').waitFor()
      const beforeForm = [...scripts]
      expect(firstScreen.filter((file) => !beforeForm.includes(file))).toEqual([])
      // in few files: the browser asks the host six at a time (HTTP/1.1), and the page's login
      // waits behind them (68 scripts until the shell's code and the contract's steps were grouped;
      // 32, and one more since the formats' worker, lib/intl-warm.worker.ts). The contract's steps
      // are one per area since 2026-11-29 (app/contract-steps.ts): a file of ~100 bytes each, 26
      // instead of 8; side by side with the build before, the first row came 0–4 % later (within
      // the runs' spread) and the contract's longest step went from 12–29 ms of CPU to under 10.
      // Each area is one file, no more: the chunks besides them stay at 25.
      const areas = contractStepOrder(join(root, 'shared/ipc/channels')).length
      expect(new Set(beforeForm).size).toBeLessThanOrEqual(25 + areas)
    } finally {
      await context.close()
    }
  })
})

describe("the first screen's tasks (issue #36 item 12: the page's longest task before the first row)", () => {
  it("has a worker make the number and date formats before the app's frame is mounted, so that the page's own first format is cheap", async () => {
    // The page's first Intl object cost ~20–60 ms of its main thread (the browser's list of
    // locales, built once per renderer process): made first in the Search screen's mount, then in
    // a task of its own, it was the page's longest task before the first row. A worker of the same
    // renderer process builds that list now (renderer/src/lib/intl-warm.worker.ts); the app is
    // mounted once it has said so.
    const context = await app.browser.newContext({ viewport: { width: 1280, height: 800 } })
    try {
      await context.addInitScript(`{
        const Made = Worker
        window.__formatsWorker = null
        window.Worker = new Proxy(Made, {
          construct(target, args, newTarget) {
            const worker = Reflect.construct(target, args, newTarget)
            if (String(args[0]).includes('intl-warm')) {
              const seen = (window.__formatsWorker = { said: null })
              worker.addEventListener('message', (event) => {
                seen.said = { message: event.data, appMounted: document.getElementById('app')?.childElementCount > 0 }
              })
            }
            return worker
          }
        })
      }`)
      const page = await context.newPage()
      await page.goto(app.host.newLoginUrl())
      await page.getByTestId('search-form').waitFor()
      expect(await page.getByTestId('saved-searches').locator('summary').textContent()).toBe('Saved searches (0)')
      // (a string evaluated over CDP: the page's CSP refuses eval)
      expect(await page.evaluate('window.__formatsWorker')).toEqual({ said: { message: 'warm', appMounted: false } })
    } finally {
      await context.close()
    }
  })
})
