/// <reference lib="dom" />
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Download, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_SESSION_STORAGE_KEY } from '../../shared/ipc/bridge'
import type { ForgetResult } from '../../shared/ipc/channels/personal-data'
import { generateProfiles } from '../../sandbox/data/generate'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { bridge, shot, startApp, type E2eApp } from './support'

// Personal data on screen (issue #31 items 3, 4), in Chromium against the browser host, a real
// SQLite file and the Sandbox: a shortlisted person's personal data (what is held, the access
// copy as downloads), forgetting them by keyboard with a reason, and a batch of ticked people.
// Their rows leave the shortlist on main's peopleForgotten event, with no reload.
let app: E2eApp
let page: Page
const downloads: Download[] = []
let backupFile = ''

const zofia = { ...makeProfile(0, 31), key: 'pd-zofia', full_name: 'Zofia Wiśniewska', email: 'zofia@example.org' }
const ana = { ...makeProfile(1, 31), key: 'pd-ana', full_name: 'Ana Ribeiro' }
const bruno = { ...makeProfile(2, 31), key: 'pd-bruno', full_name: 'Bruno Costa' }
const others = [makeProfile(3, 31), makeProfile(4, 31)]

beforeAll(async () => {
  app = await startApp({ sandboxProfiles: 200 })
  page = app.page
  backupFile = join(app.dataDir, 'before-forgetting.json')
  const platform = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Platform team' })
  const later = await bridge<{ id: string }>(app, 'createShortlist', { name: 'Later' })
  await bridge(app, 'addMembers', { shortlistId: platform.id, profiles: [zofia, ana, bruno, ...others] })
  await bridge(app, 'addMembers', { shortlistId: later.id, profiles: [zofia] })
  await page.reload()
  await page.getByRole('navigation', { name: 'Sections' }).waitFor()
  await page.keyboard.press('5')
  await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
  await page
    .getByRole('listbox', { name: 'Shortlists' })
    .getByRole('option')
    .filter({ hasText: 'Platform team' })
    .click()
  await page.getByTestId('members-count').filter({ hasText: '5 people' }).waitFor()
  // a backup made before anyone is forgotten, restored at the end
  const [backup] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Back up…' }).click()
  ])
  await backup.saveAs(backupFile)
  page.on('download', (download) => downloads.push(download))
})
afterAll(() => app?.close())

/**
 * The dialog at 1024 and 1440 px in a page of its own that starts in the theme (as the OS sets it),
 * logged in with a session of its own; what it shows is read from the same data file.
 */
async function screenshots(colorScheme: 'light' | 'dark') {
  const context = await app.browser.newContext({ viewport: { width: 1024, height: 800 }, colorScheme })
  await context.addInitScript(
    ([key, value]) => localStorage.setItem(key!, value!),
    [BRIDGE_SESSION_STORAGE_KEY, app.session]
  )
  const other = await context.newPage()
  try {
    await other.goto(app.host.url)
    await other.getByRole('navigation', { name: 'Sections' }).waitFor()
    await other.keyboard.press('5')
    await other
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option')
      .filter({ hasText: 'Platform team' })
      .click()
    await other.getByTestId('member-list').getByRole('option').filter({ hasText: 'Zofia Wiśniewska' }).click()
    await other.keyboard.press('Enter')
    await other.getByTestId('open-personal-data').click()
    await other.getByTestId('personal-data-held').waitFor()
    for (const width of [1024, 1440]) {
      await other.setViewportSize({ width, height: 800 })
      await shot(other, `personal-data-${width}-${colorScheme}`)
    }
  } finally {
    await context.close()
  }
}

const memberList = () => page.getByTestId('member-list')
const row = (name: string) => memberList().getByRole('option').filter({ hasText: name })
const detail = () => page.getByTestId('member-detail')

describe('Personal data of a person', () => {
  it('shows what is held and downloads the access copy', async () => {
    await row('Zofia Wiśniewska').click()
    await page.keyboard.press('Enter')
    await detail().getByRole('heading', { name: 'Zofia Wiśniewska' }).waitFor()
    await detail().getByTestId('open-personal-data').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Personal data — Zofia Wiśniewska' })
    const held = dialog.getByTestId('personal-data-held')
    await held.waitFor()
    // in two shortlists: two saved rows, table by table in the recruiter's words
    const saved = held.getByRole('row').filter({ hasText: 'Saved in shortlists' })
    expect(await saved.getByRole('cell').last().textContent()).toBe('2')
    expect(await dialog.textContent()).toContain('Also recognised by 1 email')

    for (const colorScheme of ['light', 'dark'] as const) await screenshots(colorScheme)

    // The keyboard starts on the copy: Enter downloads the summary (HTML) and the whole copy (JSON).
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('access-copy')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('access-copy-saved').waitFor()
    await expect.poll(() => downloads.length).toBe(2)
    const names = downloads.map((download) => download.suggestedFilename())
    expect(names[0]).toMatch(/\.html$/)
    expect(names[1]).toMatch(/\.json$/)
    const html = join(app.dataDir, 'access-copy.html')
    await downloads[0]!.saveAs(html)
    expect(readFileSync(html, 'utf8')).toContain('Zofia Wiśniewska')
    const json = join(app.dataDir, 'access-copy.json')
    await downloads[1]!.saveAs(json)
    expect(readFileSync(json, 'utf8')).toContain('zofia@example.org')
    expect(await dialog.getByTestId('access-copy-saved').textContent()).toContain(`Downloaded ${names[0]}`)
  })

  it('forgets them with a reason, by keyboard, and they leave the shortlist on the event', async () => {
    const dialog = page.getByRole('dialog', { name: 'Personal data — Zofia Wiśniewska' })
    // from the copy button back to "Forget this person…"
    await page.keyboard.press('Shift+Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('forget-person')
    await page.keyboard.press('Enter')
    const confirm = dialog.getByTestId('forget-confirm')
    await confirm.waitFor()
    const words = await confirm.textContent()
    expect(words).toContain('Zofia Wiśniewska')
    expect(words).toContain('This cannot be undone.')
    expect(words).toContain('Backups and exports saved before now still hold them')
    // the reason has the keyboard; the labels are the shared file's
    const reason = confirm.getByTestId('forget-reason')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('forget-reason')
    expect(await reason.locator('option').allTextContents()).toContain('They withdrew their consent')
    await page.keyboard.press('ArrowDown')
    expect(await reason.inputValue()).toBe('consent-withdrawn')
    await shot(page, 'personal-data-confirm')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('forget-submit')
    await page.keyboard.press('Enter')

    const done = dialog.getByTestId('forget-done')
    await done.waitFor()
    expect(await done.textContent()).toContain('Zofia Wiśniewska')
    expect(await dialog.getByTestId('forget-notice').textContent()).toMatch(/Backups/)
    // while the answer is still on screen, the shortlist has heard: her row and her open profile are gone
    await expect.poll(() => detail().count()).toBe(0)
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('4 people')
    expect(await row('Zofia Wiśniewska').count()).toBe(0)
    await shot(page, 'personal-data-forgotten')
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)

    const described = await bridge<{ rows: number; forgotten: { reason: string } | null }>(app, 'describePerson', {
      key: 'pd-zofia'
    })
    expect(described.rows).toBe(0)
    expect(described.forgotten?.reason).toBe('consent-withdrawn')
  })

  it('forgets ticked people at once; Escape cancels the confirmation', async () => {
    // Ana open, Bruno ticked with her: the open one closes as they go
    await row('Ana Ribeiro').click()
    await page.keyboard.press('Enter')
    await detail().getByRole('heading', { name: 'Ana Ribeiro' }).waitFor()
    await row('Ana Ribeiro').click()
    await page.keyboard.press('Space')
    await row('Bruno Costa').click()
    await page.keyboard.press('Space')
    await expect.poll(() => page.getByTestId('picked-count').textContent()).toBe('2 ticked')

    const forget = page.getByTestId('forget-picked')
    await forget.focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Forget 2 people' })
    await dialog.getByTestId('forget-confirm').waitFor()
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
    expect(await page.getByTestId('members-count').textContent()).toBe('4 people')

    await forget.focus()
    await page.keyboard.press('Enter')
    await dialog.getByTestId('forget-confirm').waitFor()
    expect(await dialog.getByTestId('forget-submit').textContent()).toBe('Forget 2 people')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect.poll(() => dialog.getByTestId('forget-done').count()).toBe(2)
    await expect.poll(() => page.getByTestId('members-count').textContent()).toBe('2 people')
    expect(await page.getByTestId('picked-count').count()).toBe(0)
    expect(await detail().count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('in Search: says a person was forgotten before, and closes their profile when forgotten again', async () => {
    const person = generateProfiles({ count: 200, seed: 1 }).find((p) => p.full_name && p.cur_company && p.key)!
    // the forget itself answered for them: a failure later is the dialog's, not a forget refused
    // (a store still busy with the last rebuild, say), which a reply of { failed } would tell
    const forgot = await bridge<ForgetResult>(app, 'forgetPeople', { keys: [person.key], reason: 'person-asked' })
    expect({ forgotten: forgot.forgotten.map((one) => one.key), failed: forgot.failed }).toEqual({
      forgotten: [person.key],
      failed: []
    })
    await page.keyboard.press('1')
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor()
    await page.getByLabel('Name', { exact: true }).fill(person.full_name!)
    await page.getByLabel('Company', { exact: true }).fill(person.cur_company!)
    await page.getByLabel('Company', { exact: true }).press('Enter')
    const pane = page.getByTestId('profile-pane')
    await pane.getByTestId('open-personal-data').waitFor()
    await pane.getByTestId('open-personal-data').focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: `Personal data — ${person.full_name}` })
    const forgotten = dialog.getByTestId('personal-data-forgotten')
    // what the dialog shows instead, should it never say so (a CI run once timed out here)
    await expect
      .poll(async () => ((await dialog.count()) > 0 ? await dialog.innerText() : '(no dialog open)'), {
        timeout: 30_000
      })
      .toMatch(/Forgotten on/)
    expect(await forgotten.textContent()).toMatch(/Forgotten on .+ \(They asked to be erased\)\.$/)
    await dialog.getByTestId('personal-data-empty').waitFor()
    // nothing held, no copy to make (issue #36): the keyboard starts on forgetting them again
    expect(await dialog.getByTestId('access-copy').count()).toBe(0)
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('forget-person')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('forget-confirm').waitFor()
    // the keys go where the recruiter's would once the form has put the focus on its reason (a CI
    // run under load once tabbed before it had, from the button the form replaced)
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid') ?? null)
    await expect.poll(focused).toBe('forget-reason')
    await page.keyboard.press('Tab')
    await page.keyboard.press('Tab')
    await expect.poll(focused).toBe('forget-submit')
    await page.keyboard.press('Enter')
    await dialog.getByTestId('forget-done').waitFor()
    // Search heard it: the profile of the person forgotten is closed behind the answer
    await expect.poll(() => pane.count()).toBe(0)
    await page.keyboard.press('Escape')
    await expect.poll(() => dialog.count()).toBe(0)
  })

  it('restoring the backup made before leaves the forgotten people out, and says how many', async () => {
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page.getByTestId('restore-file').setInputFiles(backupFile)
    // Zofia in two shortlists, Ana and Bruno in one: four entries stay out, the two others come back
    const notice = page.getByTestId('notice').filter({ hasText: 'Restored 2 shortlists, 2 people.' })
    await notice.waitFor({ timeout: 30_000 })
    expect(await notice.textContent()).toContain('4 people were left out: forgotten since the backup was made.')
  })
})
