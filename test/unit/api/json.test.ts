import { fc, test } from '@fast-check/vitest'
import { describe, expect, it } from 'vitest'
import { isInteger, parse as parseLossless } from 'lossless-json'
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

/** The reference: lossless-json, with only unsafe integers as BigInt (what parseJson promises). */
const lossless = (text: string) =>
  parseLossless(text, null, (digits) => {
    if (!isInteger(digits)) return Number(digits)
    const value = Number(digits)
    return Number.isSafeInteger(value) ? value : BigInt(digits)
  })

// JSON values holding int64s, long safe integers, long decimals and exponents, and strings full
// of digit runs placed as a number would be (`: 1234…,`), so the token scan meets its edge cases.
const bigInteger = fc.oneof(
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }),
  fc.bigInt({ min: 2n ** 53n, max: 2n ** 70n }),
  fc.constantFrom(9007199254740993n, 9007199254740992n, -9007199254740993n, 10n ** 20n)
)
const trickyNumber = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(1e20, 1.5e17, 1234567890123456.5, 9007199254740991, 1e19, 12345678901234567000)
)
const trickyString = fc.oneof(
  fc.string(),
  bigInteger.map((n) => `: ${n},`),
  bigInteger.map((n) => `${n}`),
  bigInteger.map((n) => `[${n}]`)
)
const leaf = fc.oneof(
  bigInteger.map((n) => ({ raw: n.toString() })),
  // numbers as a service might write them: exponents and fractions as large as an int64
  fc.constantFrom('1e19', '1.5E+17', '12345678901234567890.0', '-9007199254740993.5', '9e-7').map((raw) => ({ raw })),
  trickyNumber,
  trickyString,
  fc.boolean(),
  fc.constant(null)
)
const tree = fc.letrec((tie) => ({
  node: fc.oneof({ depthSize: 'small', withCrossShrink: true }, leaf, tie('array'), tie('object')),
  array: fc.array(tie('node'), { maxLength: 5 }),
  object: fc.dictionary(
    fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('__proto__', 'id', '1', '1000000000', '4294967295')),
    tie('node'),
    {
      maxKeys: 5
    }
  )
})).node

/** Writes the tree as JSON text; `{ raw }` leaves are written as their digits, unquoted. */
function write(node: unknown, space: boolean): string {
  const gap = space ? ' ' : ''
  if (node !== null && typeof node === 'object' && 'raw' in node && Object.keys(node).length === 1)
    return String((node as { raw: string }).raw)
  if (Array.isArray(node)) return `[${gap}${node.map((n) => write(n, space)).join(`,${gap}`)}${gap}]`
  if (node !== null && typeof node === 'object')
    return `{${Object.entries(node)
      .map(([k, v]) => `${JSON.stringify(k)}:${gap}${write(v, space)}`)
      .join(',')}}`
  return JSON.stringify(node)
}

describe('parseJson and duplicate keys', () => {
  it('reads them as JSON.parse does, unless the lossless parser is needed, which refuses them', () => {
    expect(parseJson('{"x":1,"x":2,"id":9007199254740993}')).toEqual({ x: 2, id: 9007199254740993n })
    expect(() => parseJson('{"b":9007199254740993,"a":9007199254740992,"b":9.007199254740992e15}')).toThrow(SyntaxError)
  })
})

describe('parseJson against the lossless parser', () => {
  test.prop([tree, fc.boolean()], { numRuns: 2000 })(
    'reads every document exactly as lossless-json does',
    (node, space) => {
      const text = write(node, space)
      let expected: unknown
      try {
        expected = lossless(text)
      } catch {
        // lossless-json refuses duplicate keys with different values; JSON.parse keeps the last
        return
      }
      expect(parseJson(text)).toEqual(expected)
    }
  )

  it('reads a bare top-level integer, and one sitting in a string beside a real one', () => {
    expect(parseJson('12345678901234567890')).toBe(12345678901234567890n)
    expect(parseJson(' -12345678901234567890 ')).toBe(-12345678901234567890n)
    expect(parseJson('{"s":"x: 12345678901234567890,","n":12345678901234567890}')).toEqual({
      s: 'x: 12345678901234567890,',
      n: 12345678901234567890n
    })
    // tokens that become the same number (ids a few apart): each keeps its own digits, in order
    expect(parseJson('[9007199254740993,9007199254740992]')).toEqual([9007199254740993n, 9007199254740992n])
    const ids = Array.from({ length: 50 }, (_, i) => 1152921504606846976n + BigInt(i))
    expect(parseJson(`{"a":{"ids":[${ids.slice(0, 25).join(',')}]},"b":[${ids.slice(25).join(' , ')}]}`)).toEqual({
      a: { ids: ids.slice(0, 25) },
      b: ids.slice(25)
    })
    // index-like keys are listed first, not as written: the lossless parser decides
    expect(parseJson('{"b":9007199254740993,"1":9007199254740992}')).toEqual({
      b: 9007199254740993n,
      1: 9007199254740992n
    })
    // an exponent equal to a token elsewhere stays a number
    expect(parseJson('[100000000000000000000,1e20]')).toEqual([100000000000000000000n, 1e20])
    // a digit run in a string never lends its digits to a fraction or an exponent of that size
    expect(parseJson('["x:12345678901234567890]", 12345678901234567890.0]')).toEqual([
      'x:12345678901234567890]',
      12345678901234567000
    ])
    expect(parseJson('["[10000000000000000000]", 1e19]')).toEqual(['[10000000000000000000]', 1e19])
    // ten-digit index keys (epoch seconds) are listed first too
    expect(parseJson('{"b":9007199254740993,"1000000000":9007199254740992}')).toEqual({
      b: 9007199254740993n,
      1000000000: 9007199254740992n
    })
  })
})
