import fs from 'node:fs'
import path from 'node:path'
import { parse } from 'csv-parse/sync'
import { request } from 'undici'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBrowserHostApp } from '../../../electron/host/app-host'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { contentDisposition, SESSION_HEADER, type BrowserHost } from '../../../electron/host/server'
import { DOWNLOADS_FOLDER } from '../../../electron/main/transfers/downloads'
import { ManualClock, profiles, tempDir } from './helpers'

// The browser host has no save dialog: exports become downloads the page fetches once.
let host: BrowserHost
let dataDir: string
const logs: LogRecord[] = []

beforeAll(async () => {
  const rendererDir = tempDir('td-dl-renderer-')
  fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
  dataDir = tempDir('td-dl-data-')
  host = await startBrowserHostApp({
    rendererDir,
    dataDir,
    appName: 'Talent Desk',
    appVersion: '0.0.0',
    logger: createLogger((record) => logs.push(record)),
    versions: {},
    clock: new ManualClock()
  })
})
afterAll(() => host.close())

async function bridge<T>(channel: string, input: unknown): Promise<T> {
  const response = await request(`${host.origin}/bridge/${channel}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', [SESSION_HEADER]: host.newSession() },
    body: JSON.stringify(input)
  })
  const reply = (await response.body.json()) as { ok: boolean; data: T; error?: unknown }
  if (!reply.ok) throw new Error(JSON.stringify(reply.error))
  return reply.data
}

const fetchDownload = (id: string, headers: Record<string, string> = { [SESSION_HEADER]: host.newSession() }) =>
  request(`${host.origin}/bridge/download/${id}`, { headers })

describe('browser-host downloads', () => {
  it('serves an export once, with the guard of every bridge call, then deletes it', async () => {
    const list = await bridge<{ id: string }>('createShortlist', { name: 'Zoë’s list' })
    await bridge('addMembers', { shortlistId: list.id, profiles: profiles(40) })
    const result = await bridge<{ target: { kind: string; downloadId: string; fileName: string }; rows: number }>(
      'exportCsv',
      {
        exportId: 'd1',
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'basic' }
      }
    )
    expect(result.target).toMatchObject({ kind: 'download', fileName: 'Zoë’s list 2026-03-02.csv' })
    const { downloadId } = result.target

    const refusals: Array<[Record<string, string>, number]> = [
      [{}, 401],
      [{ [SESSION_HEADER]: 'x'.repeat(43) }, 401],
      [{ [SESSION_HEADER]: host.newSession(), origin: 'http://evil.example' }, 403],
      [{ [SESSION_HEADER]: host.newSession(), host: 'evil.example' }, 403]
    ]
    for (const [headers, status] of refusals) {
      const refused = await fetchDownload(downloadId, headers)
      expect(refused.statusCode).toBe(status)
      await refused.body.dump()
    }

    const response = await fetchDownload(downloadId)
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8')
    expect(response.headers['content-disposition']).toBe(contentDisposition('Zoë’s list 2026-03-02.csv'))
    const rows = parse(await response.body.text(), { bom: true }) as string[][]
    expect(rows).toHaveLength(41)
    expect(rows[0]![0]).toBe('Name')

    const again = await fetchDownload(downloadId)
    expect(again.statusCode).toBe(404)
    await again.body.dump()
    // The host deletes the file once the response has been sent, which may be just after the client has read it.
    await expect.poll(() => fs.readdirSync(path.join(dataDir, DOWNLOADS_FOLDER))).toEqual([])
    expect(logs.filter((record) => record.level === 'error')).toEqual([])
    const unknown = await fetchDownload('../../etc/passwd')
    expect([403, 404]).toContain(unknown.statusCode)
    await unknown.body.dump()
  })

  it('a download the browser stops half-way is no failure of the host, and its file goes all the same', async () => {
    const list = await bridge<{ id: string }>('createShortlist', { name: 'Large' })
    await bridge('addMembers', { shortlistId: list.id, profiles: profiles(3_000) })
    const result = await bridge<{ target: { downloadId: string } }>('exportCsv', {
      exportId: 'd-stop',
      source: { kind: 'shortlist', shortlistId: list.id },
      columns: { preset: 'full' }
    })
    const before = logs.length
    const response = await fetchDownload(result.target.downloadId)
    expect(response.statusCode).toBe(200)
    // the first bytes, then the browser goes away (the user cancelled the download)
    for await (const _chunk of response.body) break
    await expect.poll(() => fs.readdirSync(path.join(dataDir, DOWNLOADS_FOLDER))).toEqual([])
    const since = logs.slice(before)
    expect(since.filter((record) => record.level === 'error')).toEqual([])
    expect(since.map((record) => record.event)).toContain('host.download_stopped')
  })

  it('serves a backup as JSON', async () => {
    const result = await bridge<{ target: { downloadId: string; fileName: string }; shortlists: number }>(
      'backupShortlists',
      {}
    )
    expect(result.target.fileName).toBe('talent-desk-shortlists-2026-03-02.json')
    const response = await fetchDownload(result.target.downloadId)
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8')
    const backup = (await response.body.json()) as { format: string; shortlists: unknown[] }
    expect(backup.format).toBe('talent-desk/shortlists-backup')
    expect(backup.shortlists).toHaveLength(result.shortlists)
  })

  it('names files with an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('Zoë "x".csv')).toBe(
      `attachment; filename="Zo_ _x_.csv"; filename*=UTF-8''Zo%C3%AB%20%22x%22.csv`
    )
  })
})

describe('a data folder that holds the recruiter’s own files', () => {
  it('keeps every file the app did not make through host start and stop, and cleans only its own leftovers', async () => {
    const rendererDir = tempDir('td-dl-renderer-')
    fs.writeFileSync(path.join(rendererDir, 'index.html'), '<!doctype html><html><head></head><body></body></html>')
    const home = tempDir('td-dl-home-') // as if started with --data-dir ~
    const own = {
      'downloads/cv-final.pdf': 'the recruiter’s CV',
      'downloads/projects/plan.txt': 'a plan',
      'tmp/notes.json': '{"mine":true}',
      [`${DOWNLOADS_FOLDER}/keep-me.txt`]: 'not a name the app gives',
      'Documents/offer.docx': 'an offer'
    }
    for (const [name, text] of Object.entries(own)) {
      fs.mkdirSync(path.dirname(path.join(home, name)), { recursive: true })
      fs.writeFileSync(path.join(home, name), text)
    }
    // Leftovers the app did make: a download never fetched, a restore copy from an older version.
    const leftoverDownload = path.join(home, DOWNLOADS_FOLDER, 'AAAAAAAAAAAAAAAAAAAAAAAA.download')
    const leftoverRestore = path.join(home, 'tmp', 'restore-0123456789abcdef.json')
    fs.writeFileSync(leftoverDownload, 'old export')
    fs.writeFileSync(leftoverRestore, '{"format":"talent-desk/shortlists-backup"}')

    const started = await startBrowserHostApp({
      rendererDir,
      dataDir: home,
      appName: 'Talent Desk',
      appVersion: '0.0.0',
      logger: createLogger((record) => logs.push(record)),
      versions: {},
      clock: new ManualClock()
    })
    expect(fs.existsSync(leftoverDownload)).toBe(false)
    expect(fs.existsSync(leftoverRestore)).toBe(false)
    await started.close()

    for (const [name, text] of Object.entries(own)) {
      expect(fs.readFileSync(path.join(home, name), 'utf8'), name).toBe(text)
    }
  })
})
