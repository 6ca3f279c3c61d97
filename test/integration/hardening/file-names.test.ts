import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { safeFileName } from '../../../electron/main/export/save-targets'
import { hostileStrings } from './schema-arbitraries'
import { hardeningSeed, runs } from './seed'

/*
 * The suggested name of an export comes from a shortlist's name or the page's file name, both
 * text a restored backup or a script can set: it must be one plain file name on every OS.
 */

const seed = hardeningSeed('file-names')
const LONE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/
const BIDI = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i

describe('safeFileName', () => {
  it('is one plain, well-formed file name with the extension, whatever the name', () => {
    const names = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 300 }),
      fc.string({ unit: fc.constantFrom('/', '\\', '.', ' ', ':', '\u0000', 'a', '😀', '\uD800'), maxLength: 400 }),
      fc.string({
        unit: fc.constantFrom('\u202E', '\u202B', '\u2067', '\u200F', '\u061C', 'g', '.', 'e'),
        maxLength: 40
      }),
      fc.constantFrom(
        ...hostileStrings,
        'CON',
        'nul',
        'Com1.csv',
        'LPT9',
        'aux.tar',
        '..',
        '.',
        ' . ',
        'x. ',
        '😀'.repeat(100)
      )
    )
    fc.assert(
      fc.property(names, fc.constantFrom('csv', 'xlsx', 'json'), (name, extension) => {
        const file = safeFileName(name, extension)
        const what = JSON.stringify(name)
        // eslint-disable-next-line no-control-regex -- control characters are what must not be there
        expect(file, what).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]/)
        expect(file.endsWith(`.${extension}`), what).toBe(true)
        expect(file.startsWith('.'), what).toBe(false)
        expect(LONE.test(file), what).toBe(false)
        expect(BIDI.test(file), what).toBe(false)
        expect(WINDOWS_RESERVED.test(file), what).toBe(false)
        expect(file.length, what).toBeLessThanOrEqual(160)
      }),
      runs(seed, 150)
    )
    // a property run: seconds on a loaded machine (the projects do not inherit testTimeout)
  }, 30_000)
  it('drops the bidirectional controls that make a name read backwards (issue 19)', () => {
    expect(safeFileName('\u202Egnp.exe', 'csv')).toBe('gnp.exe.csv')
    expect(safeFileName('Backend \u2067Berlin\u2069 \u200Fx\u061C', 'xlsx')).toBe('Backend Berlin x.xlsx')
    expect(safeFileName('\u202A\u202B\u202C\u202D\u202E\u2066\u2068\u200E', 'json')).toBe('talent-desk.json')
  })
})
