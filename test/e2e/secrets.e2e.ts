import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { once } from 'node:events'
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type BrowserContext, type Page } from 'playwright-core'
import { request } from 'undici'
import { afterAll, describe, expect, it } from 'vitest'
import { buildCatalog, startSandbox, systemClock, type RunningSandbox } from '../../sandbox/index'
import { refreshHandleOf } from '../../shared/api'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { needlesFor, scan, scanFolder, type Hit, type Needle, type Secret } from './secret-scan'
import { chromiumFlags, chromiumPath, root } from './support'

/*
 * Issue 11, item 5: an end-to-end run with known secrets — the API key, the client secret, a
 * wrong client secret typed by mistake, and every access token the tool server's token endpoint
 * issued — then a scan of everything the run left behind or showed: the SQLite files (and the
 * sandboxes' state files), the support log, the host's stdout and stderr and its diagnostic
 * report (what a crash writes), the exported CSV and the JSON backup, the renderer's DOM and
 * fields, its storage (local, session, IndexedDB, cookies, and Chromium's whole profile folder),
 * its console, and every bridge request, response and pushed event. None may hold a secret —
 * except the one setSecret request that carries each value typed into Settings to the main
 * process, which is checked to do so (the scanner's positive control).
 *
 * The app runs as `npm run web` runs it (out/main/host.cjs, the build, in its own process, with the real
 * masked file log); the service is a sandbox in this process with the known credentials, behind
 * a recording proxy for its token endpoint, which is how the access tokens become known.
 */

const hex = (bytes: number) => randomBytes(bytes).toString('hex')
const API_KEY = `tdk-e2e-apikey-${hex(12)}`
const CLIENT_SECRET = `tdk-e2e-clientsecret-${hex(16)}`
const WRONG_SECRET = `tdk-e2e-wrongsecret-${hex(16)}`
const CLIENT_ID = 'tdk-e2e-client'

const cleanup: string[] = []
const folder = (prefix: string) => {
  const dir = mkdtempSync(join(tmpdir(), prefix))
  cleanup.push(dir)
  return dir
}
let host: ChildProcess | undefined
let context: BrowserContext | undefined
let sandbox: RunningSandbox | undefined
let proxy: Server | undefined
afterAll(async () => {
  await context?.close().catch(() => undefined)
  if (host && host.exitCode === null) host.kill('SIGKILL')
  await sandbox?.close()
  proxy?.close()
  for (const dir of cleanup) rmSync(dir, { recursive: true, force: true })
})

/** The token endpoint, passed through; every access token it issues is noted. */
async function startTokenProxy(target: string, tokens: string[]): Promise<string> {
  proxy = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      void request(`${target}${req.url ?? '/'}`, {
        method: (req.method ?? 'POST') as 'POST',
        headers: { 'content-type': req.headers['content-type'] ?? 'application/x-www-form-urlencoded' },
        body: Buffer.concat(chunks)
      }).then(async (upstream) => {
        const text = await upstream.body.text()
        try {
          const token = (JSON.parse(text) as { access_token?: unknown }).access_token
          if (typeof token === 'string') tokens.push(token)
        } catch {
          // an error page: no token in it
        }
        res.writeHead(upstream.statusCode, {
          'content-type': String(upstream.headers['content-type'] ?? 'application/json'),
          'cache-control': 'no-store'
        })
        res.end(text)
      })
    })
  })
  proxy.listen(0, '127.0.0.1')
  await once(proxy, 'listening')
  return `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
}

/** `npm run web` in its own process, with Node's diagnostic report on SIGUSR2. */
async function startHost(dataDir: string, reportDir: string) {
  const output = { stdout: '', stderr: '' }
  host = spawn(
    process.execPath,
    [
      '--report-on-signal',
      '--report-uncaught-exception',
      `--report-directory=${reportDir}`,
      'out/main/host.cjs',
      '--port',
      '0',
      '--data-dir',
      dataDir
    ],
    { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] }
  )
  host.stderr!.on('data', (chunk: Buffer) => (output.stderr += chunk.toString('utf8')))
  host.stdout!.on('data', (chunk: Buffer) => (output.stdout += chunk.toString('utf8')))
  const link = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no address printed; stderr: ${output.stderr}`)), 30_000)
    const look = () => {
      const found = /it works once\): (http:\/\/127\.0\.0\.1:\d+\/#login=[A-Za-z0-9_-]+)/.exec(output.stdout)
      if (!found) return
      clearTimeout(timer)
      resolve(found[1]!)
    }
    host!.stdout!.on('data', look)
  })
  return { link, output }
}

describe('secrets, end to end', () => {
  it(
    'a run with known secret values leaves them nowhere: files, logs, exports, the page, its storage, console and bridge, crash output',
    { timeout: 120_000 },
    async () => {
      const tokens: string[] = []
      const catalog = buildCatalog(400, 7)
      const remoteState = join(folder('td-secrets-remote-'), 'sandbox-state.json')
      sandbox = await startSandbox({
        seed: 7,
        catalog,
        faults: '',
        clock: systemClock,
        credentials: { apiKey: API_KEY, clientId: CLIENT_ID, clientSecret: CLIENT_SECRET },
        contactTiming: { startAfterMs: 100, completeAfterMs: 300, failureShare: 0 },
        refreshTiming: { queueMs: 100, perHandleMs: 40 },
        stateFile: remoteState
      })
      const authUrl = await startTokenProxy(sandbox.authUrl, tokens)

      const dataDir = folder('td-secrets-data-')
      const reportDir = folder('td-secrets-report-')
      const profileDir = folder('td-secrets-chromium-')
      const downloadsDir = folder('td-secrets-downloads-')
      const { link, output } = await startHost(dataDir, reportDir)
      const origin = new URL(link).origin

      // Chromium with a profile folder of its own, scanned whole afterwards.
      context = await chromium.launchPersistentContext(profileDir, {
        executablePath: chromiumPath,
        args: chromiumFlags,
        headless: true,
        viewport: { width: 1280, height: 800 },
        acceptDownloads: true
      })
      const page: Page = context.pages()[0] ?? (await context.newPage())
      const consoleLines: string[] = []
      page.on('console', (message) => consoleLines.push(`${message.type()}: ${message.text()}`))
      page.on('pageerror', (error) => consoleLines.push(`pageerror: ${error.stack ?? error.message}`))
      // Bridge traffic as the network saw it; pushed events from inside the page (a stream).
      const bridgeRequests: Array<{ channel: string; body: string }> = []
      const bridgeResponses: Array<{ channel: string; body: string }> = []
      const pending: Array<Promise<void>> = []
      page.on('request', (req) => {
        const url = new URL(req.url())
        if (url.origin === origin) bridgeRequests.push({ channel: url.pathname, body: req.postData() ?? '' })
      })
      page.on('response', (res) => {
        const url = new URL(res.url())
        if (url.origin !== origin || url.pathname === '/bridge/events') return
        pending.push(
          res.body().then(
            (body) => void bridgeResponses.push({ channel: url.pathname, body: body.toString('latin1') }),
            () => undefined
          )
        )
      })
      await page.addInitScript(() => {
        const real = window.fetch.bind(window)
        const events: string[] = []
        ;(window as unknown as { __bridgeEvents: string[] }).__bridgeEvents = events
        window.fetch = async (input, init) => {
          const response = await real(input, init)
          const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url
          if (!url.includes('/bridge/events') || response.body === null) return response
          const [mine, theirs] = response.body.tee()
          void (async () => {
            const reader = theirs.pipeThrough(new TextDecoderStream()).getReader()
            for (;;) {
              const { value, done } = await reader.read()
              if (done) break
              events.push(value)
            }
          })().catch(() => undefined)
          return new Response(mine, {
            status: response.status,
            statusText: response.statusText,
            headers: response.headers
          })
        }
      })
      const doms: Array<{ step: string; html: string }> = []
      const snapshot = async (step: string) => {
        const html = await page.evaluate(() => document.documentElement.outerHTML)
        // what fields hold (a password field's value is not in the markup)
        const values = await page.evaluate(() =>
          [...document.querySelectorAll('input, textarea, select')].map((field) => (field as HTMLInputElement).value)
        )
        doms.push({ step, html: `${html}\n${values.join('\n')}` })
      }
      // Channels no screen calls yet go through the same bridge, from the page, with its session.
      let bridgeSession = ''
      page.on('request', (req) => {
        bridgeSession ||= req.headers()[BRIDGE_SESSION_HEADER] ?? ''
      })
      const bridge = (channel: string, input: unknown) =>
        page.evaluate(
          async ([name, arg, header, token]) => {
            const response = await fetch(`/bridge/${name}`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', [header]: token },
              body: JSON.stringify(arg)
            })
            return (await response.json()) as {
              ok: boolean
              error?: { code: string; message: string; details?: { quote?: { quoteId?: string } } }
            }
          },
          [channel, input, BRIDGE_SESSION_HEADER, bridgeSession] as const
        )
      // A tool on a server other than the built-in Sandbox asks first (a quote to confirm) unless it
      // only reads; as the Tools screen's dialog does, the call is made again with the confirmed quote.
      const callConfirmed = async (input: { name: string; arguments: unknown; requestId: string }) => {
        const asked = await bridge('callTool', input)
        if (asked.error?.code !== 'conflict') return asked
        const quoteId = asked.error.details?.quote?.quoteId
        expect(quoteId, JSON.stringify(asked)).toBeTypeOf('string')
        return bridge('callTool', { ...input, requestId: `${input.requestId}c`, quoteId })
      }

      await page.goto(link)
      await page.waitForURL(`${origin}/`)
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()

      // Settings: a connection to the service, its API key and client secret typed in.
      await page.keyboard.press('8')
      await page.getByTestId('connections-list').waitFor()
      await page.getByTestId('connection-add').click()
      const form = page.getByTestId('connection-form')
      await form.getByLabel('Name').fill('Secret service')
      await form.getByLabel('Base URL').fill(sandbox.baseUrl)
      await form.getByLabel(/^Auth URL/).fill(authUrl)
      await form.getByLabel(/^MCP URL/).fill(sandbox.mcpUrl)
      await form.getByLabel('Client id').fill(CLIENT_ID)
      await form.getByTestId('connection-save').click()
      const enterSecret = async (kind: 'apiKey' | 'clientSecret', value: string) => {
        const input = page.getByTestId(`secret-input-${kind}`)
        await input.fill(value)
        await input.press('Enter')
        const status = page.getByTestId(`secret-status-${kind}`)
        // Without a keychain (CI runs the browser tests outside the keyring session) the page
        // offers to keep the value for this session only.
        const sessionOnly = page.getByTestId('secret-session-only')
        await status.or(sessionOnly).waitFor()
        if (await sessionOnly.isVisible()) await sessionOnly.click()
        await expect.poll(() => status.textContent()).toContain(`ending ${value.slice(-4)}`)
      }
      await enterSecret('apiKey', API_KEY)
      await enterSecret('clientSecret', CLIENT_SECRET)
      await snapshot('settings, secrets saved')
      // the connection test exchanges the client secret for a token and lists the tools with it
      await page.getByTestId('connection-test').click()
      await expect
        .poll(() => page.getByTestId('connection-test-result').textContent())
        .toMatch(/Accepted\..*Issued for mcp:tools\./s)
      await snapshot('settings, connection tested')
      await page.getByTestId('connection-activate').click()
      await expect.poll(() => page.getByTestId('active-connection').textContent()).toContain('Secret service')

      // Search, buy a person's email, keep them on a shortlist.
      const person = catalog
        .search({}, { limit: 200, offset: 0 })
        .results.find(
          (p) =>
            p.full_name &&
            p.cur_company &&
            refreshHandleOf(p as Record<string, unknown>) &&
            catalog.search({}, { limit: 400, offset: 0 }).results.filter((q) => q.full_name === p.full_name).length ===
              1
        )!
      await page.keyboard.press('1')
      await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
      await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
      await page.getByLabel('Company', { exact: true }).press('Enter')
      const results = page.getByTestId('results-list')
      await results.getByRole('option').first().waitFor()
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
      await page.keyboard.press('Home')
      await page.keyboard.press('c')
      const buy = page.getByTestId('buy-contacts')
      await buy.getByTestId('contacts-quote').click()
      await buy.getByTestId('contacts-confirm').click()
      await buy.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
      await buy.getByRole('button', { name: 'Done' }).click()
      await page.keyboard.press('Space')
      await page.keyboard.press('s')
      const add = page.getByRole('dialog', { name: /to a shortlist/ })
      await add.getByRole('radio', { name: 'New shortlist' }).check()
      await add.getByLabel('New shortlist name').fill('Secrets list')
      await add.getByLabel('New shortlist name').press('Enter')
      await page.getByText('Added 1 to “Secrets list”.').waitFor()
      await snapshot('search, bought and shortlisted')

      // A refresh job for their handle and one more, followed to its end.
      const handles = catalog
        .search({}, { limit: 5, offset: 300 })
        .results.map((p) => refreshHandleOf(p as Record<string, unknown>))
        .filter((h): h is string => h !== null)
        .slice(0, 2)
      await page.keyboard.press('4')
      await page.getByLabel('Pasted handles').check()
      await page
        .getByTestId('refresh-handles')
        .fill([refreshHandleOf(person as Record<string, unknown>), ...handles].join('\n'))
      await page.getByTestId('start-refresh-button').click()
      await expect
        .poll(() => page.getByTestId('job-page').getByTestId('job-status').textContent(), { timeout: 30_000 })
        .toBe('Completed')
      await snapshot('refresh, completed')

      // The tool server (no screen calls it yet: through the bridge), and a chat turn.
      const called = await callConfirmed({
        name: 'search',
        arguments: { query: 'nurses in Texas', limit: 2 },
        requestId: 'secrets-tool-000001'
      })
      expect(called.ok).toBe(true)
      const credits = await callConfirmed({
        name: 'contacts',
        arguments: { action: 'credits' },
        requestId: 'secrets-tool-000002'
      })
      expect(credits.ok).toBe(true)
      expect((await bridge('sendChat', { text: 'engineers in Berlin', requestId: 'secrets-chat-00001' })).ok).toBe(true)

      // Usage: the service's call log and the app's own, shown.
      await page.keyboard.press('6')
      await page.getByTestId('transactions-table').waitFor({ timeout: 30_000 })
      await page.getByTestId('transaction-row').first().click()
      await page.getByTestId('transaction-detail').getByTestId('transaction-request').waitFor()
      await snapshot('usage, a service transaction open')
      const [usageCsv] = await Promise.all([page.waitForEvent('download'), page.getByTestId('usage-export').click()])
      const usageFile = join(downloadsDir, 'usage.csv')
      await usageCsv.saveAs(usageFile)
      await page.keyboard.press('Escape')
      await page.getByTestId('usage-tab-calls').click()
      await page.getByTestId('calls-table').waitFor()
      await page.getByTestId('usage-tab-ledger').click()
      await page.getByTestId('ledger-table').waitFor()
      await snapshot('usage, calls and ledger')

      // The shortlist to CSV (with contacts), and a backup of every shortlist (JSON).
      await page.keyboard.press('5')
      await page.getByRole('option', { name: /Secrets list/ }).click()
      await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('1 person')
      await page.getByRole('button', { name: 'Export…' }).click()
      const exportDialog = page.getByRole('dialog', { name: /Export .* to CSV/ })
      await exportDialog.getByRole('radio', { name: /Contact/ }).check()
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        exportDialog.getByRole('button', { name: 'Export', exact: true }).click()
      ])
      const csvFile = join(downloadsDir, 'export.csv')
      await csv.saveAs(csvFile)
      await exportDialog.getByTestId('export-done').waitFor()
      await exportDialog.getByRole('button', { name: 'Close' }).last().click()
      const [backup] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Back up…' }).click()
      ])
      const backupFile = join(downloadsDir, 'backup.json')
      await backup.saveAs(backupFile)
      expect(readFileSync(csvFile, 'utf8')).toContain(person.full_name!)
      expect(JSON.parse(readFileSync(backupFile, 'utf8'))).toMatchObject({ format: 'talent-desk/shortlists-backup' })
      await snapshot('shortlists, exported')

      // A wrong client secret typed by mistake: the failed exchange and its messages hold it nowhere.
      await page.keyboard.press('8')
      await page
        .getByTestId('connections-list')
        .getByRole('button', { name: /^Secret service/ })
        .click()
      await page.getByTestId('secret-clientSecret').getByRole('button', { name: 'Replace…' }).click()
      await enterSecret('clientSecret', WRONG_SECRET)
      await page.getByTestId('connection-test').click()
      await expect
        .poll(() => page.getByTestId('connection-test-result').textContent())
        .toMatch(/did not accept the client id or client secret/)
      const refused = await callConfirmed({
        name: 'search',
        arguments: { query: 'nurses', limit: 1 },
        requestId: 'secrets-tool-000003'
      })
      expect(refused).toMatchObject({ ok: false, error: { code: 'unauthorized' } })
      await snapshot('settings, wrong secret refused')

      // What the page keeps: storage of every kind.
      const storage = await page.evaluate(async () => {
        const dump = (store: Storage) =>
          Object.fromEntries(
            Array.from({ length: store.length }, (_, i) => store.key(i)!).map((k) => [k, store.getItem(k)])
          )
        const databases = (await indexedDB.databases?.()) ?? []
        const caches = 'caches' in window ? await window.caches.keys() : []
        return JSON.stringify({
          localStorage: dump(localStorage),
          sessionStorage: dump(sessionStorage),
          indexedDB: databases.map((d) => d.name),
          caches,
          cookie: document.cookie
        })
      })
      const cookies = JSON.stringify(await context.cookies())
      const events = await page.evaluate(() =>
        (window as unknown as { __bridgeEvents: string[] }).__bridgeEvents.join('')
      )
      await Promise.all(pending)

      // The data folder while the app runs (the store's write-ahead log included).
      const secrets: Secret[] = [
        { name: 'API key', value: API_KEY, random: API_KEY.split('-').at(-1)! },
        { name: 'client secret', value: CLIENT_SECRET, random: CLIENT_SECRET.split('-').at(-1)! },
        { name: 'wrong client secret', value: WRONG_SECRET, random: WRONG_SECRET.split('-').at(-1)! },
        ...[...new Set(tokens)].map((token, i) => ({
          name: `access token ${i + 1}`,
          value: token,
          random: token.slice(7)
        }))
      ]
      expect(tokens.length).toBeGreaterThan(0)
      const needles: Needle[] = secrets.flatMap(needlesFor)
      const places: Array<{ place: string; files?: string[]; bytes: number }> = []
      const hits: Hit[] = []
      const check = (place: string, data: string | Buffer) => {
        places.push({ place, bytes: Buffer.byteLength(data) })
        hits.push(...scan(place, data, needles))
      }
      const checkFolder = (label: string, dir: string) => {
        const result = scanFolder(label, dir, needles)
        places.push({ place: label, files: result.names, bytes: result.bytes })
        hits.push(...result.hits)
      }
      checkFolder('data folder (running)', dataDir)

      // Crash output: Node's diagnostic report, as a fatal error or an uncaught exception writes it.
      process.kill(host!.pid!, 'SIGUSR2')
      await expect.poll(() => readdirSync(reportDir).filter((f) => f.endsWith('.json')).length).toBe(1)

      // Everything stops: Chromium (its profile written out), the app, the service (its state saved).
      await context.close()
      context = undefined
      const exited = once(host!, 'exit')
      host!.kill('SIGTERM')
      expect((await exited)[0]).toBe(0)
      await sandbox.close()
      sandbox = undefined

      // The scanner's positive control: the values were really there to be found — in the
      // setSecret requests that carry them to main (twice each without a keychain: refused, then
      // kept for the session).
      const carried = bridgeRequests
        .filter((r) => r.channel === '/bridge/setSecret')
        .map((r) => [...new Set(scan('setSecret', r.body, needles).map((h) => h.secret))].join(', '))
      expect(carried.filter((secret, i) => secret !== carried[i - 1])).toEqual([
        'API key',
        'client secret',
        'wrong client secret'
      ])

      // The scan.
      for (const { step, html } of doms) check(`DOM: ${step}`, html)
      check('storage (local, session, IndexedDB, Cache Storage, document.cookie)', storage)
      check('cookies', cookies)
      checkFolder('Chromium profile', profileDir)
      check('console', consoleLines.join('\n'))
      check(
        'bridge requests (except the setSecret requests that carry the values)',
        bridgeRequests
          .filter((r) => r.channel !== '/bridge/setSecret')
          .map((r) => `${r.channel} ${r.body}`)
          .join('\n')
      )
      check('bridge responses', bridgeResponses.map((r) => `${r.channel} ${r.body}`).join('\n'))
      check('bridge events (pushed)', events)
      checkFolder('data folder (stopped: store, logs, built-in sandbox state)', dataDir)
      expect(readdirSync(join(dataDir, 'logs')).some((f) => f.endsWith('.log'))).toBe(true)
      expect(existsSync(join(dataDir, 'talent-desk.sqlite'))).toBe(true)
      checkFolder('remote sandbox state', join(remoteState, '..'))
      check('exported CSV (shortlist, Contact preset)', readFileSync(csvFile))
      check('exported CSV (service transactions)', readFileSync(usageFile))
      check('backup JSON', readFileSync(backupFile))
      check('host stdout', output.stdout)
      check('host stderr', output.stderr)
      checkFolder('diagnostic report', reportDir)

      console.log(
        `secrets scan: ${secrets.length} secrets (${secrets.map((s) => s.name).join(', ')}), ${needles.length} needles, ${bridgeRequests.length} bridge requests, ${bridgeResponses.length} responses\n` +
          places
            .map((p) => {
              const files =
                p.files === undefined
                  ? ''
                  : p.files.length > 8
                    ? `${p.files.length} files, `
                    : `${p.files.join(', ')}; `
              return `  ${p.place}: ${files}${p.bytes} bytes`
            })
            .join('\n')
      )
      expect(hits).toEqual([])
    }
  )
})
