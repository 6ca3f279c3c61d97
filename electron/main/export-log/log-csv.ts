import { exportLogKindLabels, type ExportLogEntry } from '../../../shared/ipc/channels/export-log'

/** How the people left, in the recruiter's words. */
const deliveryWords: Record<ExportLogEntry['delivery'], string> = {
  file: 'Saved file',
  download: 'Browser download',
  ats: 'ATS'
}

/** The export log's columns, in order. */
const HEADERS = ['When', 'What', 'Format', 'From', 'People', 'Files', 'Folder', 'Delivery', 'Connection']

// A cell a spreadsheet would run as a formula gets an apostrophe, as every export's cells do
// (export/cell-safety.ts); a file name can start with "=" or "+".
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number): string {
  const text = typeof value === 'number' ? String(value) : FORMULA_START.test(value) ? `'${value}` : value
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

function line(entry: ExportLogEntry): string {
  return [
    entry.exportedAt,
    exportLogKindLabels[entry.kind],
    entry.format,
    entry.source,
    entry.people,
    entry.files.map((file) => file.name).join('; '),
    [...new Set(entry.files.flatMap((file) => (file.folder === null ? [] : [file.folder])))].join('; '),
    deliveryWords[entry.delivery],
    entry.connection?.name ?? ''
  ]
    .map(csvCell)
    .join(',')
}

/** The log as CSV text, newest first, with a byte order mark so Excel reads it as UTF-8. */
export function exportLogCsv(entries: readonly ExportLogEntry[]): string {
  return `\uFEFF${[HEADERS.join(','), ...entries.map(line)].join('\r\n')}\r\n`
}
