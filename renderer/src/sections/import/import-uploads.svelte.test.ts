import { beforeAll, describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../shared/ipc/bridge'
import type { ImportBatch, OpenedImport } from '../../../../shared/ipc/channels/imports'
import { createClient } from '../../lib/client'
import { ImportState } from './import-state.svelte'

/*
 * The page lets go of a workbook's upload once it is done with it. Main here keeps uploads as
 * main's registry does when it makes no room by itself: four at once at most, a fifth refused
 * with main's message (test/integration/services/import-uploads.test.ts checks main's own).
 */

const MAX_OPEN = 4

/** Main's upload registry as the page meets it: pieces kept per upload, four uploads at most. */
class Uploads {
  readonly open = new Map<string, { chunks: string[]; complete: boolean }>()
  #next = 0

  start(): string {
    if (this.open.size >= MAX_OPEN) {
      throw Object.assign(
        new Error('Other spreadsheets are still being read. Wait for them to finish, then try again.'),
        {
          code: 'conflict'
        }
      )
    }
    const uploadId = `upload-${String((this.#next += 1)).padStart(17, '0')}`
    this.open.set(uploadId, { chunks: [], complete: false })
    return uploadId
  }

  append(uploadId: string, chunk: string, last: boolean): { received: number } {
    const upload = this.open.get(uploadId)
    if (upload === undefined)
      throw Object.assign(new Error('That spreadsheet upload is no longer here.'), { code: 'not_found' })
    upload.chunks.push(chunk)
    upload.complete = last
    return { received: upload.chunks.join('').length }
  }

  use(uploadId: string): void {
    if (!this.open.get(uploadId)?.complete) {
      throw Object.assign(new Error('That spreadsheet upload is no longer here.'), { code: 'not_found' })
    }
  }

  discard(uploadId: string): boolean {
    return this.open.delete(uploadId)
  }
}

// The browser reads a file as a data URL with FileReader; Node has Blob but not FileReader.
beforeAll(() => {
  if ('FileReader' in globalThis) return
  class NodeFileReader {
    result: string | null = null
    error: Error | null = null
    onload: (() => void) | null = null
    onerror: (() => void) | null = null
    readAsDataURL(blob: Blob) {
      blob.arrayBuffer().then(
        (bytes) => {
          this.result = `data:application/octet-stream;base64,${btoa(String.fromCharCode(...new Uint8Array(bytes)))}`
          this.onload?.()
        },
        (error: Error) => {
          this.error = error
          this.onerror?.()
        }
      )
    }
  }
  Object.assign(globalThis, { FileReader: NodeFileReader })
})

function batchOf(id: string, fileName: string, state: ImportBatch['state'] = 'mapping'): ImportBatch {
  const counts = { rows: 1, skipped: 1, unmatchable: 0, duplicate: 0, pending: 1, matched: 0, doubtful: 0 }
  return {
    id,
    fileName,
    format: 'xlsx',
    sheet: 'People',
    sheets: [
      { name: 'People', hidden: false },
      { name: 'Other', hidden: false }
    ],
    encoding: null,
    delimiter: null,
    notes: [],
    headerRow: 0,
    headerSheetRow: 1,
    headers: ['Name'],
    mapping: ['name'],
    suggested: ['name'],
    remembered: false,
    state,
    threshold: 15,
    resorting: false,
    counts: { ...counts, none: 0, failed: 0, accepted: 0, rejected: 0 },
    rowsPerSecond: null,
    etaSeconds: null,
    problem: null,
    shortlistId: null,
    createdAt: '2026-11-26T08:00:00.000Z',
    updatedAt: '2026-11-26T08:00:00.000Z'
  }
}

/** Main's import channels over a real upload registry; each workbook read becomes a batch. */
function mainWithUploads() {
  const uploads = new Uploads()
  const batches = new Map<string, ImportBatch>()
  const answer = async <T>(work: () => T | Promise<T>) => {
    try {
      return { ok: true as const, data: await work() }
    } catch (error) {
      const failure = error as Error & { code: string }
      return { ok: false as const, error: { code: failure.code, message: failure.message } }
    }
  }
  const opened = (batch: ImportBatch): OpenedImport => ({ batch, preview: [['Name']], previewRows: [1] })
  const bridge = {
    startImportUpload: () => answer(() => ({ uploadId: uploads.start() })),
    appendImportUpload: (input: { uploadId: string; chunk: string; last: boolean }) =>
      answer(() => uploads.append(input.uploadId, input.chunk, input.last)),
    discardImportUpload: (input: { uploadId: string }) =>
      answer(() => ({ discarded: uploads.discard(input.uploadId) })),
    openImport: (input: { uploadId: string; fileName: string; replaces?: string }) =>
      answer(async () => {
        uploads.use(input.uploadId)
        if (input.replaces !== undefined) batches.delete(input.replaces)
        const batch = batchOf(`batch-${String(batches.size + 1).padStart(4, '0')}`, input.fileName)
        batches.set(batch.id, batch)
        return opened(batch)
      }),
    getImport: (input: { batchId: string }) => answer(() => opened(batches.get(input.batchId)!)),
    startImportMatch: (input: { batchId: string }) =>
      answer(() => {
        const batch = { ...batches.get(input.batchId)!, state: 'matching' as const }
        batches.set(batch.id, batch)
        return batch
      }),
    listImports: () => answer(() => [...batches.values()]),
    listImportRows: () => answer(() => ({ total: 0, rows: [] })),
    on: () => () => undefined
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), uploads, batches }
}

const workbook = (name: string) => new File([`PK\u0003\u0004 ${name}`], name)

describe('the Import page lets go of the uploads it keeps', () => {
  it('opens six workbooks in a row, keeping only the open one’s upload', async () => {
    const main = mainWithUploads()
    const imports = new ImportState(main.client)
    for (let n = 1; n <= 6; n += 1) {
      await imports.openFile(workbook(`people-${n}.xlsx`))
      expect(imports.error, `workbook ${n}`).toBeNull()
      expect(imports.batch?.fileName).toBe(`people-${n}.xlsx`)
      // the open workbook's other sheets can still be read
      expect(imports.canChangeSheet).toBe(true)
    }
    await imports.chooseSheet('Other')
    expect(imports.error).toBeNull()
    // one upload is kept (the open workbook's): a fifth is never refused
    for (let n = 0; n < 3; n += 1) main.uploads.start()
    expect(() => main.uploads.start()).toThrow(/Other spreadsheets are still being read/)
  })

  it('lets go when matching starts, when another import is opened, and when the section is left', async () => {
    const main = mainWithUploads()
    const imports = new ImportState(main.client)
    const fill = () => {
      const started: string[] = []
      for (;;) {
        try {
          started.push(main.uploads.start())
        } catch {
          break
        }
      }
      for (const uploadId of started) main.uploads.discard(uploadId)
      return started.length
    }

    await imports.openFile(workbook('first.xlsx'))
    const first = imports.batch!.id
    expect(fill()).toBe(3)
    await imports.act('startImportMatch')
    expect(imports.canChangeSheet).toBe(false)
    expect(fill()).toBe(4)

    await imports.openFile(workbook('second.xlsx'))
    expect(fill()).toBe(3)
    await imports.open(first)
    expect(fill()).toBe(4)

    await imports.openFile(workbook('third.xlsx'))
    expect(fill()).toBe(3)
    await imports.letGoOfUpload() // what the section does when it is left
    expect(fill()).toBe(4)
  })
})
