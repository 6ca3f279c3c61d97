import { isInteger, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json'

// JSON text where integers beyond 2^53 (the spec's int64 ids: CoAuthor and Paper ids,
// latest_contrib_timestamp) stay exact. Ordinary text takes the fast path through JSON.parse;
// only text holding a run of 16 or more digits goes through the lossless parser, and only
// integers that a number cannot hold exactly become BigInt. Every process uses this one codec:
// main (store, host), and the page's HTTP bridge.

/** A 16-digit run may be an integer beyond 2^53 (9007199254740993 has 16 digits). */
const LONG_DIGITS = 16

/**
 * Whether `text` holds a run of `length` or more ASCII digits (what `/\d{length}/` answers), read
 * at every `length`-th character only: any such run covers one of them, and only a digit there
 * makes the scan look around it. Four times faster than the regex on API bodies, where most
 * characters are not digits; it runs on every response before JSON.parse.
 */
export function hasDigitRun(text: string, length: number): boolean {
  const n = text.length
  for (let i = length - 1; i < n; i += length) {
    let c = text.charCodeAt(i)
    if (c < 48 || c > 57) continue
    let start = i
    while (start > 0) {
      c = text.charCodeAt(start - 1)
      if (c < 48 || c > 57) break
      start--
    }
    let end = i + 1
    while (end < n && end - start < length) {
      c = text.charCodeAt(end)
      if (c < 48 || c > 57) break
      end++
    }
    if (end - start >= length) return true
  }
  return false
}

/**
 * lossless-json's parser recurses once per level and overflows the stack a few thousand levels
 * down (a RangeError, not a SyntaxError); JSON.parse does not recurse. Text nested deeper than
 * this (no API record is, and the store refuses such profiles) is read by JSON.parse instead, so
 * hostile nesting is refused by whoever checks the value, not reported as a parser crash.
 */
const MAX_LOSSLESS_DEPTH = 500

export function parseJson(text: string): unknown {
  if (!hasDigitRun(text, LONG_DIGITS) || jsonDepth(text, MAX_LOSSLESS_DEPTH) > MAX_LOSSLESS_DEPTH) {
    return JSON.parse(text)
  }
  return parseLossless(text, null, (digits) => {
    if (isInteger(digits)) {
      const value = Number(digits)
      return Number.isSafeInteger(value) ? value : BigInt(digits)
    }
    return Number(digits)
  })
}

/** JSON.stringify, except that BigInt values are written as the integers they are. */
export function stringifyJson(value: unknown, space?: number): string {
  try {
    return JSON.stringify(value, null, space)
  } catch (error) {
    if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error
    return stringifyLossless(value, null, space) ?? 'null'
  }
}

/**
 * How deeply `text` nests arrays and objects, counted without recursion (so a hostile file
 * cannot overflow the stack while being measured); stops counting once past `limit`.
 */
export function jsonDepth(text: string, limit = Number.POSITIVE_INFINITY): number {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: skip the escaped character
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x7b || c === 0x5b) {
      depth++
      if (depth > deepest) {
        deepest = depth
        if (deepest > limit) return deepest
      }
    } else if (c === 0x7d || c === 0x5d) depth--
  }
  return deepest
}
