import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Writable } from 'node:stream'
import { parse } from 'csv-parse/sync'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { writeCsv, writeCsvFile } from '../../../electron/main/export/csv-export'
import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'
import { StoreError } from '../../../electron/main/store'
import { expectedCell, hostileCells } from './hostile-cells'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-csv-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

const columns: CsvColumn[] = [
  { header: 'Name', path: 'profile.full_name' },
  { header: 'Skills', path: 'profile.skills' },
  { header: 'Notes', path: 'member.notes' },
  { header: 'Titles', path: 'profile.positions.title' },
  { header: 'Score', path: 'profile.match_score' }
]

function hostileRows(): ExportRow[] {
  return hostileCells.map((cell, i) => ({
    profile: {
      key: `k${i}`,
      full_name: cell,
      skills: [cell, 'Rust'],
      positions: [{ title: cell }],
      match_score: i % 2 === 0 ? -i : i
    },
    member: { shortlist: 'L', stage: 'New', rating: null, tags: [], notes: cell, addedAt: '', profileCapturedAt: '' }
  }))
}

/** What the file must hold, derived from the input and the rules, not from the exporter. */
function expectedTable(rows: ExportRow[]): string[][] {
  return [
    columns.map((c) => c.header),
    ...rows.map((row) => {
      const p = row.profile as {
        full_name: string
        skills: string[]
        positions: Array<{ title: string }>
        match_score: number
      }
      return [
        expectedCell(p.full_name),
        expectedCell(p.skills.filter((s) => s !== '').join('; ')),
        expectedCell(row.member?.notes ?? ''),
        expectedCell(p.positions[0]?.title ?? ''),
        String(p.match_score)
      ]
    })
  ]
}

function readCsv(file: string): string[][] {
  return parse(fs.readFileSync(file), { bom: true, relax_column_count: false }) as string[][]
}

describe('CSV export', () => {
  it('round-trips the hostile corpus cell by cell through an independent parser, formulas neutralised', async () => {
    const rows = hostileRows()
    const file = path.join(dir, 'hostile.csv')
    const result = await writeCsvFile(rows, file, { columns })
    expect(result.rows).toBe(rows.length)
    const table = readCsv(file)
    const expected = expectedTable(rows)
    expect(table).toHaveLength(expected.length)
    table.forEach((cells, r) => cells.forEach((cell, c) => expect(cell, `row ${r} col ${c}`).toBe(expected[r]?.[c])))
    // Spot checks of the rules themselves.
    const names = table.map((cells) => cells[0])
    expect(names).toContain("'=1+1")
    expect(names).toContain("'+44 20 7946 0958")
    expect(names).toContain("'\t=1+1")
    expect(names).toContain('x'.repeat(10_000))
    expect(table.map((cells) => cells[4])).toContain('-2')
    expect(names.filter((name) => name !== undefined && /^[=+\-@\t\r]/.test(name))).toEqual([])
  })

  it('writes RFC 4180: CRLF between records, quotes around comma, quote, CR and LF, quotes doubled', async () => {
    const chunks: Buffer[] = []
    const out = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk)
        done()
      }
    })
    const rows: ExportRow[] = [
      { profile: { a: 'plain', b: 'a,b' } },
      { profile: { a: 'say "hi"', b: 'one\ntwo' } },
      { profile: { a: 'cr\rhere', b: 'crlf\r\nhere' } }
    ]
    await writeCsv(rows, out, {
      columns: [
        { header: 'A', path: 'profile.a' },
        { header: 'B', path: 'profile.b' }
      ],
      bom: false
    })
    expect(Buffer.concat(chunks).toString('utf8')).toBe(
      'A,B\r\nplain,"a,b"\r\n"say ""hi""","one\ntwo"\r\n"cr\rhere","crlf\r\nhere"\r\n'
    )
  })

  it('starts with a UTF-8 BOM unless told not to', async () => {
    const rows: ExportRow[] = [{ profile: { full_name: 'Zoë Łukasz' } }]
    const withBom = path.join(dir, 'bom.csv')
    const without = path.join(dir, 'nobom.csv')
    await writeCsvFile(rows, withBom, { columns: columns.slice(0, 1) })
    await writeCsvFile(rows, without, { columns: columns.slice(0, 1), bom: false })
    expect([...fs.readFileSync(withBom).subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    expect(fs.readFileSync(without).subarray(0, 4).toString()).toBe('Name')
    expect(fs.readFileSync(withBom).subarray(3).equals(fs.readFileSync(without))).toBe(true)
    expect(readCsv(withBom)[1]).toEqual(['Zoë Łukasz'])
  })

  it('reports progress every batch and once at the end', async () => {
    const events: Array<[number, number | undefined]> = []
    const rows = Array.from({ length: 2500 }, (_, i): ExportRow => ({ profile: { full_name: `n${i}` } }))
    await writeCsvFile(rows, path.join(dir, 'p.csv'), {
      columns: columns.slice(0, 1),
      total: rows.length,
      batchSize: 1000,
      onProgress: (p) => events.push([p.written, p.total])
    })
    expect(events).toEqual([
      [1000, 2500],
      [2000, 2500],
      [2500, 2500]
    ])
  })

  it('pulls rows only as fast as the destination drains (bounded buffering)', async () => {
    let produced = 0
    let maxAhead = 0
    let consumedBytes = 0
    const rowBytes = 'row-000000\r\n'.length
    function* rows(): Generator<ExportRow> {
      for (let i = 0; i < 20_000; i += 1) {
        produced += 1
        maxAhead = Math.max(maxAhead, produced - Math.floor(consumedBytes / rowBytes))
        yield { profile: { full_name: `row-${String(i).padStart(6, '0')}` } }
      }
    }
    const slow = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _encoding, done) {
        consumedBytes += chunk.length
        setImmediate(done)
      }
    })
    const { rows: count } = await writeCsv(rows(), slow, { columns: columns.slice(0, 1), batchSize: 500, bom: false })
    expect(count).toBe(20_000)
    // A few batches in flight at most, not the whole export.
    expect(maxAhead).toBeLessThan(2_500)
  })

  it('leaves no file behind when cancelled or when the folder is missing', async () => {
    const controller = new AbortController()
    function* rows(): Generator<ExportRow> {
      for (let i = 0; i < 100_000; i += 1) {
        if (i === 3000) controller.abort()
        yield { profile: { full_name: `n${i}` } }
      }
    }
    const file = path.join(dir, 'cancelled.csv')
    const error = await writeCsvFile(rows(), file, { columns: columns.slice(0, 1), signal: controller.signal }).catch(
      (e: unknown) => e
    )
    expect(error).toBeInstanceOf(StoreError)
    expect((error as StoreError).code).toBe('export_cancelled')
    expect(fs.readdirSync(dir)).toEqual([])

    const missing = await writeCsvFile([], path.join(dir, 'no', 'such', 'x.csv'), { columns }).catch((e: unknown) => e)
    expect((missing as StoreError).code).toBe('export_failed')
  })
})
