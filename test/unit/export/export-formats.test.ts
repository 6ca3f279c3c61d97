import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  defaultExportFormat,
  exportFormatIds,
  exportFormats,
  formatTakes,
  type ExportFormat
} from '../../../shared/export-formats'
import { exportChannels } from '../../../shared/ipc/channels/export'
import { exportWriters } from '../../../electron/main/export/export-writers'

/*
 * Export formats are one table (shared/export-formats.ts) and one table of writers
 * (electron/main/export/export-writers.ts): the contract, main and the export dialog take the
 * formats from them, so a new format is an entry in each and nowhere else.
 */

const root = path.resolve(__dirname, '../../..')

/** The sources that deal with export formats: none names a format but the tables. */
const sources = [
  'shared/ipc/channels/export.ts',
  'electron/host/bridge-routes.ts',
  ...['electron/main/export', 'renderer/src/components/export'].flatMap((folder) =>
    fs
      .readdirSync(path.join(root, folder))
      .filter((name) => /\.(ts|svelte)$/.test(name) && !name.includes('.test.'))
      .map((name) => `${folder}/${name}`)
  )
]

const input = (format?: string) => ({
  exportId: 'e-1',
  source: { kind: 'shortlist', shortlistId: 'sl-1' },
  columns: { preset: 'basic' },
  ...(format === undefined ? {} : { format })
})

describe('export formats', () => {
  it('the exportCsv channel takes exactly the formats of the table, the first by default', () => {
    const schema = exportChannels.exportCsv.input
    for (const format of exportFormatIds) expect(schema.parse(input(format)).format).toBe(format)
    expect(schema.parse(input()).format).toBe(exportFormatIds[0])
    expect(defaultExportFormat).toBe(exportFormatIds[0])
    expect(schema.safeParse(input('pdf')).success).toBe(false)
    expect(exportFormatIds).toEqual(Object.keys(exportFormats))
  })

  it('main has one writer per format of the table, and no other', () => {
    expect(Object.keys(exportWriters).sort()).toEqual([...exportFormatIds].sort())
  })

  it('no source of the export, its dialog or the download host names a format id outside the tables', () => {
    expect(sources.length).toBeGreaterThan(10)
    const id = new RegExp(`(['"\`])(${exportFormatIds.join('|')})\\1`, 'g')
    const named = sources.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(id)].map((match) => `${file}: ${match[0]}`)
    )
    expect(named).toEqual([])
  })

  it('only the formats whose entry says so take a byte order mark', () => {
    expect(exportFormatIds.filter((format) => formatTakes(format, 'bom'))).toEqual(['csv'])
  })

  describe('each writer', () => {
    let dir: string
    beforeEach(() => {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-formats-'))
    })
    afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

    const magic: Record<ExportFormat, (bytes: Buffer) => boolean> = {
      csv: (bytes) => bytes.toString('utf8').replace(/^\uFEFF/, '') === 'Name\r\nAna Peña\r\n',
      // a workbook is a zip file
      xlsx: (bytes) => bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]))
    }

    it.each(exportFormatIds)('writes a %s file with its rows', async (format) => {
      const file = path.join(dir, `people.${exportFormats[format].extension}`)
      const written = await exportWriters[format]([{ profile: { full_name: 'Ana Peña' } }], file, {
        columns: [{ header: 'Name', path: 'profile.full_name' }]
      })
      expect(written).toMatchObject({ path: file, rows: 1 })
      expect(magic[format](fs.readFileSync(file))).toBe(true)
    })
  })
})
