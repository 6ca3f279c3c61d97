import { isInteger, parse as parseLossless, stringify as stringifyLossless } from 'lossless-json'

// JSON text where integers beyond 2^53 (the spec's int64 ids: CoAuthor and Paper ids,
// latest_contrib_timestamp) stay exact. Text is read by the engine's own JSON.parse; where it
// holds an integer token too large for a number, that token's digits are found with one regex
// and the numbers it became are put back as BigInt (only integers that a number cannot hold
// exactly become BigInt). The pure-JS lossless parser is the fallback when that cannot be done
// unambiguously. Every process uses this one codec: main (store, host), and the page's bridge.

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

/**
 * Parses JSON text as JSON.parse does, except that integers beyond 2^53 come back as exact BigInt.
 * Duplicate keys read as JSON.parse reads them (the last wins), unless the text also needs the
 * lossless parser, which refuses them (a SyntaxError, as for any text that is not JSON).
 */
export function parseJson(text: string): unknown {
  if (!hasDigitRun(text, LONG_DIGITS)) return JSON.parse(text)
  // Throws for text that is not JSON, as JSON.parse does on the fast path.
  const value: unknown = JSON.parse(text)
  const tokens = unsafeIntegerTokens(text)
  if (tokens.size === 0) return value
  // A number written with a fraction or an exponent may be as large as an int64 token and so be
  // taken for one (when a digit run inside a string stands in for the token): the lossless
  // parser reads such text. Ordinary API records have neither.
  if (LARGE_NON_INTEGER.test(text)) return parseLosslessly(text)
  return restoreBigInts(value, tokens) ?? parseLosslessly(text)
}

/** 16 digits before a decimal point, or a positive exponent: a non-integer that may pass 2^53. */
const LARGE_NON_INTEGER = /\d{16,}\.|\d[eE]\+?\d/

/** A run of 16 digits or more: a candidate for an integer token (the context is checked apart). */
const LONG_DIGIT_RUN = /\d{16,}/g

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09

/**
 * The unsafe integers written in `text`: for each number they become, their digits in text order. A
 * token counts where JSON allows a number to start (the start of the text, or after `[`, `,` or
 * `:`, with optional white space) and to end (before `,`, `]`, `}` or the end); a run of digits
 * inside a string rarely sits like that, and if one does, the counts in `restoreBigInts`
 * disagree and the lossless parser decides. (A regex with that context as a lookbehind is ten
 * times slower than finding the runs and looking around each.)
 */
function unsafeIntegerTokens(text: string): Map<number, string[]> {
  const tokens = new Map<number, string[]>()
  LONG_DIGIT_RUN.lastIndex = 0
  for (let match = LONG_DIGIT_RUN.exec(text); match !== null; match = LONG_DIGIT_RUN.exec(text)) {
    let start = match.index
    const end = start + match[0].length
    if (text.charCodeAt(start - 1) === 0x2d) start-- // a minus sign
    let after = end
    while (after < text.length && isSpace(text.charCodeAt(after))) after++
    const next = text.charCodeAt(after)
    if (after < text.length && next !== 0x2c && next !== 0x5d && next !== 0x7d) continue
    let before = start - 1
    while (before >= 0 && isSpace(text.charCodeAt(before))) before--
    const previous = text.charCodeAt(before)
    if (before >= 0 && previous !== 0x5b && previous !== 0x2c && previous !== 0x3a) continue
    const digits = text.slice(start, end)
    const number = Number(digits)
    if (Number.isSafeInteger(number)) continue
    const seen = tokens.get(number)
    if (seen === undefined) tokens.set(number, [digits])
    else seen.push(digits)
  }
  return tokens
}

/** An array index as a key (0 … 2^32 − 2): objects list such keys first, not in the order written. */
const isIndexKey = (key: string) => /^(?:0|[1-9]\d{0,9})$/.test(key) && Number(key) <= 4_294_967_294

/**
 * Replaces, in place, every number in `value` that one of `tokens` became by its BigInt. Where
 * several tokens became the same number (ids a few apart), the walk goes in the order the text
 * was written and gives each occurrence its own digits. Answers undefined when the numbers found
 * do not match the tokens one for one (a digit run inside a string, a duplicate key whose earlier
 * value JSON.parse dropped) or the order is not the text's (index-like keys), so the caller
 * parses losslessly instead. Walks with its own stack: the text may nest deeply.
 */
function restoreBigInts(value: unknown, tokens: Map<number, string[]>): unknown {
  let ordered = false
  for (const digits of tokens.values()) if (digits.length > 1 && new Set(digits).size > 1) ordered = true
  const used = new Map<number, number>()
  /** The exact value of the next occurrence of `number`; null when there are more than tokens. */
  const exact = (number: number): bigint | null | undefined => {
    const digits = tokens.get(number)
    if (digits === undefined) return undefined
    const k = used.get(number) ?? 0
    used.set(number, k + 1)
    return k < digits.length ? BigInt(digits[k]!) : null
  }
  if (typeof value === 'number') {
    const big = exact(value)
    if (big === null) return undefined
    if (big !== undefined) value = big
  }
  if (value !== null && typeof value === 'object') {
    // frames of [container, its keys, the next position], so children are met in written order
    const stack: Array<{ node: Record<string | number, unknown>; keys: string[] | null; length: number; i: number }> =
      []
    const push = (node: object): boolean => {
      if (Array.isArray(node)) {
        stack.push({ node: node as unknown as Record<number, unknown>, keys: null, length: node.length, i: 0 })
        return true
      }
      const keys = Object.keys(node)
      if (ordered && keys.some(isIndexKey)) return false
      stack.push({ node: node as Record<string, unknown>, keys, length: keys.length, i: 0 })
      return true
    }
    if (!push(value)) return undefined
    while (stack.length > 0) {
      const frame = stack[stack.length - 1]!
      if (frame.i === frame.length) {
        stack.pop()
        continue
      }
      const key = frame.keys === null ? frame.i : frame.keys[frame.i]!
      frame.i++
      const child = frame.node[key]
      if (typeof child === 'number') {
        if (Number.isSafeInteger(child) || !Number.isInteger(child)) continue
        const big = exact(child)
        if (big === null) return undefined
        // (an own "__proto__" entry, as JSON.parse makes one, is written as the entry it is)
        if (big !== undefined) frame.node[key] = big
      } else if (child !== null && typeof child === 'object' && !push(child)) return undefined
    }
  }
  for (const [number, digits] of tokens) if (used.get(number) !== digits.length) return undefined
  return value
}

function parseLosslessly(text: string): unknown {
  // lossless-json recurses per level: text nested deeper is read by JSON.parse (see above).
  if (jsonDepth(text, MAX_LOSSLESS_DEPTH) > MAX_LOSSLESS_DEPTH) return JSON.parse(text)
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
