import { describe, expect, it } from 'vitest'
import { plain, quoted } from './user-text'

describe('user text on display', () => {
  it('drops every bidirectional control, so a name reads as it is stored', () => {
    expect(plain('\u202Egnp.exe')).toBe('gnp.exe')
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C'
    expect(plain(`a${controls}b`)).toBe('ab')
    expect(quoted('\u2067Berlin')).toBe('“Berlin”')
  })

  it('leaves right-to-left letters and everything else alone', () => {
    expect(plain('מגייסים — Tel Aviv')).toBe('מגייסים — Tel Aviv')
    expect(plain('Zofia Wiśniewska 😀')).toBe('Zofia Wiśniewska 😀')
  })
})
