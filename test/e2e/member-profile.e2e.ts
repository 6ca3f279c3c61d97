/// <reference lib="dom" />
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BRIDGE_SESSION_HEADER } from '../../shared/ipc/bridge'
import { generateProfiles } from '../../sandbox/data/generate'
import { shot, startApp, type E2eApp } from './support'

// The whole-person profile inside the Shortlists member detail: sandbox-shaped people with each
// rich section, and a damaged record that must still render with its diagnostics.
const people = generateProfiles({ count: 2000, seed: 3 })
const coder = people.find((p) => p.user_repos?.[0]?.name && p.full_name)!
const doctor = people.find((p) => p.healthcare_profile?.npi_number && p.full_name)!
const nurse = people.find((p) => p.nurse_profile?.nurse_license_info?.[0]?.state_name && p.full_name)!
const scholar = people.find((p) => (p.recent_papers?.length ?? 0) > 0 && p.full_name)!
const earner = people.find((p) => p.salary_data && p.full_name)!
const malformed = {
  key: 'broken-1',
  full_name: 'Malformed Record',
  cur_title: 42,
  skills: 'not a list',
  positions: [null, { title: ['x'], company_name: 'Initech' }],
  healthcare_profile: null,
  salary_data: { p_10: 'low', median: null },
  favourite_tool: 'vim'
}

for (const colorScheme of ['light', 'dark'] as const) {
  describe(`the whole profile in a shortlist (${colorScheme})`, () => {
    let app: E2eApp
    let page: Page
    beforeAll(async () => {
      app = await startApp({ colorScheme, sandboxProfiles: 0 })
      page = app.page
    })
    afterAll(() => app?.close())

    async function bridge<T>(channel: string, input: unknown): Promise<T> {
      const response = await fetch(`${app.host.origin}/bridge/${channel}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          [BRIDGE_SESSION_HEADER]: app.session
        },
        body: JSON.stringify(input)
      })
      const reply = (await response.json()) as { ok: boolean; data: T; error?: unknown }
      if (!reply.ok) throw new Error(`${channel}: ${JSON.stringify(reply.error)}`)
      return reply.data
    }

    async function open(name: string) {
      await page.getByTestId('member-list').getByRole('option').filter({ hasText: name }).click()
      await page.keyboard.press('Enter')
      await page.getByTestId('member-detail').getByRole('heading', { name }).waitFor()
      return page.getByTestId('member-detail')
    }

    it('shows codehost, healthcare, nursing, academic and salary sections, and a damaged record', async () => {
      const list = await bridge<{ id: string }>('createShortlist', { name: 'Whole profiles' })
      const added = await bridge<{ rejected: unknown[] }>('addMembers', {
        shortlistId: list.id,
        profiles: [coder, doctor, nurse, scholar, earner, malformed]
      })
      expect(added.rejected).toEqual([])
      await page.reload()
      await page.getByRole('navigation', { name: 'Sections' }).waitFor()
      await page.keyboard.press('5')
      await page
        .getByRole('listbox', { name: 'Shortlists' })
        .getByRole('option')
        .filter({ hasText: 'Whole profiles' })
        .click()

      let detail = await open(coder.full_name!)
      expect(await detail.getByTestId('profile-section-codehost').textContent()).toContain(coder.user_repos![0]!.name!)
      await shot(page, `member-profile-codehost-${colorScheme}`)

      detail = await open(doctor.full_name!)
      expect(await detail.getByTestId('profile-section-healthcare').textContent()).toContain(
        doctor.healthcare_profile!.npi_number!
      )
      await shot(page, `member-profile-healthcare-${colorScheme}`)

      detail = await open(nurse.full_name!)
      expect(await detail.getByTestId('profile-section-nurse').textContent()).toContain(
        nurse.nurse_profile!.nurse_license_info![0]!.state_name!
      )

      detail = await open(scholar.full_name!)
      await detail.getByTestId('profile-section-academic').waitFor()

      detail = await open(earner.full_name!)
      const salary = detail.getByTestId('profile-section-salary')
      await salary.locator('svg').waitFor()
      await salary.scrollIntoViewIfNeeded()
      await shot(page, `member-profile-salary-${colorScheme}`)

      detail = await open('Malformed Record')
      // whole: its sections below the current role come a frame after it (aria-busy meanwhile)
      await detail.locator('[data-testid="profile-view"][aria-busy="false"]').waitFor()
      // A salary band with no usable figure is not shown as an empty section.
      expect(await detail.getByTestId('profile-section-salary').count()).toBe(0)
      const issues = detail.getByTestId('profile-issues')
      await issues.waitFor()
      expect(await issues.locator('summary').textContent()).toMatch(/\d+ fields? do(es)? not match the API description/)
      await issues.locator('summary').click()
      expect(await issues.textContent()).toContain('cur_title')
      await shot(page, `member-profile-malformed-${colorScheme}`)
      await detail.getByTestId('profile-raw-tab').click()
      expect(await detail.getByTestId('profile-raw').textContent()).toContain('favourite_tool')
    })
  })
}
