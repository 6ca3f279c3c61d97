import { describe, expect, it } from 'vitest'
import {
  cellValue,
  columnPresets,
  resolveColumns,
  valueAt,
  type ExportRow
} from '../../../electron/main/export/csv-columns'
import { profileRow } from '../../../electron/main/export/export-rows'

const row: ExportRow = {
  profile: {
    full_name: 'Ana García',
    skills: ['Rust', 'SQL'],
    positions: [
      { title: 'SRE', company: 'Acme', tags: ['oncall'] },
      { title: 'Staff Engineer', company: 'Globex', tags: ['lead', 'remote'] }
    ],
    salary_data: { median: 90000, salary_data_points: [{ salary: 1, count: 2 }] },
    security_clearance: { name: 'SC' },
    is_student: false,
    time_zone_delta: -1.5,
    empty: null,
    prog_lang_ranks: { rust: 0.9 }
  },
  member: { shortlist: 'L', stage: 'New', rating: null, tags: [], notes: '', addedAt: 'a', profileCapturedAt: 'b' },
  contact: { emails: [{ email: 'a@x.example' }, { email: 'b@x.example' }] }
}

describe('the Name column', () => {
  it('shows full_name, else first and last name, for saved members and search results alike', () => {
    const name = columnPresets.basic.find((column) => column.header === 'Name')!
    expect(name.path).toBe('person.name')
    const onlyParts = { key: 'p1', first_name: 'Zoë', last_name: 'Łukasz' }
    expect(cellValue(valueAt(profileRow(onlyParts), name.path))).toBe('Zoë Łukasz')
    expect(cellValue(valueAt(profileRow({ ...onlyParts, full_name: 'Dr Zoë Łukasz' }), name.path))).toBe(
      'Dr Zoë Łukasz'
    )
    expect(cellValue(valueAt(profileRow({ key: 'p2' }), name.path))).toBe('')
  })
})

describe('dotted paths', () => {
  it('reads nested values, maps over arrays, picks by index', () => {
    expect(cellValue(valueAt(row, 'profile.full_name'))).toBe('Ana García')
    expect(cellValue(valueAt(row, 'profile.skills'))).toBe('Rust; SQL')
    expect(cellValue(valueAt(row, 'profile.positions.title'))).toBe('SRE; Staff Engineer')
    expect(cellValue(valueAt(row, 'profile.positions.1.company'))).toBe('Globex')
    // one slot per position; a list inside one is joined with commas
    expect(cellValue(valueAt(row, 'profile.positions.tags'))).toBe('oncall; lead, remote')
    expect(cellValue(valueAt(row, 'profile.salary_data.median'))).toBe(90000)
    expect(cellValue(valueAt(row, 'contact.emails.email'))).toBe('a@x.example; b@x.example')
    expect(cellValue(valueAt(row, 'profile.time_zone_delta'))).toBe(-1.5)
    expect(cellValue(valueAt(row, 'profile.is_student'))).toBe('false')
  })

  it('gives empty cells for absent and null values, JSON for objects left whole', () => {
    expect(cellValue(valueAt(row, 'profile.nothing.here'))).toBe('')
    expect(cellValue(valueAt(row, 'profile.empty'))).toBe('')
    expect(cellValue(valueAt(row, 'profile.positions.9.title'))).toBe('')
    expect(cellValue(valueAt(row, 'member.rating'))).toBe('')
    expect(cellValue(valueAt(row, 'profile.prog_lang_ranks'))).toBe('{"rust":0.9}')
    expect(cellValue(valueAt(row, 'profile.salary_data.salary_data_points'))).toBe('{"salary":1,"count":2}')
    expect(cellValue(valueAt(row, 'profile.toString'))).toBe('')
  })
})

describe('column choice', () => {
  it('has Basic, Contact and Full presets of valid columns', () => {
    expect(resolveColumns({ preset: 'basic' }).map((c) => c.header)).toContain('Name')
    expect(resolveColumns({ preset: 'contact' }).map((c) => c.path)).toEqual(
      expect.arrayContaining(['contact.emails.email', 'contact.phone_numbers.number'])
    )
    const full = resolveColumns({ preset: 'full' })
    expect(full.length).toBeGreaterThan(columnPresets.basic.length + columnPresets.contact.length)
    expect(new Set(full.map((c) => c.path)).size).toBe(full.length)
  })

  it('accepts custom paths and headers, refuses paths outside profile/member/contact', () => {
    expect(
      resolveColumns({ columns: ['profile.cur_title', { header: 'Mail', path: 'contact.emails.email' }] })
    ).toEqual([
      { header: 'profile.cur_title', path: 'profile.cur_title' },
      { header: 'Mail', path: 'contact.emails.email' }
    ])
    expect(() => resolveColumns({ columns: ['process.env.HOME'] })).toThrow()
    expect(() => resolveColumns({ columns: ['profile.'] })).toThrow()
    expect(() => resolveColumns({ columns: [] })).toThrow()
  })
})
