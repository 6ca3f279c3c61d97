import type { CsvColumn, ExportRow } from '../../../electron/main/export/csv-columns'

/** One row of identifier-like values (and a number, and formula-like text) for the spreadsheet checks. */
export const identifierColumns: CsvColumn[] = [
  { header: 'Name', path: 'profile.full_name' },
  { header: 'Phone', path: 'profile.phone' },
  { header: 'LI id', path: 'profile.li_id' },
  { header: 'Zip', path: 'profile.zip' },
  { header: 'Co-author', path: 'profile.co_author' },
  { header: 'Stars', path: 'profile.stars' },
  { header: 'Notes', path: 'member.notes' }
]

export const identifierRow: ExportRow = {
  profile: {
    full_name: 'Zoë Ødegård',
    phone: '07700900123',
    li_id: '123456789012345678',
    zip: '02134',
    co_author: 9007199254740993n,
    stars: 1250
  },
  member: { shortlist: 'L', stage: 'New', rating: null, tags: [], notes: '=1+1', addedAt: '', profileCapturedAt: '' }
}
