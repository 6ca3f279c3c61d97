import { describe, expect, it } from 'vitest'
import {
  AllowListError,
  GLOBAL_FILE,
  globToRegExp,
  judge,
  parseAllowList,
  type AllowEntry,
  type Finding
} from '../../../scripts/security/allow-list'

const reason = 'Safe because the value is checked first; see the test.'

function finding(partial: Partial<Finding> & Pick<Finding, 'check' | 'file'>): Finding {
  return { severity: 'HIGH', confidence: 'FIRM', description: 'd', ...partial }
}

describe('globToRegExp', () => {
  it('matches exact paths literally (dots are not wildcards)', () => {
    expect(globToRegExp('electron/main/index.ts').test('electron/main/index.ts')).toBe(true)
    expect(globToRegExp('electron/main/index.ts').test('electron/main/indexxts')).toBe(false)
    expect(globToRegExp('(global)').test(GLOBAL_FILE)).toBe(true)
  })

  it('keeps * and ? within one folder, and lets ** span folders', () => {
    expect(globToRegExp('out/main/*.cjs').test('out/main/index.cjs')).toBe(true)
    expect(globToRegExp('out/main/*.cjs').test('out/main/chunks/a.cjs')).toBe(false)
    expect(globToRegExp('out/**/*.cjs').test('out/main/chunks/a.cjs')).toBe(true)
    expect(globToRegExp('out/**/*.cjs').test('out/index.cjs')).toBe(true)
    expect(globToRegExp('out/**').test('out/renderer/assets/x.js')).toBe(true)
    expect(globToRegExp('a?.ts').test('ab.ts')).toBe(true)
    expect(globToRegExp('a?.ts').test('a/.ts')).toBe(false)
  })
})

describe('judge', () => {
  const entry = (partial: Partial<AllowEntry> & Pick<AllowEntry, 'check' | 'file'>): AllowEntry => ({
    reason,
    ...partial
  })

  it('allows a finding only with an entry for its check, file and (when given) line text', () => {
    const open = finding({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'a.ts', line: 3, sample: 'shell.openExternal(url)' })
    const list = {
      allowed: [
        entry({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'a.ts', match: 'shell.openExternal(url)' }),
        entry({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'b.ts' })
      ]
    }
    const verdict = judge([open, finding({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'a.ts', sample: 'other(x)' })], list)
    expect(verdict.allowed.map((item) => item.finding)).toEqual([open])
    expect(verdict.unexpected).toEqual([finding({ check: 'OPEN_EXTERNAL_JS_CHECK', file: 'a.ts', sample: 'other(x)' })])
    expect(verdict.stale.map((item) => item.index)).toEqual([1])
  })

  it('never lets an entry for one check allow another', () => {
    const verdict = judge([finding({ check: 'NODE_INTEGRATION_JS_CHECK', file: 'a.ts' })], {
      allowed: [entry({ check: 'SANDBOX_JS_CHECK', file: '**' })]
    })
    expect(verdict.unexpected).toHaveLength(1)
    expect(verdict.stale).toHaveLength(1)
  })

  it('matches global findings by (global)', () => {
    const verdict = judge([finding({ check: 'CSP_GLOBAL_CHECK', file: GLOBAL_FILE })], {
      allowed: [entry({ check: 'CSP_GLOBAL_CHECK', file: '(global)' })]
    })
    expect(verdict).toMatchObject({ unexpected: [], stale: [] })
    expect(verdict.allowed).toHaveLength(1)
  })

  it('passes when there is nothing to find and nothing allowed', () => {
    expect(judge([], { allowed: [] })).toEqual({ allowed: [], unexpected: [], stale: [] })
  })
})

describe('parseAllowList', () => {
  const valid = { check: 'SANDBOX_JS_CHECK', file: 'electron/main/index.ts', reason, reviewed: '2026-11-22' }
  const text = (allowed: unknown[]) => JSON.stringify({ allowed })

  it('reads a list of reviewed entries', () => {
    expect(parseAllowList(text([valid, { ...valid, match: 'new BrowserWindow(' }])).allowed).toHaveLength(2)
  })

  it.each([
    ['no reason', { ...valid, reason: undefined }, /reason/],
    ['an empty reason', { ...valid, reason: '   ' }, /reason/],
    ['a reason that explains nothing', { ...valid, reason: 'ok, reviewed' }, /reason/],
    ['a lower-case check id', { ...valid, check: 'sandboxJSCheck' }, /check/],
    ['no file', { ...valid, file: '' }, /file/],
    ['a misspelt key', { ...valid, reasn: 'x' }, /reasn/],
    ['a date that is not one', { ...valid, reviewed: '2026-13-45' }, /reviewed/],
    ['a date in another format', { ...valid, reviewed: '22/11/2026' }, /reviewed/]
  ])('refuses an entry with %s', (_label, bad, message) => {
    expect(() => parseAllowList(text([valid, bad]))).toThrow(AllowListError)
    expect(() => parseAllowList(text([valid, bad]))).toThrow(message)
  })

  it('refuses text that is not JSON, or not a list', () => {
    expect(() => parseAllowList('{ allowed: [] }')).toThrow(/not valid JSON/)
    expect(() => parseAllowList('{"allowed": {}}')).toThrow(AllowListError)
  })
})
