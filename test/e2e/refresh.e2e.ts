import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WholePersonProfile } from '../../shared/api'
import { generateProfiles } from '../../sandbox/data/generate'
import { applyCareerMove } from '../../sandbox/server/refresh/career-move'
import { artifacts, bridge, shot, startApp, type E2eApp } from './support'

// The built-in sandbox of the e2e app: 2,000 people, seed 1 (test/e2e/support.ts).
const people = generateProfiles({ count: 2000, seed: 1 })
const handles = people.slice(300, 320).map((p) => p.li_urls![0]!.split('/in/')[1]!)
const bogus = 'nobody-here-at-all'
/** Someone whose first refresh finds a new employer (the sandbox decides by key, deterministically). */
const mover = people.slice(500).find((p) => {
  const copy = structuredClone({ ...p }) as WholePersonProfile
  applyCareerMove(copy, '2026-11-01T00:00:00.000Z')
  return p.full_name && p.cur_company && copy.cur_company !== p.cur_company
})!

interface Notice {
  title: string
  body: string
  at: number
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`a refresh job, end to end (${colorScheme})`, () => {
    let app: E2eApp
    beforeAll(async () => {
      // A job of 21 handles, one at a time, takes ~13 s (not the Sandbox's ~3 s): it must still be
      // running when the host restarts below, however slow the machine is to get there (a CI run's
      // job once ended first, and the page that was open told of it before the restart)
      app = await startApp({ colorScheme, refreshTiming: { perHandleMs: 600 } })
      const { page } = app
      await page.context().grantPermissions(['notifications'], { origin: app.host.origin })
      // Records each notification the page shows (and when), then shows it as usual.
      await page.addInitScript(() => {
        const Real = window.Notification
        const notices: Array<{ title: string; body: string; at: number }> = []
        ;(window as unknown as { __notices: typeof notices }).__notices = notices
        class Recording extends Real {
          constructor(title: string, options?: NotificationOptions) {
            notices.push({ title, body: options?.body ?? '', at: Date.now() })
            super(title, options)
          }
        }
        window.Notification = Recording
      })
      await page.reload()
    })
    afterAll(() => app?.close())

    it('follows a job from Queued to Completed across a host restart, shows the failing handle, and notifies', async () => {
      const { page } = app
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await expect
        .poll(() => page.getByTestId('active-connection').textContent(), { timeout: 60_000 })
        .not.toContain('starting')
      await page.keyboard.press('4')
      await page.getByRole('heading', { level: 1, name: 'Refresh' }).waitFor()
      await page.getByTestId('jobs-empty').waitFor()
      await shot(page, `refresh-empty-${colorScheme}`)

      // Keyboard only: choose "Pasted handles", paste, open the options, start.
      await page.getByLabel('Pasted handles').check()
      await page.getByTestId('refresh-handles').fill([...handles.slice(0, 10), bogus, ...handles.slice(10)].join('\n'))
      await page.getByText('Job options').click()
      await page.getByLabel('Batch size').fill('1')
      await page.getByLabel('Parallel batches').fill('1')
      await page.getByTestId('start-refresh-button').focus()
      await page.keyboard.press('Enter')

      const jobPage = page.getByTestId('job-page')
      await jobPage.waitFor()
      await expect.poll(() => jobPage.getByTestId('job-status').textContent()).toMatch(/Queued|Starting|In progress/)
      await page.getByTestId('refreshing').waitFor()
      await expect.poll(() => jobPage.getByTestId('progress-text').textContent()).toMatch(/^[1-9]\d* of 21 processed/)
      await shot(page, `refresh-running-${colorScheme}`)

      // The host (and with it the app's main services and the sandbox) stops and starts again,
      // while the job runs: its end is not yet told
      expect(await page.evaluate(() => (window as unknown as { __notices: Notice[] }).__notices)).toEqual([])
      await app.restartHost()
      if (colorScheme === 'light') {
        // The job ends while no tab listens (the page's link went with the old host): the host
        // holds its end for the tab that opens next, which notifies once. (Dark opens at once.)
        await expect
          .poll(
            async () => (await bridge<{ jobs: Array<{ status: string }> }>(app, 'listRefreshJobs', {})).jobs[0]?.status,
            {
              timeout: 60_000
            }
          )
          .toBe('Completed')
      }
      await app.openLink()
      await page.keyboard.press('4')
      await page.getByRole('heading', { level: 1, name: 'Refresh' }).waitFor()
      const row = page.getByTestId('job-row').first()
      await row.waitFor()
      await expect
        .poll(() => page.getByTestId('job-page').getByTestId('job-status').textContent(), { timeout: 30_000 })
        .toBe('Completed')
      expect(await page.getByTestId('job-page').getByTestId('progress-text').textContent()).toBe(
        '21 of 21 processed · 20 refreshed · 1 failed'
      )
      const failed = page.getByTestId('failed-handles')
      expect(await failed.textContent()).toContain(bogus)
      expect(await failed.textContent()).toContain('No profile found for handle')
      expect(await page.getByTestId('processed-handles').locator('li').count()).toBe(20)
      await expect.poll(() => page.getByTestId('refreshing').count()).toBe(0)
      await shot(page, `refresh-completed-${colorScheme}`)

      // The notification came once, from the page (the browser host), after the job's end: it may
      // follow the screen's "Completed" by a moment (its own event), so it is waited for.
      await expect
        .poll(async () =>
          (await page.evaluate(() => (window as unknown as { __notices: Notice[] }).__notices)).map((n) => [
            n.title,
            n.body
          ])
        )
        .toEqual([['Refresh finished', '21 pasted handles: 20 refreshed, 1 failed.']])
      const notices = await page.evaluate(() => (window as unknown as { __notices: Notice[] }).__notices)
      const detail = (await page.evaluate(async () => {
        const text = document.querySelector('[data-testid="job-page"] .record')?.textContent ?? '{}'
        return JSON.parse(text) as { endTime?: string }
      })) as { endTime?: string }
      const endedAt = Date.parse(detail.endTime ?? '')
      const delayMs = notices[0]!.at - endedAt
      expect(delayMs).toBeGreaterThan(0)
      // Measured for the note (how long after the service's end the recruiter hears).
      writeFileSync(
        join(artifacts, `refresh-notification-${colorScheme}.json`),
        JSON.stringify({ endedAt: detail.endTime, notifiedAt: new Date(notices[0]!.at).toISOString(), delayMs })
      )
    }, 120_000)

    it('a saved person refreshed with a new employer shows what changed on the open shortlist and in Contacts, without a reload', async () => {
      const { page } = app
      await page.keyboard.press('1')
      await page.getByLabel('Name', { exact: true }).fill(mover.full_name!)
      await page.getByLabel('Company', { exact: true }).fill(mover.cur_company!)
      await page.getByLabel('Company', { exact: true }).press('Enter')
      const list = page.getByTestId('results-list')
      await list.getByRole('option').first().waitFor()
      await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('role'))).toBe('listbox')
      await page.keyboard.press('Space')
      await page.keyboard.press('s')
      const dialog = page.getByRole('dialog', { name: /to a shortlist/ })
      await dialog.getByRole('radio', { name: 'New shortlist' }).check()
      await dialog.getByLabel('New shortlist name').fill(`Watch ${colorScheme}`)
      await dialog.getByLabel('New shortlist name').press('Enter')
      await page.getByText(`Added 1 to “Watch ${colorScheme}”.`).waitFor()

      // Shortlists shows them (and keeps what it read), with their email bought from there
      await page.keyboard.press('5')
      await page.getByRole('option', { name: new RegExp(`Watch ${colorScheme}`) }).click()
      const members = page.getByTestId('member-list')
      const row = members.getByRole('option').filter({ hasText: mover.full_name! })
      await row.waitFor()
      expect(await row.textContent()).toContain(mover.cur_company)
      await row.dblclick()
      const detail = page.getByTestId('member-detail')
      await detail.getByRole('heading', { level: 2, name: mover.full_name! }).waitFor()
      // Saved today, but the service last refreshed them months ago: that is how old the data is.
      const age = row.getByTestId('member-age')
      expect(await age.textContent()).toMatch(/^\d+ (mo|yr)$/)
      expect(await age.getAttribute('class')).toContain('stale')
      expect(await age.getAttribute('title')).toMatch(/^Refreshed by the service \d+ months? ago \(.+\); saved here /)
      const dataAge = detail.getByTestId('member-data-age')
      expect(await dataAge.textContent()).toMatch(
        /^\s*Refreshed by the service \d+ months? ago \(.+\); saved here .+\.\s+Refresh the shortlist’s stale members/
      )
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `data-age-stale-${width}-${colorScheme}`)
      }
      await page.setViewportSize({ width: 1280, height: 800 })
      await members.focus()
      await page.keyboard.press('c')
      const buy = page.getByTestId('buy-contacts')
      await buy.getByTestId('contacts-quote').click()
      await buy.getByTestId('contacts-confirm').click()
      await buy.getByTestId('contacts-done').waitFor({ timeout: 30_000 })
      await buy.getByRole('button', { name: 'Done' }).click()
      await page.keyboard.press('3')
      const contactRow = page.getByTestId('contacts-list').getByRole('option').filter({ hasText: mover.full_name! })
      await contactRow.waitFor()
      expect(await contactRow.textContent()).toContain(mover.cur_company)

      // Just saved, yet stale (the service's date says so): a refresh of the stale members takes them.
      await page.keyboard.press('4')
      await page.getByLabel('A shortlist’s members').check()
      await page.getByTestId('refresh-shortlist').selectOption({ label: `Watch ${colorScheme} (1)` })
      expect(await page.getByLabel(/Only members whose data is older/).isChecked()).toBe(true)
      await expect
        .poll(() => page.getByTestId('refresh-plan').textContent())
        .toContain('1 of 1 members will be refreshed')
      await page.getByTestId('start-refresh-button').click()
      const jobPage = page.getByTestId('job-page')
      await expect.poll(() => jobPage.getByTestId('job-status').textContent(), { timeout: 30_000 }).toBe('Completed')
      await expect.poll(() => jobPage.getByTestId('job-outcome').textContent()).toContain('1 saved member updated')
      const employer = await jobPage
        .getByTestId('job-changes')
        .locator('.change', { hasText: 'Employer:' })
        .textContent()
      expect(employer).toContain(`Employer: ${mover.cur_company} → `)
      const newCompany = employer!.split(' → ')[1]!.trim()

      // Back to the shortlist, no reload: the row, its marker and the open person say the new job.
      await page.keyboard.press('5')
      const change = row.getByTestId('member-change')
      await change.waitFor()
      expect(await change.textContent()).toBe(`${mover.cur_company} → ${newCompany}`)
      expect(await row.textContent()).toContain(newCompany)
      await detail.getByTestId('member-detail-changes').waitFor()
      expect(await detail.getByTestId('member-detail-changes').textContent()).toContain(
        `Employer: ${mover.cur_company} → ${newCompany}`
      )
      expect(await detail.getByTestId('profile-section-identity').textContent()).toContain(newCompany)
      // and the data is as of the refresh now
      expect(await age.textContent()).toBe('today')
      expect(await age.getAttribute('class')).not.toContain('stale')
      expect(await dataAge.textContent()).toMatch(/^\s*Refreshed by the service today \(/)
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `refresh-shortlist-changed-${width}-${colorScheme}`)
      }

      // Contacts says the new job too (the card bought before said the old one).
      await page.keyboard.press('3')
      await expect.poll(() => contactRow.textContent()).toContain(newCompany)
      for (const width of [1024, 1440]) {
        await page.setViewportSize({ width, height: 800 })
        await shot(page, `refresh-contacts-changed-${width}-${colorScheme}`)
      }
      await page.setViewportSize({ width: 1280, height: 800 })
    }, 120_000)
  })
}
