import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as api from '../../../shared/api'
import { coverageGaps } from './coverage'
import { fixtures } from './fixtures'
import { educationFixture, positionFixture } from './fixtures/position'
import { wholePersonProfileFixture } from './fixtures/profile'

function firstDifference(a: string, b: string): string | undefined {
  if (a === b) return undefined
  let i = 0
  while (i < a.length && a[i] === b[i]) i++
  return `at ${i}: parsed …${a.slice(Math.max(0, i - 60), i + 60)}… vs fixture …${b.slice(Math.max(0, i - 60), i + 60)}…`
}

const exports = api as unknown as Record<string, unknown>
const schemaNames = Object.keys(exports).filter((name) => name.endsWith('Schema') && exports[name] instanceof z.ZodType)

describe('fixtures', () => {
  it('exist for every exported schema, and only for exported schemas', () => {
    const exported = [...schemaNames].sort()
    expect(exported.length).toBeGreaterThan(100)
    expect(Object.keys(fixtures).sort()).toEqual(exported)
  })
})

// Only names go through describe.each: vitest formats its arguments, and a zod schema is huge.
describe.each(schemaNames)('%s', (name) => {
  const schema = exports[name] as z.ZodType
  const fixture = fixtures[name]

  it('parses its maximal fixture and round-trips it byte for byte', () => {
    const parsed = JSON.stringify(schema.parse(fixture))
    const original = JSON.stringify(fixture)
    // Report where the two first differ rather than two huge strings.
    expect(firstDifference(parsed, original)).toBeUndefined()
    expect(parsed).toBe(original)
  })

  it('has a fixture that covers every declared key, at every depth', () => {
    expect(coverageGaps(schema, fixture)).toEqual([])
  })
})

describe('coverage check', () => {
  it('reports a declared key the fixture lacks', () => {
    const { comimts_in_last_year: _dropped, ...repo } = wholePersonProfileFixture.internal_repos[0]!
    const profile = { ...wholePersonProfileFixture, internal_repos: [repo] }
    expect(coverageGaps(api.wholePersonProfileSchema, profile)).toEqual([
      '(root).internal_repos.0.comimts_in_last_year: missing from fixture'
    ])
  })

  it('reports a key the schema does not declare, unless it is an x_ extra on a loose object', () => {
    expect(coverageGaps(api.employeeSchema, { ...wholePersonProfileFixture.manager, x_kept: 1 })).toEqual([])
    expect(coverageGaps(api.employeeSchema, { ...wholePersonProfileFixture.manager, phone: '1' })).toEqual([
      '(root).phone: not declared by the schema'
    ])
    expect(coverageGaps(api.positionSchema, { ...positionFixture, x_kept: 1 })).toEqual([
      '(root).x_kept: not declared by the schema'
    ])
  })

  it('reports null fields and empty arrays, whose inner schemas would go unchecked', () => {
    expect(coverageGaps(api.educationSchema, { ...educationFixture, tags: [], degree: null })).toEqual([
      '(root).degree: null/absent, inner schema not exercised',
      '(root).tags: empty array, element schema not exercised'
    ])
  })
})

describe('wire names', () => {
  const wireNames: [string, z.ZodObject][] = [
    ['comimts_in_last_year', api.internalRepoSchema],
    ['true', api.healthcareProfileSchema],
    ['true', api.nurseProfileSchema],
    ['_etag', api.contactResultSchema],
    ['_rid', api.contactResultSchema],
    ['_self', api.contactResultSchema],
    ['_ts', api.contactResultSchema],
    ['alt_keys_keytypes', api.wholePersonProfileSchema],
    ['alt_keys_keytypes', api.healthcareProfileSchema],
    ['qasite_bronze_badges_full', api.wholePersonProfileSchema],
    ['codehost_handle', api.wholePersonProfileSchema],
    ['mismatched_codehost_profile', api.executionTraceSchema],
    ['profilenet_image_url', api.contactCardSchema],
    ['has_physician_directory_data', api.healthcareProfileSchema],
    ['chat_id', api.wholePersonProfileSchema]
  ]
  it('declares the odd wire names exactly as the spec spells them', () => {
    for (const [key, schema] of wireNames) expect(Object.keys(schema.shape)).toContain(key)
  })

  it('NurseProfile drops provider_name and practice_address but keeps the other HealthcareProfile fields', () => {
    const nurseKeys = Object.keys(api.nurseProfileSchema.shape)
    expect(nurseKeys).not.toContain('provider_name')
    expect(nurseKeys).not.toContain('practice_address')
    const shared = Object.keys(api.healthcareProfileSchema.shape).filter(
      (key) => key !== 'provider_name' && key !== 'practice_address'
    )
    expect(nurseKeys.slice(0, shared.length)).toEqual(shared)
  })

  it('RepositoryContribution has every Repository field', () => {
    const contributionKeys = Object.keys(api.repositoryContributionSchema.shape)
    expect(contributionKeys).toEqual(expect.arrayContaining(Object.keys(api.repositorySchema.shape)))
  })
})
