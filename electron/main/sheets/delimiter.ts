const CANDIDATES = [',', ';', '\t', '|'] as const

/**
 * The delimiter of a CSV text, from its first lines: the candidate that splits the most lines
 * into the same number of fields (commas, semicolons as European Excel writes, tabs, pipes).
 * Quoted parts are skipped, so "Smith, Ana" does not count. A single column gives ','.
 */
export function sniffDelimiter(text: string): string {
  const lines = firstLines(text, 50)
  let best: { delimiter: string; score: number } = { delimiter: ',', score: 0 }
  for (const delimiter of CANDIDATES) {
    const counts = lines.map((line) => countOutsideQuotes(line, delimiter))
    const frequency = new Map<number, number>()
    for (const count of counts) if (count > 0) frequency.set(count, (frequency.get(count) ?? 0) + 1)
    let modeLines = 0
    let mode = 0
    for (const [count, lines] of frequency) {
      if (lines > modeLines || (lines === modeLines && count > mode)) {
        modeLines = lines
        mode = count
      }
    }
    // lines agreeing on the same field count, a little more for more fields
    const score = modeLines + Math.min(mode, 50) / 100
    if (score > best.score) best = { delimiter, score }
  }
  return best.delimiter
}

function firstLines(text: string, limit: number): string[] {
  const lines: string[] = []
  let start = 0
  let quoted = false
  for (let i = 0; i < text.length && lines.length < limit; i += 1) {
    const char = text[i]
    if (char === '"') quoted = !quoted
    else if (char === '\n' && !quoted) {
      const line = text.slice(start, i).replace(/\r$/, '')
      if (line.trim() !== '') lines.push(line)
      start = i + 1
    }
  }
  if (lines.length < limit && start < text.length) {
    const rest = text.slice(start, Math.min(text.length, start + 100_000))
    if (rest.trim() !== '') lines.push(rest)
  }
  return lines
}

function countOutsideQuotes(line: string, delimiter: string): number {
  let count = 0
  let quoted = false
  for (const char of line) {
    if (char === '"') quoted = !quoted
    else if (char === delimiter && !quoted) count += 1
  }
  return count
}
