import { describe, expect, it } from 'vitest'
import * as api from '../../../shared/api'
import { parseTolerant } from '../../../shared/api/tolerant'
import { wholePersonProfileFixture } from './fixtures/profile'
import { withValue } from './helpers'

describe('parseTolerant', () => {
  it('returns the parsed value, undeclared properties included, and no issues on success', () => {
    const input = { ...wholePersonProfileFixture, x_brand_new: { a: 1 } }
    const result = parseTolerant(api.wholePersonProfileSchema, input)
    expect(result.ok).toBe(true)
    expect(result.issues).toEqual([])
    expect(result.value).toEqual(input)
    expect(JSON.stringify(result.value)).toBe(JSON.stringify(input))
  })

  it('on failure returns the original data itself, untouched, with every issue and its path', () => {
    let input = withValue(wholePersonProfileFixture, ['positions', 0, 'start'], 2019.5)
    input = withValue(input, ['positions', 1, 'seniority'], 'Senior')
    input = withValue(input, ['last_updated'], '2024-05-01')
    input = withValue(input, ['x_unknown_but_fine'], true)
    const before = JSON.stringify(input)

    const result = parseTolerant(api.wholePersonProfileSchema, input)

    expect(result.ok).toBe(false)
    expect(result.value).toBe(input)
    expect(JSON.stringify(input)).toBe(before)
    // zod does not promise an order across fields, so compare as a set.
    expect(result.issues.map((issue) => issue.path).sort()).toEqual([
      'last_updated',
      'positions.0.start',
      'positions.1.seniority'
    ])
    for (const issue of result.issues) expect(issue.message).toMatch(/\S/)
    expect(result.issues.find((issue) => issue.path === 'positions.1.seniority')?.message).toContain('seniority')
  })

  it('keeps the whole list when one element of a response array is bad', () => {
    const bad = withValue(wholePersonProfileFixture, ['educations', 0, 'end'], 'now')
    const input = [wholePersonProfileFixture, bad]
    const result = parseTolerant(api.matchProfilesResponseSchema, input)
    expect(result.ok).toBe(false)
    expect(result.value).toBe(input)
    expect(result.value).toHaveLength(2)
    expect(result.issues).toEqual([{ path: '1.educations.0.end', message: expect.stringContaining('expected number') }])
  })

  it('reports a wrong top-level type with the empty path', () => {
    const result = parseTolerant(api.contactResultSchema, 'not an object')
    expect(result).toEqual({ ok: false, value: 'not an object', issues: [{ path: '', message: expect.any(String) }] })
  })

  it('splits several unknown keys of a strict object into one issue each', () => {
    const input = { name: 'Jo', nickname: 'J', age: 3 }
    const result = parseTolerant(api.matchProfileRequestSchema, input)
    expect(result.value).toBe(input)
    expect(result.issues).toEqual([
      { path: 'nickname', message: 'Unrecognized key "nickname"' },
      { path: 'age', message: 'Unrecognized key "age"' }
    ])
  })

  it('is typed by the schema on success', () => {
    const result = parseTolerant(api.countsSchema, { available: 3 })
    if (!result.ok) throw new Error('expected success')
    const available: number | null | undefined = result.value.available
    expect(available).toBe(3)
  })
})
