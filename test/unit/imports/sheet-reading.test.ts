import { describe, expect, it } from 'vitest'
import { decodeText, looksBinary, MIXED_ENCODING } from '../../../electron/main/sheets/text-decoding'
import { sniffDelimiter } from '../../../electron/main/sheets/delimiter'
import { guessHeaderRow, suggestMapping } from '../../../electron/main/sheets/column-guess'
import { handleOf, prepareRows, requestOf } from '../../../electron/main/imports/row-request'
import { classify } from '../../../electron/main/imports/match-outcome'
import { cellText } from '../../../electron/main/sheets/sheet-reader'

describe('decoding a CSV file', () => {
  const text = 'Name;Société\r\nAna Peña;Globex\r\n'
  it.each([
    ['utf-8 with a BOM', Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, 'utf8')]), 'utf-8'],
    ['utf-8 without one', Buffer.from(text, 'utf8'), 'utf-8'],
    ['utf-16le with a BOM', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), 'utf-16le'],
    ['utf-16le without one', Buffer.from(text, 'utf16le'), 'utf-16le'],
    [
      'utf-16be with a BOM',
      Buffer.concat([Buffer.from([0xfe, 0xff]), Buffer.from(text, 'utf16le').swap16()]),
      'utf-16be'
    ],
    ['windows-1252', Buffer.from(text, 'latin1'), 'windows-1252']
  ])('%s', (_name, bytes, encoding) => {
    expect(decodeText(bytes)).toEqual({ text, encoding })
  })

  it('reads a mix of UTF-8 and Windows-1252 lines each in its own encoding', () => {
    const bytes = Buffer.concat([Buffer.from('Zoë Ålund;Ørsted\n', 'utf8'), Buffer.from('José Núñez;Café\n', 'latin1')])
    expect(decodeText(bytes)).toEqual({ text: 'Zoë Ålund;Ørsted\nJosé Núñez;Café\n', encoding: MIXED_ENCODING })
  })

  it('tells binary data from text', () => {
    expect(looksBinary('a,b\n\u0000\u0001')).toBe(true)
    expect(looksBinary('a,b\tc\r\n')).toBe(false)
  })
})

describe('the delimiter', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1;"2,5";3\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['a|b|c\n1|2|3\n', '|'],
    ['"Smith, Ana"\n"Lee, Bo"\n', ',']
  ])('%j → %j', (text, delimiter) => expect(sniffDelimiter(text)).toBe(delimiter))
})

describe('columns', () => {
  it('suggests fields from header names in several languages and from values', () => {
    expect(
      suggestMapping(
        ['Vorname', 'Nachname', 'Courriel', 'Empresa', 'Puesto', 'Ort', 'Ticket', 'Link', 'Name'],
        [['Ana', 'Peña', 'ana@x.example', 'Globex', 'CTO', 'Oslo', 'T-1', 'https://www.linkedin.com/in/ana', 'x']]
      )
    ).toEqual(['first_name', 'last_name', 'email', 'company', 'title', 'location', 'keep', 'handle', 'name'])
  })

  it('takes a column of addresses for email whatever it is called', () => {
    expect(suggestMapping(['Contact'], [['a@b.example'], ['c@d.example']])).toEqual(['email'])
  })

  it('guesses the header row under a title block', () => {
    expect(guessHeaderRow([['Attendees 2026'], ['Name', 'Email', 'Company'], ['Ana', 'a@b.example', 'X']])).toBe(1)
    expect(
      guessHeaderRow([
        ['1', '2'],
        ['3', '4']
      ])
    ).toBe(0)
  })
})

describe('rows', () => {
  const mapping = ['first_name', 'last_name', 'email', 'handle', 'location', 'location', 'keep'] as const

  it('builds the request a row makes', () => {
    expect(
      requestOf(
        ['Ana', 'Peña', 'Ana@X.example; b@y.example', 'https://www.linkedin.com/in/ana-pena/', 'Oslo', 'Norway', 'n'],
        [...mapping]
      )
    ).toEqual({
      name: 'Ana Peña',
      location: 'Oslo, Norway',
      emails: ['ana@x.example', 'b@y.example'],
      handles: ['ana-pena']
    })
    expect(requestOf(['', '', '', '', 'Oslo', '', 'n'], [...mapping])).toBeNull()
  })

  it('reads handles from profile links and bare handles', () => {
    expect(handleOf('github.com/octo')).toBe('octo')
    expect(handleOf('@octo')).toBe('octo')
    expect(handleOf('https://www.profilenet.com/in/ana%20p')).toBe('ana p')
  })

  it('folds repeats into the first row and lists rows naming nobody', () => {
    const prepared = prepareRows(
      [
        { rowNo: 1, cells: ['First', 'Last', 'Email'] },
        { rowNo: 2, cells: ['Ana', 'Peña', 'a@x.example'] },
        { rowNo: 3, cells: ['', '', ''] },
        { rowNo: 4, cells: ['A.', 'Peña', 'A@X.example'] }
      ],
      0,
      ['first_name', 'last_name', 'email']
    )
    expect(prepared.map((row) => [row.rowNo, row.outcome, row.duplicateOf, row.duplicates])).toEqual([
      [1, 'skipped', null, 0],
      [2, 'pending', null, 1],
      [3, 'unmatchable', null, 0],
      [4, 'duplicate', 2, 0]
    ])
  })
})

describe('a row’s outcome', () => {
  // the row's own values weigh the candidates (more in match-outcome.test.ts)
  const row = { name: 'Ana Peña', company: 'Globex' }
  const p = (key: string, score: number, type = 'PARTIAL', company = 'Globex') => ({
    key,
    full_name: 'Ana Peña',
    cur_company: company,
    match_score: score,
    match_type: type
  })
  it.each([
    [[], 0, 'none'],
    [[p('a', 100, 'COMPLETE')], 15, 'matched'],
    [[p('a', 100, 'COMPLETE'), p('b', 100, 'COMPLETE')], 15, 'doubtful'],
    [[p('a', 60)], 15, 'matched'],
    [[p('a', 60, 'PARTIAL', 'Initech')], 15, 'doubtful'],
    [[p('a', 80), p('b', 70)], 15, 'doubtful'],
    [[p('a', 80), p('b', 60)], 15, 'matched'],
    [[p('a', 80), p('b', 70)], 5, 'matched'],
    [[{ match_score: 90 }], 15, 'none']
  ])('%j at %i → %s', (profiles, threshold, outcome) => {
    expect(classify(row, profiles, threshold).outcome).toBe(outcome)
  })
})

describe('xlsx cells as text', () => {
  it.each([
    ['text', 'text'],
    [42, '42'],
    [0.1 + 0.2, '0.3'],
    [true, 'TRUE'],
    [new Date('2026-03-01T00:00:00Z'), '2026-03-01'],
    [{ formula: 'A1&B1', result: 'Ana Peña' }, 'Ana Peña'],
    [{ richText: [{ text: 'An' }, { text: 'a' }] }, 'Ana'],
    [{ text: '', hyperlink: 'https://x.example/in/ana' }, 'https://x.example/in/ana'],
    [{ error: '#N/A' }, ''],
    [null, '']
  ])('%j → %j', (value, text) => expect(cellText(value)).toBe(text))
})
