import { readFileSync, writeFileSync, mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../sandbox/data/generate'
import { arrivalOffsetMs } from '../../sandbox/server/arrivals'
import type { TalentDeskBridge } from '../../shared/ipc/bridge'
import { channelNames, ipcChannel } from '../../shared/ipc/contract'
import { contentSecurityPolicy } from '../../electron/main/window/hardening'
import { startStandin, type StandinApp } from '../electron-standin/harness'
import { artifacts, shot } from './support'

/*
 * The desktop app as it ships, as far as this machine can run it: the BUILT main
 * (out/main/index.cjs, its chunks and workers) under Electron 39's Node (22.20.0) with the
 * stand-in `electron` module, the BUILT preload in an isolated world of a real Chromium page, the
 * BUILT renderer served through the app:// handler main registered. One recruiter's first session,
 * end to end; what the stand-in cannot prove is listed in test/electron-standin/electron.cjs.
 */

// The built-in sandbox's people: 20,000 generated with seed 1 (compose.ts), whose first ones are
// the same whatever the count, so the test generates only those it names.
// Only people there from the start: the app's sandbox lets a few join its index later (arrivals.ts).
const people = generateProfiles({ count: 600, seed: 1 }).filter((p) => arrivalOffsetMs(p.key!) === null)
const coder = people.find((p) => (p.user_repos?.length ?? 0) > 0 && p.full_name && p.cur_company)!
const firstNames = new Map<string, number>()
for (const p of people) if (p.first_name) firstNames.set(p.first_name, (firstNames.get(p.first_name) ?? 0) + 1)
const common = [...firstNames.entries()].sort((a, b) => b[1] - a[1])[0]![0]
const handles = people.slice(300, 303).map((p) => p.li_urls![0]!.split('/in/')[1]!)
const bogus = 'nobody-here-at-all'

/** The first result row; a search that failed fails the test with what the page says. */
async function resultsOrError(page: Page): Promise<void> {
  const row = page.getByTestId('results-list').getByRole('option').first()
  const error = page.getByTestId('search-error')
  await row.or(error).first().waitFor()
  if (await error.isVisible()) throw new Error(`The search failed: ${await error.textContent()}`)
}

const timings: Record<string, number> = {}
let mark = Date.now()
const lap = (step: string) => {
  const now = Date.now()
  timings[step] = now - mark
  mark = now
}

describe('the built desktop app under Electron’s Node, in the stand-in Electron', () => {
  let app: StandinApp
  let started = 0
  // One recruiter's session: a step that failed leaves the app where the next cannot start.
  let failed = false
  beforeEach(({ skip, onTestFailed }) => {
    if (failed) skip()
    onTestFailed(() => {
      failed = true
    })
  })

  beforeAll(async () => {
    started = Date.now()
    mark = started
    app = await startStandin()
    lap('start: spawn to window loaded')
    // the first run on a machine may install Electron's Node and build the native modules for it
  }, 600_000)
  afterAll(async () => {
    if (!app) return
    const code = await app.quit()
    timings['quit'] = Date.now() - mark
    timings['total'] = Date.now() - started
    mkdirSync(artifacts, { recursive: true })
    // the app's own milestones, in ms from its spawn (the first of each kind)
    const milestones: Record<string, number> = {}
    for (const record of app.records) milestones[record.kind] ??= record.at - app.spawnedAt
    writeFileSync(
      join(artifacts, 'electron-standin-timings.json'),
      JSON.stringify({ steps: timings, milestones }, null, 2)
    )
    expect(code, app.stderr()).toBe(0)
  })

  it('first start: Electron’s Node, one secure window on app://, the preload’s bridge and nothing more', async () => {
    const { page } = app
    expect(app.runtime.version).toBe('22.20.0')
    expect(await app.command('state')).toMatchObject({ node: 'v22.20.0' })

    const created = await app.waitFor('window-created')
    expect(created.data.options).toMatchObject({
      show: false,
      webPreferences: { contextIsolation: true, sandbox: true, nodeIntegration: false, webSecurity: true }
    })
    const loaded = await app.waitFor('window-loaded')
    expect(loaded.data.url).toBe('app://talent-desk/index.html')
    await app.waitFor('window-shown')
    // every app:// response carries main's CSP header (the handler's Response, passed through)
    const served = await fetch(String(loaded.data.pageUrl))
    expect(served.headers.get('content-security-policy')).toBe(contentSecurityPolicy)
    expect(page.url()).toBe(loaded.data.pageUrl)

    // The page's world has the preload's bridge — one function per channel and `on` — and no Node.
    const exposed = await page.evaluate(() => ({
      keys: Object.keys((window as unknown as { talentDesk?: object }).talentDesk ?? {}),
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
      ipc: typeof (window as unknown as { ipcRenderer?: unknown }).ipcRenderer
    }))
    expect(exposed.keys.sort()).toEqual([...channelNames, 'on'].sort())
    // and main handles exactly the contract's channels
    expect(((await app.command('ipcChannels')) as string[]).sort()).toEqual(channelNames.map(ipcChannel).sort())
    expect(exposed).toMatchObject({ require: 'undefined', process: 'undefined', ipc: 'undefined' })
    // through the bridge, main's sender check sees the app's own main frame (app://talent-desk)
    const info = await page.evaluate(() =>
      (window as unknown as { talentDesk: TalentDeskBridge }).talentDesk.getAppInfo({})
    )
    expect(info).toMatchObject({ ok: true, data: { name: 'Talent Desk', shell: 'electron' } })

    // the shell's wiring, as recorded: app:// privileged before ready, permissions, the menu
    expect((await app.waitFor('privileged-schemes')).data.schemes).toEqual([
      expect.objectContaining({ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true }) })
    ])
    await app.waitFor('permission-handler', (data) => data.kind === 'request')
    await app.waitFor('application-menu')

    await page.getByTestId('search-form').waitFor()
    // the built-in sandbox generates its 20,000 people in its worker: give a loaded machine time
    await expect
      .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 90_000 })
      .not.toContain('starting')
    lap('first start: the sandbox ready')
    await shot(page, 'standin-first-start')
  })

  it('searches the built-in sandbox and opens a profile; its links go to the OS browser, never a window', async () => {
    const { page } = app
    await page.getByLabel('Name', { exact: true }).fill(coder.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(coder.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const list = page.getByTestId('results-list')
    await resultsOrError(page)
    expect(await list.getByRole('option').first().textContent()).toContain(coder.full_name)
    const profile = page.getByTestId('profile-pane')
    await profile.getByTestId('profile-name').getByText(coder.full_name!).waitFor()
    const codehost = profile.getByTestId('profile-section-codehost')
    await codehost.waitFor()
    expect(await codehost.textContent()).toContain(coder.user_repos![0]!.name!)
    lap('search and profile')
    await shot(page, 'standin-profile')

    // A target=_blank link: Chromium asks to open a window, main's handler denies it and hands the
    // https URL to shell.openExternal.
    const link = codehost.getByRole('link').first()
    const href = await link.getAttribute('href')
    await link.click()
    const opened = await app.waitFor('open-external')
    expect(opened.data.url).toBe(new URL(href!).href)
    expect((await app.waitFor('window-open')).data.action).toBe('deny')
    await app.waitFor('popup-closed')
    lap('a profile link to the OS browser')
  })

  it('adds people to a new shortlist, then quotes and buys contacts for two', async () => {
    const { page } = app
    const name = page.getByLabel('Name', { exact: true })
    await page.getByRole('button', { name: 'Clear', exact: true }).first().click()
    await name.fill(common)
    await name.press('Enter')
    const list = page.getByTestId('results-list')
    await resultsOrError(page)
    await list.getByRole('option').nth(2).waitFor()
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
    await page.keyboard.press('Space')
    await page.keyboard.press('j')
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('results-picked').textContent()).toBe('2 ticked')
    await page.keyboard.press('s')
    const add = page.getByRole('dialog', { name: /Add 2 people to a shortlist/ })
    await add.getByRole('radio', { name: 'New shortlist' }).check()
    await add.getByLabel('New shortlist name').fill('Stand-in')
    await add.getByLabel('New shortlist name').press('Enter')
    await page.getByText('Added 2 to “Stand-in”.').waitFor()
    await expect.poll(() => list.getByText('on Stand-in').count()).toBe(2)
    lap('shortlist')

    await list.focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Space')
    await page.keyboard.press('j')
    await page.keyboard.press('Space')
    await page.keyboard.press('c')
    const buy = page.getByTestId('buy-contacts')
    await buy.waitFor()
    await buy.getByTestId('contacts-quote').click()
    const quote = buy.getByTestId('contacts-quote-text')
    await quote.waitFor()
    expect(await quote.textContent()).toContain('2 new — 2 credits')
    await buy.getByTestId('contacts-confirm').click()
    const bought = buy.getByTestId('contacts-done')
    await bought.waitFor({ timeout: 30_000 })
    expect(await bought.textContent()).toContain('Bought 2 for 2 credits. 998 credits available.')
    await shot(page, 'standin-contacts')
    await buy.getByRole('button', { name: 'Done' }).click()
    await expect.poll(() => page.getByTestId('credits').textContent()).toMatch(/998\s*available/)
    lap('quote and buy contacts')
  })

  it('runs a refresh job to its end, and main shows the notification', async () => {
    const { page } = app
    await page.keyboard.press('4')
    await page.getByRole('heading', { level: 1, name: 'Refresh' }).waitFor()
    await page.getByLabel('Pasted handles').check()
    await page.getByTestId('refresh-handles').fill([...handles, bogus].join('\n'))
    await page.getByTestId('start-refresh-button').click()
    const job = page.getByTestId('job-page')
    await expect.poll(() => job.getByTestId('job-status').textContent(), { timeout: 60_000 }).toBe('Completed')
    expect(await job.getByTestId('progress-text').textContent()).toBe('4 of 4 processed · 3 refreshed · 1 failed')
    // pushed from main (webContents.send → the preload's ipcRenderer.on → the page's listener)
    // and told to the OS: Electron's Notification, recorded by the stand-in
    const notice = await app.waitFor('notification')
    expect(notice.data).toMatchObject({ title: 'Refresh finished', body: '4 pasted handles: 3 refreshed, 1 failed.' })
    await shot(page, 'standin-refresh')
    lap('refresh job')
  })

  it('answers a chat turn and calls a tool', async () => {
    const { page } = app
    await page.keyboard.press('2')
    await page.getByTestId('chat-intro').waitFor()
    const input = page.getByTestId('chat-input')
    await input.fill('software engineers')
    await input.press('Enter')
    await expect.poll(() => page.getByTestId('chat-answer').count(), { timeout: 30_000 }).toBe(1)
    const total = await page.getByTestId('chat-answer').first().getByTestId('chat-total').textContent()
    expect(Number((total ?? '').replace(/[^0-9]/g, ''))).toBeGreaterThan(0)
    lap('chat turn')

    await page.getByRole('navigation', { name: 'Sections' }).getByText('Tools').click()
    const tools = page.getByTestId('tools-list')
    await tools.waitFor({ timeout: 30_000 })
    await tools
      .getByTestId('tool-item')
      .filter({ hasText: /^\s*search/ })
      .first()
      .click()
    const form = page.getByTestId('tool-form')
    await form.getByLabel('query').fill('software engineers')
    await form.getByLabel('limit').fill('5')
    await form.getByTestId('tool-call').click()
    const table = page.getByTestId('tool-result-table')
    await table.waitFor({ timeout: 30_000 })
    expect(await table.getByTestId('tool-result-row').count()).toBe(5)
    await shot(page, 'standin-tool-call')
    lap('tool call')
  })

  it('exports the results to CSV through the save dialog, and the file is on disk', async () => {
    const { page } = app
    const file = join(app.downloadsDir, 'chosen by the recruiter.csv')
    app.answer('showSaveDialog', () => ({ canceled: false, filePath: file }))
    await page.getByRole('navigation', { name: 'Sections' }).getByText('Search').click()
    await page.getByTestId('results-list').focus()
    await page.keyboard.press('e')
    const dialog = page.getByRole('dialog', { name: /Export \d+ search results to CSV/ })
    await dialog.waitFor()
    const count = Number((await page.getByTestId('results-count').textContent())!.split(' ')[0])
    await dialog.getByRole('button', { name: 'Export', exact: true }).click()
    await dialog.getByTestId('export-done').getByText(`Saved to ${file}`).waitFor()

    const asked = await app.waitFor('dialog', (data) => data.kind === 'save')
    // main's own dialog options: in the downloads folder, a CSV filter, the focused window as owner
    expect(asked.data).toMatchObject({
      window: 1,
      options: { title: 'Export to CSV', filters: [{ name: 'CSV', extensions: ['csv'] }] }
    })
    expect(String((asked.data.options as { defaultPath: string }).defaultPath)).toMatch(
      new RegExp(`^${app.downloadsDir}/.+\\.csv$`)
    )
    const rows = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Title', 'Company'])
    expect(rows).toHaveLength(count + 1)
    expect(rows.slice(1).every((row) => row[0]!.startsWith(common))).toBe(true)
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    lap('CSV export through the save dialog')
  })

  it('opens the log folder from the Help menu, and the page reported no error', async () => {
    await app.command('clickMenu', 'Help', 'Open log folder')
    expect((await app.waitFor('open-path')).data.path).toBe(join(app.dataDir, 'logs'))
    expect(app.pageErrors()).toEqual([])
  })
})
