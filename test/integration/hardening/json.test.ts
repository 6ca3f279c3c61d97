import { describe, expect, it } from 'vitest'
import { parseJson } from '../../../shared/json'

describe('parseJson on hostile text', () => {
  it('reads text nested thousands deep even when it holds a long number (the lossless parser recursed and overflowed)', () => {
    const deep = `${'{"a":'.repeat(20_000)}12345678901234567${'}'.repeat(20_000)}`
    expect(() => parseJson(deep)).not.toThrow()
    const deepArrays = `[1234567890123456789,${'['.repeat(20_000)}${']'.repeat(20_000)}]`
    // and the long number stays exact there too (the engine parses; its digits are put back)
    expect((parseJson(deepArrays) as unknown[])[0]).toBe(1234567890123456789n)
    let inner: unknown = parseJson(deep)
    for (let i = 0; i < 20_000; i++) inner = (inner as { a: unknown }).a
    expect(inner).toBe(12345678901234567n)
  })

  it('keeps integers beyond 2^53 exact in ordinary documents', () => {
    expect(parseJson('{"id":12345678901234567890,"n":[[[1]]]}')).toEqual({ id: 12345678901234567890n, n: [[[1]]] })
  })

  it('keeps a __proto__ key as an own entry, never as the prototype, on both paths', () => {
    for (const text of [
      '{"__proto__":{"polluted":1}}',
      '{"__proto__":{"polluted":1},"id":12345678901234567890}',
      '{"__proto__":12345678901234567890}'
    ]) {
      const value = parseJson(text) as Record<string, unknown>
      expect(Object.hasOwn(value, '__proto__')).toBe(true)
      expect(Object.getPrototypeOf(value)).toBe(Object.prototype)
      expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    }
  })
})
