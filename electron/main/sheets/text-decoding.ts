/**
 * The text of a CSV file whatever its encoding: UTF-8 with or without a byte order mark, UTF-16
 * (little or big endian, with a BOM or recognised by its zero bytes), Windows-1252 (what Excel
 * writes on Windows), or a mix of UTF-8 and Windows-1252 lines (two exports pasted together),
 * decoded line by line. A file holding binary data is refused by the caller (`looksBinary`).
 */
export interface DecodedText {
  text: string
  /** utf-8, utf-16le, utf-16be, windows-1252, or "utf-8 and windows-1252 (by line)". */
  encoding: string
}

export const MIXED_ENCODING = 'utf-8 and windows-1252 (by line)'

export function decodeText(bytes: Uint8Array): DecodedText {
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return { text: utf8(bytes.subarray(3)) ?? lossy(bytes.subarray(3)), encoding: 'utf-8' }
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: utf16(bytes.subarray(2), 'le'), encoding: 'utf-16le' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: utf16(bytes.subarray(2), 'be'), encoding: 'utf-16be' }
  const wide = utf16WithoutBom(bytes)
  if (wide !== null) return { text: utf16(bytes, wide), encoding: `utf-16${wide}` }
  const whole = utf8(bytes)
  if (whole !== null) return { text: whole, encoding: 'utf-8' }
  return byLine(bytes)
}

/** Text that is not a spreadsheet: NUL characters or many control characters near the start. */
export function looksBinary(text: string): boolean {
  const sample = text.slice(0, 65_536)
  if (sample.length === 0) return false
  let control = 0
  for (let i = 0; i < sample.length; i += 1) {
    const code = sample.charCodeAt(i)
    if (code === 0) return true
    if (code < 32 && code !== 9 && code !== 10 && code !== 13) control += 1
  }
  return control / sample.length > 0.01
}

const fatalUtf8 = new TextDecoder('utf-8', { fatal: true })

/**
 * Bytes 0x80–0x9F of Windows-1252 as the WHATWG Encoding Standard maps them (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ
 * Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ; the five bytes it leaves undefined stay their C1 code points).
 * Node's own `TextDecoder('windows-1252')` gives C1 control characters for all 32 in the Node 20
 * and 22 builds we run on, so these are decoded here by the table, the rest of the bytes as Latin-1.
 */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008d,
  0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a,
  0x0153, 0x009d, 0x017e, 0x0178
].map((code) => String.fromCharCode(code))

export function decodeWindows1252(bytes: Uint8Array): string {
  // Latin-1 is every byte as the code point of the same number; only 0x80–0x9F differ
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
    .toString('latin1')
    .replace(/[\u0080-\u009f]/g, (c) => WINDOWS_1252_HIGH[c.charCodeAt(0) - 0x80]!)
}

function utf8(bytes: Uint8Array): string | null {
  try {
    return fatalUtf8.decode(bytes)
  } catch {
    return null
  }
}

function lossy(bytes: Uint8Array): string {
  return new TextDecoder('utf-8').decode(bytes)
}

function utf16(bytes: Uint8Array, order: 'le' | 'be'): string {
  return new TextDecoder(`utf-16${order}`).decode(bytes)
}

/** UTF-16 without a BOM: Latin text has a zero byte in every other place. */
function utf16WithoutBom(bytes: Uint8Array): 'le' | 'be' | null {
  const n = Math.min(bytes.length, 4096) & ~1
  if (n < 4) return null
  let evenZeros = 0
  let oddZeros = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenZeros += 1
    if (bytes[i + 1] === 0) oddZeros += 1
  }
  const pairs = n / 2
  if (oddZeros / pairs > 0.4 && evenZeros / pairs < 0.05) return 'le'
  if (evenZeros / pairs > 0.4 && oddZeros / pairs < 0.05) return 'be'
  return null
}

/** Not UTF-8 as a whole: each line is UTF-8 if it can be, else Windows-1252. */
function byLine(bytes: Uint8Array): DecodedText {
  const parts: string[] = []
  let utf8Lines = 0
  let legacyLines = 0
  let start = 0
  while (start < bytes.length) {
    let end = bytes.indexOf(0x0a, start)
    end = end === -1 ? bytes.length : end + 1
    const line = bytes.subarray(start, end)
    const asUtf8 = utf8(line)
    if (asUtf8 !== null) {
      parts.push(asUtf8)
      if (line.some((byte) => byte >= 0x80)) utf8Lines += 1
    } else {
      parts.push(decodeWindows1252(line))
      legacyLines += 1
    }
    start = end
  }
  return { text: parts.join(''), encoding: utf8Lines > 0 && legacyLines > 0 ? MIXED_ENCODING : 'windows-1252' }
}
