/// <reference lib="dom" />
import { createHash } from 'node:crypto'
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import Database from 'better-sqlite3'
import type { Page } from 'playwright-core'
import { afterEach, describe, expect, it } from 'vitest'
import { BackupService } from '../../electron/main/export/backup'
import { openDatabase, openStore, storeFilePath, systemClock } from '../../electron/main/store'
import { migrations } from '../../electron/main/store/migrations'
import { shot, startApp, type E2eApp } from './support'

// A data file refused at start: the banner in Chromium over the browser host, on real files.
let app: E2eApp | undefined
afterEach(async () => {
  await app?.close()
  app = undefined
})

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex')
const garbage = Buffer.from('this is not a database '.repeat(400))

/** Presses Tab until the focused element's text matches, so the control is keyboard reachable. */
async function tabTo(page: Page, text: RegExp, limit = 30): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    const focused = await page.evaluate(() => document.activeElement?.textContent?.trim() ?? '')
    if (text.test(focused)) return
  }
  throw new Error(`Tab never reached ${text}`)
}

/** WCAG contrast of an element's text against the banner's background. */
async function contrast(page: Page, selector: string): Promise<number> {
  return page.evaluate((sel) => {
    const parse = (colour: string) => (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number)
    const luminance = (rgb: number[]) => {
      const [r = 0, g = 0, b = 0] = rgb.map((v) => {
        const c = v / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const element = document.querySelector(sel)!
    const banner = document.querySelector('[data-testid="store-banner"]')!
    const fg = luminance(parse(getComputedStyle(element).color))
    const bg = luminance(parse(getComputedStyle(banner).backgroundColor))
    return (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05)
  }, selector)
}

describe('a refused data file', () => {
  it('shows the banner, moves the damaged file aside by keyboard, and shortlists work again', async () => {
    app = await startApp({ seedStoreFile: garbage })
    const { page, dataDir } = app
    const file = storeFilePath(dataDir)
    const banner = page.getByTestId('store-banner')
    await banner.waitFor()
    expect(await page.getByTestId('store-banner-message').textContent()).toMatch(/damaged.*left untouched/)
    expect(await page.getByTestId('store-banner-file').textContent()).toBe(file)
    expect(await contrast(page, '[data-testid="store-banner-message"]')).toBeGreaterThanOrEqual(4.5)

    // The banner stays above every section; Shortlists says plainly that the store is refused.
    await page.keyboard.press('5')
    await page.getByRole('heading', { level: 1, name: 'Shortlists' }).waitFor()
    await page.getByText('Your saved data file is damaged').waitFor()
    await shot(page, 'store-recovery')

    // Keyboard only: reach the button, open the confirmation, cancel it with Esc — nothing moves.
    await tabTo(page, /^Move it aside and start fresh/)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Move the data file aside and start fresh?' })
    await dialog.waitFor()
    const explained = (await dialog.textContent()) ?? ''
    expect(explained).toContain('talent-desk.sqlite.corrupt-')
    expect(explained).toContain(dataDir)
    expect(explained).toContain('nothing is deleted')
    await page.keyboard.press('Escape')
    await dialog.waitFor({ state: 'detached' })
    expect(sha256(readFileSync(file))).toBe(sha256(garbage))

    await tabTo(page, /^Move it aside and start fresh/)
    await page.keyboard.press('Enter')
    await dialog.waitFor()
    await tabTo(page, /^Move it aside and start fresh$/, 5)
    await page.keyboard.press('Enter')

    const notice = page.getByTestId('store-notice')
    await notice.waitFor()
    await banner.waitFor({ state: 'detached' })
    const text = (await notice.textContent()) ?? ''
    expect(text).toContain('Started with a fresh store; the old file is kept at')
    expect(text).toContain('restore a JSON backup from Shortlists → Restore…')
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('talent-desk.sqlite.corrupt-'))
    expect(aside).toHaveLength(1)
    expect(text).toContain(join(dataDir, aside[0]!))
    expect(sha256(readFileSync(join(dataDir, aside[0]!)))).toBe(sha256(garbage))

    // The Shortlists screen reads the fresh store: empty, and n creates a shortlist.
    await page.getByTestId('shortlists-empty').waitFor()
    await page.locator('body').click({ position: { x: 600, y: 700 } })
    await page.keyboard.press('n')
    const name = page.getByLabel('New shortlist')
    await name.waitFor()
    await name.fill('After the rescue')
    await name.press('Enter')
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option', { name: /After the rescue/ })
      .waitFor()
    await shot(page, 'store-recovery-done')

    // Doing what the notice says fixes the problem, and then the notice goes.
    const elsewhere = mkdtempSync(join(tmpdir(), 'td-e2e-backup-'))
    const other = openStore({ dataDir: elsewhere })
    other.shortlists.create('From the backup')
    const backupFile = join(elsewhere, 'backup.json')
    await new BackupService(other, systemClock).writeBackup(backupFile)
    other.close()
    await page.getByTestId('restore-file').setInputFiles(backupFile)
    await page
      .getByRole('listbox', { name: 'Shortlists' })
      .getByRole('option', { name: /From the backup/ })
      .waitFor()
    await expect.poll(() => notice.count()).toBe(0)
    expect(await page.getByText('Started with a fresh store').count()).toBe(0)
  })

  it('restores a pre-migration copy from the banner, keeping the damaged file', async () => {
    // A real copy: a schema-1 store with one shortlist, upgraded once (the upgrade writes the copy).
    const source = mkdtempSync(join(tmpdir(), 'td-e2e-copy-'))
    const old = openDatabase({ path: storeFilePath(source), migrations: migrations.slice(0, 1) })
    old.db.prepare("INSERT INTO shortlists (id, name, created_at, updated_at) VALUES ('s1', 'Kept', 'x', 'x')").run()
    old.close()
    const upgraded = openDatabase({ path: storeFilePath(source) })
    upgraded.close()
    const made = upgraded.preMigrationCopy!

    app = await startApp({ seedStoreFile: garbage })
    const { page, dataDir } = app
    // Copies are listed whenever the page asks, so one put beside the file shows after a reload.
    const copy = join(dataDir, basename(made))
    copyFileSync(made, copy)
    await page.reload()
    const restore = page.getByRole('button', { name: /^Restore the copy from / })
    await restore.waitFor()
    await restore.click()
    const dialog = page.getByRole('dialog', { name: /^Restore the copy from / })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('the copy itself stays')
    await dialog.getByRole('button', { name: 'Restore this copy' }).click()

    const notice = page.getByTestId('store-notice')
    await notice.waitFor()
    await page.getByTestId('store-banner').waitFor({ state: 'detached' })
    expect(await notice.textContent()).toMatch(/Restored the copy from .*; the old file is kept at /)
    expect(existsSync(copy)).toBe(true)
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('talent-desk.sqlite.corrupt-'))
    expect(aside.map((name) => sha256(readFileSync(join(dataDir, name))))).toEqual([sha256(garbage)])
    await page.keyboard.press('5')
    await page.getByRole('listbox', { name: 'Shortlists' }).getByRole('option', { name: /Kept/ }).waitFor()
  })

  it('leaves a newer file untouched and offers starting over only as a choice (dark)', async () => {
    const source = mkdtempSync(join(tmpdir(), 'td-e2e-newer-'))
    openStore({ dataDir: source }).close()
    const raw = new Database(storeFilePath(source))
    raw.pragma('user_version = 99')
    raw.close()
    const newer = readFileSync(storeFilePath(source))

    app = await startApp({ seedStoreFile: newer, colorScheme: 'dark' })
    const { page, dataDir } = app
    const file = storeFilePath(dataDir)
    const banner = page.getByTestId('store-banner')
    await banner.waitFor()
    await page.getByRole('heading', { name: 'Your data file is from a newer Talent Desk' }).waitFor()
    expect(await page.getByTestId('store-banner-message').textContent()).toMatch(/Update Talent Desk to open it/)
    expect(await contrast(page, '[data-testid="store-banner-message"]')).toBeGreaterThanOrEqual(4.5)
    expect(await contrast(page, '[data-testid="store-banner-file"]')).toBeGreaterThanOrEqual(4.5)
    await page.getByRole('button', { name: 'Start over with an empty store…' }).click()
    const dialog = page.getByRole('dialog', { name: 'Start over with an empty store?' })
    await dialog.waitFor()
    expect(await dialog.textContent()).toContain('a newer Talent Desk can still open it')
    await shot(page, 'store-recovery-newer-dark')
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await dialog.waitFor({ state: 'detached' })
    expect(sha256(readFileSync(file))).toBe(sha256(newer))
    expect(existsSync(`${file}-wal`)).toBe(false)
  })
})
