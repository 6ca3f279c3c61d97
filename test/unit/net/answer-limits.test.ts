import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { AnswerMeter, AnswerRefused, readLimitedText } from '../../../electron/main/net/answer-limits'
import { jsonDepth } from '../../../shared/json'

const bytes = (text: string) => new TextEncoder().encode(text)

/** Feeds `text` in pieces cut at `cuts` (byte offsets); answers the refusal, or null. */
function meter(text: string, maxDepth: number, cuts: number[] = [], maxBodyBytes = 1 << 30): AnswerRefused | null {
  const all = bytes(text)
  const m = new AnswerMeter({ maxBodyBytes, maxDepth })
  const at = [...new Set(cuts.map((c) => c % (all.length + 1)))].sort((a, b) => a - b)
  let from = 0
  try {
    for (const to of [...at, all.length]) {
      m.feed(all.subarray(from, to))
      from = to
    }
  } catch (error) {
    if (error instanceof AnswerRefused) return error
    throw error
  }
  return null
}

describe('AnswerMeter', () => {
  it('counts the nesting of any JSON as shared/json jsonDepth does, however the bytes are cut', () => {
    fc.assert(
      fc.property(fc.json({ maxDepth: 12 }), fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const depth = jsonDepth(text)
        expect(meter(text, depth, cuts)).toBeNull()
        if (depth > 0) expect(meter(text, depth - 1, cuts)?.reason).toBe('too_deep')
      }),
      { numRuns: 300 }
    )
  })

  it('ignores brackets inside strings, escaped quotes included, and multi-byte characters', () => {
    expect(meter('{"a":"[[[[{{{{\\"[[[[","b":"€„“ [{"}', 1, [7, 8, 9, 20])).toBeNull()
    expect(meter('[[["\\\\"],[]]]', 3)).toBeNull()
    expect(meter('[[["\\\\"],[[]]]]', 3)?.reason).toBe('too_deep')
  })

  it('reads event-stream lines: a raw line feed ends a string left open (its bracket still counts)', () => {
    // without the line feed ending the string, the second line's brackets would go uncounted
    expect(meter('data: {"a":"unterminated\ndata: [[]]\n\n', 3)).toBeNull()
    expect(meter('data: {"a":"unterminated\ndata: [[[]]]\n\n', 3)?.reason).toBe('too_deep')
  })

  it('refuses past the size at the first piece that passes it, and stops reading there', async () => {
    let pulled = 0
    async function* endless() {
      for (;;) {
        pulled += 1
        yield new Uint8Array(1024)
      }
    }
    await expect(readLimitedText(endless(), { maxBodyBytes: 10 * 1024, maxDepth: 512 })).rejects.toMatchObject({
      reason: 'too_large',
      bytesRead: 11 * 1024
    })
    expect(pulled).toBe(11)
  })
})
