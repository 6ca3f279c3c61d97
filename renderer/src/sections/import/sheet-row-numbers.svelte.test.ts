import { render } from 'svelte/server'
import { describe, expect, it } from 'vitest'
import type { ImportBatch, ImportRow, OpenedImport } from '../../../../shared/ipc/channels/imports'
import type { ImportState } from './import-state.svelte'
import MappingStep from './MappingStep.svelte'
import CandidateCompare from './CandidateCompare.svelte'

// Issue 29, item 2: the page names rows by their number in the sheet (a title block at rows 1–2,
// a blank row 3, the header at row 4), not by their place among the rows read.
const counts = { rows: 3, skipped: 3, unmatchable: 0, duplicate: 1, pending: 2, matched: 0, doubtful: 0 }
const batch: ImportBatch = {
  id: 'batch-0001',
  fileName: 'speakers.xlsx',
  format: 'xlsx',
  sheet: 'Speakers',
  sheets: [{ name: 'Speakers', hidden: false }],
  encoding: null,
  delimiter: null,
  notes: ['1 empty rows were skipped.'],
  headerRow: 2,
  headerSheetRow: 4,
  headers: ['Name', 'Email'],
  mapping: ['name', 'email'],
  suggested: ['name', 'email'],
  remembered: false,
  state: 'mapping',
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
const opened: OpenedImport = {
  batch,
  preview: [
    ['Speakers 2026'],
    ['Booth team'],
    ['Name', 'Email'],
    ['Ana Peña', 'ana@x.example'],
    ['Ana Peña', 'ana@x.example']
  ],
  previewRows: [1, 2, 4, 5, 9]
}

describe('row numbers on the Import pages', () => {
  it('the mapping step says the header row is row 4 and numbers the preview as the sheet does', () => {
    const { body } = render(MappingStep, {
      props: { imports: { opened, batch, busy: false } as unknown as ImportState }
    })
    expect(body).toContain('the header row is row 4')
    const numbers = [...body.matchAll(/<td class="row-no[^"]*">(\d+)<\/td>/g)].map((match) => Number(match[1]))
    expect(numbers).toEqual([1, 2, 4, 5, 9])
    expect(body).toContain('aria-label="Row 4 is the header row"')
  })

  it('the compare pane names the row and the one it repeats by their sheet numbers', () => {
    const row: ImportRow = {
      rowNo: 5,
      sheetRow: 9,
      cells: ['Ana Peña', 'ana@x.example'],
      request: { name: 'Ana Peña', emails: ['ana@x.example'] },
      outcome: 'duplicate',
      duplicateOf: 5,
      duplicates: 0,
      transactionId: null,
      candidates: [],
      bestKey: null,
      reason: null,
      error: null,
      decision: null,
      chosenKey: null
    }
    const { body } = render(CandidateCompare, { props: { imports: {} as ImportState, row } })
    expect(body.replace(/<!--[^>]*-->/g, '').replace(/\s+/g, ' ')).toMatch(/Row 9 · repeats row 5/)
  })
})
