import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { generateProfiles } from '../../sandbox/data/generate'
import { emailsOf } from '../../sandbox/data/handles'
import { bridge, shotsAtWidths, startApp, type E2eApp } from './support'
import { connectionReady, keepShots, openSettingsPage, seriousViolations, tabInSettings, tabTo } from './page-checks'

// Issue #39 item 2: "Send to ATS…" from the shortlist pane's tools, by keyboard, in Chromium
// against the built app. With no ATS connected yet (the saved connections are item 1), the
// dialog says how to connect one; axe finds nothing serious in it, light or dark.

describe('Send to ATS… (keyboard, axe)', () => {
  let app: E2eApp
  beforeAll(async () => {
    app = await startApp({ sandboxProfiles: 0 })
  })
  afterAll(async () => {
    await app?.close()
  })

  it('opens from the shortlist pane by keyboard, says to connect an ATS, closes with Esc', async () => {
    const { page } = app
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'To send' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: generateProfiles({ count: 3, seed: 1 }) })
    await page.getByTestId('search-form').waitFor()
    await page.keyboard.press('5')
    const send = page.getByTestId('send-to-ats')
    await page.getByRole('option', { name: /To send/ }).click()
    await expect.poll(() => send.isEnabled()).toBe(true)
    await send.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /Send “To send” to your ATS/ })
    await dialog.waitFor()
    await dialog.getByText('No ATS is connected yet').waitFor()
    // the keyboard is on its one action, not on Close
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Close')
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-send-no-connection', 'light')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })
})

// Issue #39 item 2 wired to item 1: the saved connection reaches the dialog. Keyboard only: Settings
// → ATS → Try with the Sandbox's Greenhouse; a shortlist of the Sandbox's people, some of whom the
// fake Greenhouse holds already; "Send to Greenhouse…" → the preview's counts → a job and stage →
// Send → progress → done; the member rows say "In ATS"; sending again creates nothing in the fake
// (counted over its own HTTP); the export log lists the send. Screenshots of the preview and the
// result at 1024 and 1440, light and dark (docs/screenshots/ats-send-*.png).
describe('Send to Greenhouse… with the Sandbox’s fake (keyboard, axe)', () => {
  let app: E2eApp
  let page: Page
  const startedAt = new Date(Date.now() - 1000).toISOString()
  beforeAll(async () => {
    app = await startApp({ colorScheme: 'light', sandboxProfiles: 300 })
    page = app.page
    await connectionReady(page)
  }, 120_000)
  afterAll(async () => {
    await app?.close()
  })

  it('sends a shortlist to the fake Greenhouse once: preview, job and stage, progress, In ATS, the export log', async () => {
    await openSettingsPage(page, 'ats')
    await page.getByTestId('ats-panel').getByTestId('ats-empty').waitFor()
    await tabInSettings(page, 'ats-try-greenhouse')
    await page.getByTestId('ats-panel').getByTestId('ats-empty').waitFor({ state: 'detached' })
    const overview = await bridge<{ connections: Array<{ id: string; baseUrl: string | null; kind: string }> }>(
      app,
      'listAtsConnections',
      {}
    )
    expect(overview.connections.map((c) => c.kind)).toEqual(['greenhouse'])
    const baseUrl = overview.connections[0]!.baseUrl!
    // the Sandbox's fake keys come from its seed (1), as sandbox/ats/fakes.ts derives them
    const key = createHmac('sha256', 'talent-desk-sandbox-ats:1').update('greenhouse').digest('hex').slice(0, 32)
    const harvest = async (path: string): Promise<unknown[]> => {
      const response = await fetch(`${baseUrl}${path}`, {
        headers: { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}` }
      })
      expect(response.status).toBe(200)
      return (await response.json()) as unknown[]
    }
    const createdSince = async () => (await harvest(`/v1/candidates?per_page=500&created_after=${startedAt}`)).length

    // the Sandbox's own people: three the fake Greenhouse holds already (by email), five it does not
    const people = generateProfiles({ count: 120, seed: 1 }).filter((p) => emailsOf(p).length > 0 && p.cur_company)
    const known: typeof people = []
    const unknown: typeof people = []
    for (const person of people) {
      if (known.length === 3 && unknown.length === 5) break
      const found = (await harvest(`/v1/candidates?email=${encodeURIComponent(emailsOf(person)[0]!)}`)).length > 0
      if (found && known.length < 3) known.push(person)
      if (!found && unknown.length < 5) unknown.push(person)
    }
    expect([known.length, unknown.length]).toEqual([3, 5])
    const list = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform, Berlin' })
    await bridge(app, 'addMembers', { shortlistId: list.id, profiles: [...known, ...unknown] })
    expect(await createdSince()).toBe(0)

    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    const option = page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option', { name: /Platform, Berlin/ })
    await option.focus()
    await page.keyboard.press('Enter')
    const send = page.getByTestId('send-to-ats')
    // one connection: the button names its kind
    await expect.poll(() => send.innerText()).toBe('Send to Greenhouse…')
    await expect.poll(() => send.isEnabled()).toBe(true)
    await send.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: /Send “Platform, Berlin” to Greenhouse/ })
    await dialog.getByTestId('ats-send-counts').waitFor({ timeout: 30_000 })
    expect(await dialog.getByTestId('ats-send-counts').innerText()).toBe('5 new · 3 already in Greenhouse')
    expect(await dialog.locator('tr[data-status="existing"]').count()).toBe(3)

    // a job, then its first stage, by keyboard
    const job = dialog.getByTestId('ats-send-job')
    await job.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => job.inputValue()).not.toBe('')
    const stage = dialog.getByTestId('ats-send-stage')
    await expect.poll(() => stage.isEnabled()).toBe(true)
    await stage.focus()
    await page.keyboard.press('ArrowDown')
    const jobId = await job.inputValue()
    const stageId = await stage.inputValue()
    expect(stageId).not.toBe('')
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-send-preview', 'light')
    keepShots('ats-send-preview')

    // those already there are skipped unless chosen otherwise (the choice is there once a job is)
    expect(await dialog.getByTestId('ats-send-existing').inputValue()).toBe('skip')
    expect(await dialog.getByTestId('ats-send-submit').innerText()).toBe('Send 5 people')
    expect(await dialog.getByTestId('ats-send-source-note').count()).toBe(0)

    // Send: progress (the bar is seen, however briefly: a MutationObserver notes it), then done
    await page.evaluate(() => {
      ;(window as unknown as { sawProgress: boolean }).sawProgress = false
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"][aria-label="Send progress"]'))
          (window as unknown as { sawProgress: boolean }).sawProgress = true
      }).observe(document.body, { childList: true, subtree: true })
    })
    await tabTo(page, 'ats-send-submit')
    await dialog.getByTestId('ats-send-done').waitFor({ timeout: 60_000 })
    expect(await dialog.getByTestId('ats-send-done').innerText()).toContain(
      '5 created · 3 skipped · 0 failed · 0 left out · 0 incomplete'
    )
    expect(await page.evaluate(() => (window as unknown as { sawProgress: boolean }).sawProgress)).toBe(true)
    expect(await seriousViolations(page)).toEqual([])
    await shotsAtWidths(page, 'ats-send-result', 'light')
    keepShots('ats-send-result')
    // the five are in the fake Greenhouse, in the job and stage chosen
    const made = (await harvest(`/v1/candidates?per_page=500&created_after=${startedAt}`)) as Array<{
      applications: Array<{ current_stage: { id: number } | null; jobs: Array<{ id: number }> }>
    }>
    expect(made).toHaveLength(5)
    expect(
      made.every((c) =>
        c.applications.some((a) => String(a.jobs[0]?.id) === jobId && String(a.current_stage?.id) === stageId)
      )
    ).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    // the member rows: everyone is in the ATS now (the five sent, the three found)
    await expect.poll(() => page.getByTestId('member-ats').count()).toBe(8)
    // and the "In your ATS" marks say the same: the send made the pulled list read the changes
    // at once (one question, one answer), not at the next scheduled pull
    await expect
      .poll(() => page.locator('[data-testid="person-mark"][data-mark="known"]').count(), { timeout: 30_000 })
      .toBe(8)

    // again: nobody is new (the three found are kept as sent too), and a send creates nothing
    await send.focus()
    await page.keyboard.press('Enter')
    await dialog.getByTestId('ats-send-counts').waitFor({ timeout: 30_000 })
    expect(await dialog.getByTestId('ats-send-counts').innerText()).toBe(
      '0 new · 0 already in Greenhouse · 8 sent before'
    )
    // the pulled list is ready by now (the marks read it): the preview says it matched against it
    expect(await dialog.getByTestId('ats-send-look-note').innerText()).toMatch(
      /matched against the list pulled from Greenhouse (just now|\d+ minutes? ago) and the changes since/
    )
    // those sent before get the same choice as those found there: skipped, or a new application
    // on their record once a job is chosen (by keyboard); nothing is sent here
    expect(await dialog.getByTestId('ats-send-submit').innerText()).toBe('Send 0 people')
    const existing = dialog.getByTestId('ats-send-existing')
    expect(await existing.isDisabled()).toBe(true)
    const jobAgain = dialog.getByTestId('ats-send-job')
    await jobAgain.focus()
    await page.keyboard.press('ArrowDown')
    await expect.poll(() => existing.isEnabled()).toBe(true)
    await existing.focus()
    await page.keyboard.press('ArrowDown')
    expect(await existing.inputValue()).toBe('apply')
    expect(await dialog.getByTestId('ats-send-submit').innerText()).toBe('Send 8 people')
    expect(await dialog.locator('tr[data-status="sent"]').last().innerText()).toContain('a new application')
    expect(await seriousViolations(page)).toEqual([])
    await page.keyboard.press('Escape')
    const again = await bridge<{ created: number }>(app, 'sendToAts', {
      sendId: 'e2e-send-again-1',
      connectionId: overview.connections[0]!.id,
      source: { kind: 'shortlist', shortlistId: list.id },
      jobId: null,
      stageId: null
    })
    expect(again.created).toBe(0)
    expect(await createdSince()).toBe(5)

    // the export log lists the send
    await openSettingsPage(page, 'export-log')
    const row = page.getByTestId('export-log-row').filter({ hasText: 'Platform, Berlin' })
    await row.waitFor()
    const cells = await row.locator('td').allInnerTexts()
    // what and where: sent to Greenhouse, 5 people, delivered to the ATS through the connection
    expect(cells.join(' | ')).toMatch(/Sent to an ATS greenhouse/)
    expect(cells).toContain('5')
    expect(cells).toContain('ATS')
    expect(cells.at(-1)).toMatch(/Greenhouse/)
  }, 240_000)
})
