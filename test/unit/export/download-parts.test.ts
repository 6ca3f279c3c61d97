import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { DownloadRegistry } from '../../../electron/main/transfers/downloads'
import { partFileOf } from '../../../electron/main/export/csv-export'

let dir: string
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-parts-'))
})
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }))

describe('partial downloads left by an export that was killed', () => {
  it('are cleared at start, with the registry’s own files, and nothing else is', () => {
    const registry = new DownloadRegistry({ dir })
    const download = registry.reserve('Backend.csv')
    // the name an export writes on its way to the download (writeThroughPart), as a crash leaves it
    const part = partFileOf(download.path)
    fs.writeFileSync(part, 'Name,Title\r\nAna,')
    const others = [
      'notes.txt',
      'cv.download.part-0123abcd', // not an id the registry gives
      `${path.basename(download.path)}.part-0123abcd.bak`,
      `${path.basename(download.path)}.part-XYZ`,
      `${path.basename(download.path)}.partial`,
      'AAAAAAAAAAAAAAAAAAAAAAAA.csv.part-0123abcd'
    ]
    for (const name of others) fs.writeFileSync(path.join(dir, name), 'mine')
    fs.mkdirSync(path.join(dir, 'AAAAAAAAAAAAAAAAAAAAAAAA.download.part-0123abcd'))

    // the app starts again
    new DownloadRegistry({ dir }).clear()
    expect(fs.existsSync(part)).toBe(false)
    expect(fs.readdirSync(dir).sort()).toEqual([...others, 'AAAAAAAAAAAAAAAAAAAAAAAA.download.part-0123abcd'].sort())
  })
})
