/// <reference lib="dom" />
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { parse } from 'csv-parse/sync'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import ExcelJS from 'exceljs'
import { BRIDGE_SESSION_HEADER, BRIDGE_SESSION_STORAGE_KEY } from '../../shared/ipc/bridge'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { shot, startApp, type E2eApp } from './support'

// The Shortlists screen in Chromium against the browser host, on a real SQLite file. People are
// seeded through the bridge (no other screen adds them yet); everything else goes through the page.
let app: E2eApp
let page: Page
/** Seeding calls from the test itself come with a session of their own. */
let session: string

beforeAll(async () => {
  app = await startApp()
  session = app.session
  page = app.page
})
afterAll(() => app?.close())

async function bridge<T>(channel: string, input: unknown): Promise<T> {
  const response = await fetch(`${app.host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [BRIDGE_SESSION_HEADER]: session },
    body: JSON.stringify(input)
  })
  const reply = (await response.json()) as { ok: boolean; data: T; error?: unknown }
  if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
  return reply.data
}

const shortlistRows = () => page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option')
const memberList = () => page.getByTestId('member-list')
const detail = () => page.getByTestId('member-detail')

async function goToShortlists() {
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  await page.keyboard.press('5')
  await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
}

describe('Shortlists screen', () => {
  it('shows the empty state and creates a shortlist with n', async () => {
    await goToShortlists()
    const empty = page.getByTestId('shortlists-empty')
    await empty.waitFor()
    expect(await empty.textContent()).toContain('No shortlists yet — press n to create one')
    await shot(page, 'shortlists-empty')

    await page.keyboard.press('n')
    const name = page.getByLabel('New shortlist')
    await name.waitFor()
    await name.fill('Backend, Lisbon')
    await name.press('Enter')
    await shortlistRows().filter({ hasText: 'Backend, Lisbon' }).waitFor()
    await page.getByText('No one in this shortlist yet').waitFor()
  })

  it('lists people seeded through the bridge, and windows a list of 10,000', async () => {
    const [backend] = await bridge<Array<{ id: string }>>('listShortlists', {})
    const named = Array.from({ length: 30 }, (_, index) => makeProfile(index, 4))
    named[0] = {
      ...named[0],
      key: 'zoe',
      full_name: 'Zofia Wiśniewska',
      cur_title: 'Rust Engineer',
      cur_company: 'Globex',
      skills: ['Rust', 'Kubernetes']
    }
    await bridge('addMembers', { shortlistId: backend!.id, profiles: named })
    const big = await bridge<{ id: string }>('createShortlist', { name: 'Everyone (10k)' })
    for (let from = 0; from < 10_000; from += 2500) {
      await bridge('addMembers', {
        shortlistId: big.id,
        profiles: Array.from({ length: 2500 }, (_, i) => makeProfile(from + i, 5))
      })
    }

    await page.reload()
    await goToShortlists()
    await shortlistRows().filter({ hasText: 'Everyone (10k)' }).click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('10,000 people')
    // Only the rows in view exist in the page, however long the list.
    const rendered = await memberList().getByRole('option').count()
    expect(rendered).toBeGreaterThan(5)
    expect(rendered).toBeLessThan(80)
    await memberList().focus()
    await page.keyboard.press('End')
    await memberList().getByRole('option', { selected: true }).waitFor()
    expect(await memberList().getByRole('option', { selected: true }).getAttribute('aria-posinset')).toBe('10000')
    expect(await memberList().getByRole('option').count()).toBeLessThan(80)
    // Leaving the section and coming back keeps the shortlist, the cursor and the place in the list.
    await page.keyboard.press('1')
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor()
    await page.keyboard.press('5')
    await memberList().getByRole('option', { selected: true }).waitFor()
    expect(await memberList().getByRole('option', { selected: true }).getAttribute('aria-posinset')).toBe('10000')
    await memberList().focus()
    await page.keyboard.press('Home')
    expect(await memberList().getByRole('option', { selected: true }).getAttribute('aria-posinset')).toBe('1')
    await shot(page, 'shortlists-10k')

    await shortlistRows().filter({ hasText: 'Backend, Lisbon' }).click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
    await memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).waitFor()
  })

  it('opens a person with Enter, edits notes, stage and rating, and keeps them after a reload', async () => {
    await memberList().focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Enter')
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    expect(await detail().textContent()).toContain('Rust Engineer at Globex')

    await detail().getByLabel('Stage').selectOption('Interviewing')
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved')
    await detail().getByRole('radio', { name: '4 of 5' }).check()
    await expect
      .poll(() => memberList().getByRole('option', { selected: true }).getByLabel('Rated 4 of 5').count())
      .toBe(1)
    const notes = detail().getByLabel(/^Notes/)
    await notes.fill('Strong Rust; prefers remote. Call after 5pm.')
    await notes.press('Control+Enter')
    await expect.poll(() => detail().getByRole('button', { name: 'Save notes' }).isDisabled()).toBe(true)
    const tags = detail().getByLabel(/^Tags/)
    await tags.fill('rust, remote')
    await tags.press('Enter')
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved')
    expect(await memberList().getByRole('option', { selected: true }).getByTestId('stage-pill').textContent()).toBe(
      'Interviewing'
    )
    await shot(page, 'shortlists-detail')

    // j moves the cursor and the open detail follows; Esc closes it.
    await memberList().focus()
    await page.keyboard.press('j')
    await expect.poll(() => detail().getByRole('heading', { level: 2 }).textContent()).not.toBe('Zofia Wiśniewska')
    await page.keyboard.press('k')
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => detail().count()).toBe(0)

    await page.reload()
    await goToShortlists()
    await shortlistRows().filter({ hasText: 'Backend, Lisbon' }).click()
    await memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).dblclick()
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    expect(await detail().getByLabel('Stage').inputValue()).toBe('Interviewing')
    expect(
      await detail()
        .getByLabel(/^Notes/)
        .inputValue()
    ).toBe('Strong Rust; prefers remote. Call after 5pm.')
    expect(await detail().getByLabel(/^Tags/).inputValue()).toBe('rust, remote')
    expect(await detail().getByRole('radio', { name: '4 of 5' }).isChecked()).toBe(true)
    await page.keyboard.press('Escape')
  })

  it('saves a note while it is typed: nothing is lost on reload, even without leaving the field', async () => {
    // Another person than the one the export tests read.
    await memberList().getByRole('option').nth(2).dblclick()
    const heading = detail().getByRole('heading', { level: 2 })
    await heading.waitFor()
    const name = (await heading.textContent()) ?? ''
    const notes = detail().getByLabel(/^Notes/)
    await notes.click()
    await page.keyboard.type('Second call booked.')
    // Still focused, never blurred, no Ctrl+Enter: the draft saves itself after a pause.
    await expect.poll(() => page.getByTestId('save-state').textContent()).toBe('Saved')
    expect(await notes.evaluate((element) => element === document.activeElement)).toBe(true)

    // Typed and reloaded at once, before the pause ends: the page saves on its way out.
    await page.keyboard.type(' Ask about notice period.')
    await page.reload()
    await goToShortlists()
    await shortlistRows().filter({ hasText: 'Backend, Lisbon' }).click()
    await memberList().getByRole('option').filter({ hasText: name }).first().dblclick()
    await detail().getByRole('heading', { name }).waitFor()
    await expect
      .poll(() =>
        detail()
          .getByLabel(/^Notes/)
          .inputValue()
      )
      .toBe('Second call booked. Ask about notice period.')
    await page.keyboard.press('Escape')
    await expect.poll(() => detail().count()).toBe(0)
  })

  it('searches saved people with / across shortlists, notes included', async () => {
    await page.locator('body').click({ position: { x: 5, y: 5 } })
    await page.keyboard.press('/')
    const search = page.getByLabel('Search saved people')
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('saved-search')
    await search.pressSequentially('call after')
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('1 match')
    await memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).waitFor()
    expect(await memberList().textContent()).toContain('Backend, Lisbon')
    await search.press('Enter')
    await page.keyboard.press('Enter')
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    await shot(page, 'shortlists-search')
    await page.keyboard.press('Escape')
    await search.fill('nobody-by-this-name')
    await page.getByTestId('members-empty').waitFor()
    await search.press('Escape')
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
  })

  it('renames with F2, deletes with Delete and brings it back with Undo', async () => {
    const list = page.getByRole('listbox', { name: 'Shortlists' })
    await shortlistRows().filter({ hasText: 'Backend, Lisbon' }).click()
    await list.focus()
    await page.keyboard.press('F2')
    const name = page.getByLabel('Rename shortlist')
    await name.fill('Backend, Lisbon & Porto')
    await name.press('Enter')
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).waitFor()

    await list.focus()
    await page.keyboard.press('Delete')
    const undo = page.getByTestId('undo-bar')
    await undo.waitFor()
    expect(await undo.textContent()).toContain('Deleted “Backend, Lisbon & Porto”')
    await expect.poll(() => shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).count()).toBe(0)
    await shot(page, 'shortlists-undo')
    await undo.getByRole('button', { name: 'Undo' }).click()
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).waitFor()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
    expect(await undo.count()).toBe(0)

    // The same by keyboard only: Delete in the shortlists pane, then Ctrl+Z.
    await list.focus()
    await page.keyboard.press('Delete')
    await undo.waitFor()
    await expect.poll(() => shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).count()).toBe(0)
    await page.keyboard.press('Control+z')
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).waitFor()
    await expect.poll(() => undo.count()).toBe(0)
  })

  it('removes a person with Delete and brings them back with Ctrl+Z; Recently deleted restores a shortlist', async () => {
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
    await memberList().focus()
    await page.keyboard.press('End')
    const name = (await memberList().getByRole('option', { selected: true }).locator('.name').textContent()) ?? ''
    await page.keyboard.press('Delete')
    const undo = page.getByTestId('undo-bar')
    await undo.waitFor()
    expect(await undo.textContent()).toContain(`Removed ${name}`)
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('29 people')
    await page.keyboard.press('Control+z')
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')

    // Removed again and left: the person waits in Recently deleted; so does a deleted shortlist.
    await memberList().focus()
    await page.keyboard.press('End')
    await page.keyboard.press('Delete')
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('29 people')
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Dismiss' }).click()
    const lists = page.getByRole('listbox', { name: 'Shortlists' })
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).click()
    await lists.focus()
    await page.keyboard.press('Delete')
    await expect.poll(() => shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).count()).toBe(0)
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Dismiss' }).click()

    await page.getByTestId('open-recently-deleted').click()
    const bin = page.getByRole('dialog', { name: 'Recently deleted' })
    const shortlistItem = bin
      .getByRole('listitem')
      .filter({ has: page.getByText('Backend, Lisbon & Porto', { exact: true }) })
      // the removed person's item names the shortlist too ("Zoë Tanaka from “Backend, …”")
      .filter({ hasNotText: ' from “' })
    await shortlistItem.waitFor()
    await bin.getByRole('listitem').filter({ hasText: name }).waitFor()
    await shot(page, 'shortlists-recently-deleted')
    await shortlistItem.getByRole('button', { name: 'Restore' }).click()
    await bin.getByText('is back, with its people').waitFor()
    const personItem = bin.getByRole('listitem').filter({ hasText: name })
    await personItem.getByRole('button', { name: 'Restore' }).click()
    await bin.getByText(`${name} is back in`).waitFor()
    await bin.getByTestId('recently-deleted-empty').waitFor()
    await page.keyboard.press('Escape')
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).click()
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
  })

  it('exports a shortlist to CSV as a browser download, with the chosen preset and a BOM', async () => {
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).click()
    await page.getByRole('button', { name: 'Export…' }).click()
    const dialog = page.getByRole('dialog', { name: /Export .* to CSV/ })
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Basic/ }).check()
    expect(await dialog.getByRole('checkbox', { name: /byte order mark/ }).isChecked()).toBe(true)
    await shot(page, 'shortlists-export')
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^Backend, Lisbon & Porto \d{4}-\d{2}-\d{2}\.csv$/)
    const file = join(app.dataDir, 'export.csv')
    await download.saveAs(file)
    const text = readFileSync(file, 'utf8')
    expect(text.startsWith('\uFEFF')).toBe(true)
    const rows = parse(text, { bom: true }) as string[][]
    expect(rows[0]!.slice(0, 3)).toEqual(['Name', 'Title', 'Company'])
    expect(rows).toHaveLength(31)
    const zoe = rows.find((row) => row[0] === 'Zofia Wiśniewska')!
    expect(zoe).toContain('Interviewing')
    expect(zoe).toContain('Strong Rust; prefers remote. Call after 5pm.')
    await dialog.getByTestId('export-done').waitFor()
    expect(await dialog.getByTestId('export-done').textContent()).toContain('30 rows')
    await dialog.getByRole('button', { name: 'Close' }).last().click()
    // a download that went well leaves no error in the support log
    expect(
      app.logs.filter((record) => record.level === 'error' || /PREMATURE_CLOSE/.test(JSON.stringify(record)))
    ).toEqual([])

    // The same as an Excel workbook: typed cells, read back with the library.
    await page.getByRole('button', { name: 'Export…' }).click()
    await page
      .getByRole('dialog', { name: /Export .* to CSV/ })
      .getByRole('radio', { name: /Excel workbook/ })
      .check()
    const excel = page.getByRole('dialog', { name: /Export .* to Excel/ })
    expect(await excel.getByRole('checkbox', { name: /byte order mark/ }).count()).toBe(0)
    await shot(page, 'shortlists-export-xlsx')
    const [workbookDownload] = await Promise.all([
      page.waitForEvent('download'),
      excel.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    expect(workbookDownload.suggestedFilename()).toMatch(/^Backend, Lisbon & Porto \d{4}-\d{2}-\d{2}\.xlsx$/)
    const xlsxFile = join(app.dataDir, 'export.xlsx')
    await workbookDownload.saveAs(xlsxFile)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.readFile(xlsxFile)
    const sheet = workbook.getWorksheet('Export')!
    expect(sheet.rowCount).toBe(31)
    expect(sheet.getRow(1).getCell(1).value).toBe('Name')
    await excel.getByTestId('export-done').waitFor()
    await excel.getByRole('button', { name: 'Close' }).last().click()
    // Back to CSV for what follows (the choice is remembered).
    await page.getByRole('button', { name: 'Export…' }).click()
    await page
      .getByRole('dialog', { name: /to Excel/ })
      .getByRole('radio', { name: /^CSV/ })
      .check()
    await page
      .getByRole('dialog', { name: /to CSV/ })
      .getByRole('button', { name: 'Cancel' })
      .click()

    // Custom columns, without the BOM, for the 10k list: the download arrives whole.
    await shortlistRows().filter({ hasText: 'Everyone (10k)' }).click()
    await page.keyboard.press('e')
    await dialog.waitFor()
    await dialog.getByRole('radio', { name: /Custom/ }).check()
    await dialog.getByTestId('custom-columns').waitFor()
    await dialog.getByRole('checkbox', { name: /byte order mark/ }).uncheck()
    // Listen to the host's event stream the way the page does, to see the progress it is sent;
    // the stream is open (its headers arrived) before the export starts.
    await page.evaluate(
      async ([header, key]) => {
        const seen: Array<{ written: number; total: number | null; done: boolean }> = []
        const response = await fetch('/bridge/events', { headers: { [header]: localStorage.getItem(key) ?? '' } })
        const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader()
        const read = async () => {
          let buffer = ''
          for (;;) {
            const { value, done } = await reader.read()
            if (done) return seen
            buffer += value
            const frames = buffer.split('\n\n')
            buffer = frames.pop() ?? ''
            for (const frame of frames) {
              const data = frame.split('\n').find((line) => line.startsWith('data: '))
              if (!frame.includes('event: exportProgress') || !data) continue
              const progress = JSON.parse(data.slice(6)) as (typeof seen)[number]
              seen.push(progress)
              if (progress.done) {
                void reader.cancel()
                return seen
              }
            }
          }
        }
        ;(window as unknown as { __progress: Promise<typeof seen> }).__progress = read()
      },
      [BRIDGE_SESSION_HEADER, BRIDGE_SESSION_STORAGE_KEY] as const
    )
    const [big] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    const bigFile = join(app.dataDir, 'big.csv')
    await big.saveAs(bigFile)
    const bigText = readFileSync(bigFile, 'utf8')
    expect(bigText.startsWith('\uFEFF')).toBe(false)
    expect((parse(bigText) as string[][]).length).toBe(10_001)
    const progress = await page.evaluate(() => (window as unknown as { __progress: Promise<unknown[]> }).__progress)
    expect(progress.length).toBeGreaterThanOrEqual(10)
    expect(progress.at(0)).toMatchObject({ written: 1000, total: 10_000, done: false })
    expect(progress.at(-1)).toMatchObject({ written: 10_000, total: 10_000, done: true })
    await dialog.getByTestId('export-done').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('ticks people with Space and exports just them', async () => {
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).click()
    await memberList().focus()
    await page.keyboard.press('Home')
    await page.keyboard.press('Space')
    await page.keyboard.press('j')
    await page.keyboard.press('j')
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('2 ticked')
    expect(await memberList().locator('[aria-checked="true"]').count()).toBe(2)
    await page.keyboard.press('e')
    const dialog = page.getByRole('dialog', { name: 'Export 2 ticked people to CSV' })
    await dialog.waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Export', exact: true }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^talent-desk-selection-\d{4}-\d{2}-\d{2}\.csv$/)
    const file = join(app.dataDir, 'ticked.csv')
    await download.saveAs(file)
    const rows = parse(readFileSync(file, 'utf8'), { bom: true }) as string[][]
    expect(rows.slice(1).map((row) => row[0])).toContain('Zofia Wiśniewska')
    expect(rows).toHaveLength(3)
    await dialog.getByTestId('export-done').waitFor()
    await page.keyboard.press('Escape')
    await page.getByRole('button', { name: 'Clear' }).click()
    await expect.poll(() => page.getByTestId('picked-count').count()).toBe(0)
  })

  it('backs up to a download and restores it through the file picker; a bad file changes nothing', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Back up…' }).click()
    ])
    expect(download.suggestedFilename()).toMatch(/^talent-desk-shortlists-\d{4}-\d{2}-\d{2}\.json$/)
    const file = join(app.dataDir, 'backup.json')
    await download.saveAs(file)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({ format: 'talent-desk/shortlists-backup' })
    await page.getByTestId('notice').filter({ hasText: 'Backed up 2 shortlists, 10,030 people' }).waitFor()

    await page.getByTestId('restore-file').setInputFiles({
      name: 'not-a-backup.json',
      mimeType: 'application/json',
      buffer: Buffer.from('{"hello":"world"}')
    })
    const refused = page.getByRole('alert').filter({ hasText: 'not a Talent Desk backup' })
    await refused.waitFor()
    expect(await refused.textContent()).toContain('Nothing was changed.')
    expect(await shortlistRows().count()).toBe(2)

    // the page reads the file in its backup-reader worker, off its main thread
    const workers: string[] = []
    page.on('worker', (worker) => workers.push(worker.url()))
    await page.getByTestId('restore-file').setInputFiles(file)
    const restored = page.getByTestId('notice').filter({ hasText: 'Restored 2 shortlists, 10,030 people' })
    await restored.waitFor({ timeout: 30_000 })
    expect(workers.some((url) => url.includes('backup-reader'))).toBe(true)
    await expect.poll(() => shortlistRows().count()).toBe(4)
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto (restored)' }).waitFor()
    await shot(page, 'shortlists-restored')

    // A backup with one unreadable person: the dialog says so; Cancel drops the upload, and
    // "Restore what can be read" brings back the rest.
    const whole = JSON.parse(readFileSync(file, 'utf8')) as {
      shortlists: Array<{ id: string; name: string; members: Array<Record<string, unknown>> }>
    }
    const first = whole.shortlists[0]!
    const damaged = {
      ...whole,
      shortlists: [{ ...first, id: 'partial-e2e', name: 'Partly readable', members: first.members.slice(0, 3) }]
    }
    damaged.shortlists[0]!.members[1] = { ...damaged.shortlists[0]!.members[1], addedAt: 'yesterday' }
    const partialFile = {
      name: 'partly.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(damaged))
    }
    const dialog = page.getByTestId('partial-restore')
    await page.getByTestId('restore-file').setInputFiles(partialFile)
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('1 shortlist with 2 people can be restored. This record cannot')
    await shot(page, 'shortlists-partial-restore')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    await expect.poll(() => readdirSync(join(app.dataDir, 'talent-desk-uploads'))).toEqual([])
    expect(await shortlistRows().count()).toBe(4)

    await page.getByTestId('restore-file').setInputFiles(partialFile)
    await dialog.getByRole('button', { name: 'Restore what can be read' }).click()
    await shortlistRows().filter({ hasText: 'Partly readable' }).waitFor()
    expect(await shortlistRows().count()).toBe(5)
    expect(readdirSync(join(app.dataDir, 'talent-desk-uploads'))).toEqual([])
  })

  it('keeps names readable at 1024 px wide with a person open', async () => {
    await page.setViewportSize({ width: 1024, height: 768 })
    try {
      await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto' }).first().click()
      await memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).dblclick()
      await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
      await shot(page, 'shortlists-1024-detail')
      const name = memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).locator('.name')
      // The whole name shows: not cut to a few letters and an ellipsis.
      const fits = await name.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)
      expect(fits).toBe(true)
      expect((await name.boundingBox())!.width).toBeGreaterThan(100)
      await page.keyboard.press('Escape')
    } finally {
      await page.setViewportSize({ width: 1280, height: 800 })
    }
  })

  it('reads well in dark mode', async () => {
    await page.emulateMedia({ colorScheme: 'dark' })
    await shortlistRows().filter({ hasText: 'Backend, Lisbon & Porto (restored)' }).click()
    await memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).dblclick()
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    // The restore kept the recruiter's fields.
    expect(await detail().getByLabel('Stage').inputValue()).toBe('Interviewing')
    await shot(page, 'shortlists-dark')
    await page.getByRole('button', { name: 'Export…' }).click()
    await page.getByRole('dialog').waitFor()
    await shot(page, 'shortlists-export-dark')
    await page.keyboard.press('Escape')

    // Recently deleted in the dark, with someone in it, then put back.
    await memberList().focus()
    await page.keyboard.press('End')
    const name = (await memberList().getByRole('option', { selected: true }).locator('.name').textContent()) ?? ''
    await page.keyboard.press('Delete')
    await page.getByTestId('undo-bar').getByRole('button', { name: 'Dismiss' }).click()
    await page.getByTestId('open-recently-deleted').click()
    const bin = page.getByRole('dialog', { name: 'Recently deleted' })
    const item = bin.getByRole('listitem').filter({ hasText: name })
    await item.waitFor()
    // A new opening of the view starts clean: no confirmation left from the last time.
    expect(await bin.getByRole('status').count()).toBe(0)
    await shot(page, 'shortlists-recently-deleted-dark')
    await item.getByRole('button', { name: 'Restore' }).click()
    await bin.getByTestId('recently-deleted-empty').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('30 people')
    // Back to the top of the list, where the next test looks for Zofia.
    await memberList().focus()
    await page.keyboard.press('Home')
    await page.emulateMedia({ colorScheme: 'light' })
  })

  it('manages stages: add, reorder, rename, and remove one in use by moving its people', async () => {
    await page.getByRole('button', { name: 'Stages…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Stages' })
    const names = () => dialog.getByTestId('stages').getByTestId('stage-pill').allTextContents()
    await dialog.getByLabel('New stage').fill('Phone screen')
    await dialog.getByLabel('New stage').press('Enter')
    await expect.poll(names).toEqual(['New', 'Contacted', 'Interviewing', 'Offer', 'Hired', 'Rejected', 'Phone screen'])
    // A duplicate name is refused and said so inside the dialog.
    await dialog.getByLabel('New stage').fill('Offer')
    await dialog.getByLabel('New stage').press('Enter')
    await dialog.getByRole('alert').filter({ hasText: 'already exists' }).waitFor()
    await dialog.getByLabel('New stage').fill('')

    for (let i = 0; i < 5; i++) await dialog.getByRole('button', { name: 'Move Phone screen up' }).click()
    await expect.poll(names).toEqual(['New', 'Phone screen', 'Contacted', 'Interviewing', 'Offer', 'Hired', 'Rejected'])
    await dialog.getByRole('button', { name: 'Rename Phone screen' }).click()
    await dialog.getByLabel('New name for Phone screen').fill('Screening')
    await dialog.getByLabel('New name for Phone screen').press('Enter')
    await expect.poll(names).toEqual(['New', 'Screening', 'Contacted', 'Interviewing', 'Offer', 'Hired', 'Rejected'])
    await shot(page, 'shortlists-stages')

    await dialog.getByRole('button', { name: 'Remove Interviewing' }).click()
    await dialog.getByLabel('Stage to move them to').selectOption({ label: 'Offer' })
    await dialog.getByRole('button', { name: 'Move and remove' }).click()
    await expect.poll(names).toEqual(['New', 'Screening', 'Contacted', 'Offer', 'Hired', 'Rejected'])
    await page.keyboard.press('Escape')
    await expect
      .poll(() =>
        memberList().getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).getByTestId('stage-pill').textContent()
      )
      .toBe('Offer')
  })

  it('leaves no error in the support log after its exports, downloads, backup and restore', () => {
    const errors = app.logs.filter(
      (record) => record.level === 'error' || /PREMATURE_CLOSE/.test(JSON.stringify(record))
    )
    expect(errors).toEqual([])
  })
})
