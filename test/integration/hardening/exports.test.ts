import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TOO_DEEP_CELL } from '../../../electron/main/export/csv-columns'
import { startMain, type TestMain } from '../services/helpers'
import { deepArray, deepObject, protoObject } from './schema-arbitraries'

/*
 * Search results and usage rows reach exportCsv as the service sent them (any JSON object): a
 * hostile server's deep or formula-like values must still export, cell by cell.
 */

describe('exporting hostile search results', () => {
  let main: TestMain
  beforeAll(async () => {
    main = await startMain()
  })
  afterAll(() => main.close())

  async function exported(input: Parameters<TestMain['ok']>[1] & object): Promise<string> {
    const result = await main.ok('exportCsv', input as never)
    if (result.cancelled || result.target.kind !== 'download') throw new Error('expected a download')
    const download = main.services.downloads.take(result.target.downloadId)!
    const text = readFileSync(download.path, 'utf8')
    main.services.downloads.release(download)
    return text
  }

  it('a value nested thousands deep is named in its cell; the rest of the row is written', async () => {
    // It failed the whole export as "could not be written … free space" (JSON.stringify overflowed the stack).
    for (const [kind, key] of [
      ['profiles', 'profile'],
      ['transactions', 'transaction']
    ] as const) {
      const rows = [
        { key: 'k-1', full_name: 'Deep Object', a: deepObject(5_000) },
        { key: 'k-2', full_name: 'Deep Array', a: deepArray(5_000) },
        { ...protoObject(), key: 'k-3', full_name: 'Shallow', a: { b: [1, 2] } }
      ]
      for (const format of ['csv', 'xlsx'] as const) {
        const result = await main.ok('exportCsv', {
          exportId: `deep-${kind}-${format}`,
          format,
          source: kind === 'profiles' ? { kind, profiles: rows } : { kind, transactions: rows },
          columns: { columns: [`${key}.key`, `${key}.a`, `${key}.a.x`, `${key}.full_name`] }
        })
        expect(result, `${kind} ${format}`).toMatchObject({ cancelled: false, rows: 3 })
      }
      const text = await exported({
        exportId: `deep-${kind}`,
        bom: false,
        source: kind === 'profiles' ? { kind, profiles: rows } : { kind, transactions: rows },
        columns: { columns: [`${key}.key`, `${key}.a`, `${key}.full_name`] }
      })
      const lines = text.trim().split(/\r?\n/)
      // no "Do not contact" column: it is there only when someone is flagged in it
      expect(lines[1]).toBe(`k-1,${TOO_DEEP_CELL},Deep Object`)
      expect(lines[2]).toBe(`k-2,${TOO_DEEP_CELL},Deep Array`)
      expect(lines[3]).toBe(`k-3,"{""b"":[1,2]}",Shallow`)
    }
  })

  it('formula-like values are written as text', async () => {
    const text = await exported({
      exportId: 'formulas',
      bom: false,
      source: {
        kind: 'profiles',
        profiles: ['=HYPERLINK("http://evil.example")', '+cmd|calc', '-2+3', '@SUM(1)', '\tx'].map((name, i) => ({
          key: `f-${i}`,
          full_name: name
        }))
      },
      columns: { columns: ['profile.full_name'] }
    })
    const cells = text.trim().split(/\r?\n/).slice(1)
    for (const cell of cells) expect(cell.replace(/^"/, '')).toMatch(/^'/)
  })
})
