import fc from 'fast-check'
import { getEventListeners } from 'node:events'
import { describe, expect, it } from 'vitest'
import { AnswerMeter, AnswerRefused, callDeadline, readLimitedText } from '../../../electron/main/net/answer-limits'
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

describe('callDeadline', () => {
  it('follows the caller’s signal, and lets go of it when the call ends', () => {
    const batch = new AbortController()
    // a batch's signal lives through thousands of calls: none stays tied to it
    for (let i = 0; i < 1_000; i++) callDeadline(batch.signal, 60_000).end()
    expect(getEventListeners(batch.signal, 'abort')).toHaveLength(0)
    const call = callDeadline(batch.signal, 60_000)
    batch.abort(new Error('stopped'))
    expect(call.signal.aborted).toBe(true)
    expect(call.passed).toBe(false)
    call.end()
  })

  it('aborts with its own reason once the time has passed', async () => {
    const reason = new Error('past the deadline')
    const call = callDeadline(undefined, 1, () => reason)
    await new Promise((resolve) => call.signal.addEventListener('abort', resolve))
    expect(call.passed).toBe(true)
    expect(call.signal.reason).toBe(reason)
    call.end()
  })
})
