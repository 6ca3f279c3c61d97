import fs from 'node:fs'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store } from '../../../electron/main/store'
import { SpreadsheetExportService } from '../../../electron/main/export/spreadsheet-export-service'
import { makeProfile } from './fixtures/profiles'
import { openTestStore, removeDir, tempDir } from './helpers'

let dir: string
let store: Store
beforeEach(() => {
  dir = tempDir('td-export-')
  ;({ store } = openTestStore(path.join(dir, 'data')))
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

const read = (file: string): Array<Record<string, string>> =>
  parse(fs.readFileSync(file), { bom: true, columns: true }) as Array<Record<string, string>>

describe('SpreadsheetExportService', () => {
  it('exports a whole shortlist (more rows than one page) with recruiter fields and the latest stored contacts', async () => {
    const list = store.shortlists.create('Backend')
    store.members.addMany(
      list.id,
      Array.from({ length: 2345 }, (_, i) => ({
        profile: makeProfile(i),
        notes: `n${i}`,
        tags: ['t1', 't2'],
        rating: i % 6
      }))
    )
    store.members.update(store.members.findByKey(list.id, 'p-1-7')?.id ?? 0, { stage: 'Offer' })
    store.contacts.saveResponse({
      results: [{ request: { key: 'p-1-7' }, emails: [{ email: 'old@x.example' }], phone_numbers: [] }]
    })
    store.contacts.saveResponse({
      results: [
        {
          request: { key: 'p-1-7' },
          emails: [{ email: 'new@x.example' }, { email: 'b@x.example' }],
          phone_numbers: [{ number: '+44 20 7946 0958' }]
        }
      ]
    })
    const progress: number[] = []
    const file = path.join(dir, 'backend.csv')
    const result = await new SpreadsheetExportService(store.memberRecords).toFile(
      {
        source: { kind: 'shortlist', shortlistId: list.id },
        columns: { preset: 'contact' },
        onProgress: (p) => progress.push(p.written)
      },
      file
    )
    expect(result.rows).toBe(2345)
    expect(progress.at(-1)).toBe(2345)
    const rows = read(file)
    expect(rows).toHaveLength(2345)
    expect(rows.map((r) => r.Key)).toEqual(Array.from({ length: 2345 }, (_, i) => `p-1-${i}`))
    const seven = rows[7]
    expect(seven).toMatchObject({
      Name: makeProfile(7).full_name,
      Emails: 'new@x.example; b@x.example',
      Phones: "'+44 20 7946 0958",
      Stage: 'Offer'
    })
    expect(rows[8]?.Emails).toBe('')

    const basic = path.join(dir, 'basic.csv')
    await new SpreadsheetExportService(store.memberRecords).toFile(
      { source: { kind: 'shortlist', shortlistId: list.id }, columns: { preset: 'basic' } },
      basic
    )
    expect(read(basic)[3]).toMatchObject({
      Notes: 'n3',
      Tags: 't1; t2',
      Rating: '3',
      Stage: 'New',
      Skills: (makeProfile(3).skills as string[]).join('; ')
    })
  })

  it('exports a selection of members and unsaved search results, custom columns, to a stream', async () => {
    const list = store.shortlists.create('L')
    const { added } = store.members.addMany(
      list.id,
      [0, 1, 2, 3].map((i) => ({ profile: makeProfile(i) }))
    )
    const selection = path.join(dir, 'selection.csv')
    await new SpreadsheetExportService(store.memberRecords).toFile(
      {
        source: { kind: 'members', memberIds: [added[3] ?? 0, added[1] ?? 0] },
        columns: { columns: ['profile.key', { header: 'Jobs', path: 'profile.positions.company' }] }
      },
      selection
    )
    expect(read(selection).map((r) => r['profile.key'])).toEqual(['p-1-3', 'p-1-1'])
    expect(read(selection)[0]?.Jobs).toBe(
      (makeProfile(3).positions as Array<{ company: string }>).map((p) => p.company).join('; ')
    )

    const sink = new PassThrough()
    const chunks: Buffer[] = []
    sink.on('data', (chunk: Buffer) => chunks.push(chunk))
    const profiles = [{ ...makeProfile(9), contacts: { emails: [{ email: 'from-profile@x.example' }] } }]
    const { rows } = await new SpreadsheetExportService(store.memberRecords).toStream(
      { source: { kind: 'profiles', profiles }, columns: { preset: 'contact' }, bom: false },
      sink
    )
    expect(rows).toBe(1)
    const parsed = parse(Buffer.concat(chunks), { columns: true }) as Array<Record<string, string>>
    expect(parsed[0]).toMatchObject({ Emails: 'from-profile@x.example', Stage: '' })
  })

  it('refuses an invalid column choice before writing anything', async () => {
    const service = new SpreadsheetExportService(store.memberRecords)
    await expect(
      service.toFile(
        { source: { kind: 'profiles', profiles: [] }, columns: { columns: ['require.cache'] } },
        path.join(dir, 'x.csv')
      )
    ).rejects.toMatchObject({ code: 'invalid_input' })
    expect(fs.existsSync(path.join(dir, 'x.csv'))).toBe(false)
  })
})
