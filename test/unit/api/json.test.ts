import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { hasDigitRun, parseJson } from '../../../shared/json'

// parseJson picks JSON.parse or the lossless parser by a scan for 16-digit runs: the scan must
// answer exactly what the regex /\d{n}/ answers, or a long id would lose its last digits.
const digitHeavy = fc
  .array(fc.constantFrom('0', '5', '9', '1', 'a', ',', '"', ':', ' ', '.', '-', '٣'), { maxLength: 80 })
  .map((chars) => chars.join(''))

describe('hasDigitRun', () => {
  test.prop([digitHeavy, fc.integer({ min: 1, max: 20 })], { numRuns: 3000 })(
    'agrees with /\\d{n}/ on digit-heavy text',
    (text, length) => {
      expect(hasDigitRun(text, length)).toBe(new RegExp(`\\d{${length}}`).test(text))
    }
  )

  test.prop([fc.string({ maxLength: 200 }), fc.integer({ min: 1, max: 20 })])(
    'agrees with /\\d{n}/ on any text',
    (text, length) => {
      expect(hasDigitRun(text, length)).toBe(new RegExp(`\\d{${length}}`).test(text))
    }
  )

  it('finds a run at the very start and the very end, and not one digit short', () => {
    expect(hasDigitRun('1234567890123456', 16)).toBe(true)
    expect(hasDigitRun('x1234567890123456', 16)).toBe(true)
    expect(hasDigitRun('[123456789012345]', 16)).toBe(false)
    expect(hasDigitRun('', 16)).toBe(false)
  })
})

describe('parseJson', () => {
  it('keeps integers beyond 2^53 exact and reads ordinary text as JSON.parse does', () => {
    expect(parseJson('{"id":12345678901234567890,"n":1.5}')).toEqual({ id: 12345678901234567890n, n: 1.5 })
    expect(parseJson('{"phone":"1234567890123456","n":9007199254740991}')).toEqual({
      phone: '1234567890123456',
      n: 9007199254740991
    })
    expect(parseJson('[{"a":"2024-05-01T10:00:00Z"}]')).toEqual([{ a: '2024-05-01T10:00:00Z' }])
  })
})
