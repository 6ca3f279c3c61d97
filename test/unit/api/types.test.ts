import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import * as api from '../../../shared/api'
import { contactResultFixture } from './fixtures/contacts'
import { refreshJobStatusFixture, tokenResponseFixture } from './fixtures/misc'
import { wholePersonProfileFixture } from './fixtures/profile'
import { INT32_MAX, INT32_MIN } from './fixtures/values'
import { issuePaths, issuesOf, withValue } from './helpers'

const profile = wholePersonProfileFixture
const profileSchema = api.wholePersonProfileSchema

/** Paths of the issues when the profile fixture gets `value` at `path`. */
function profilePathsWith(path: (string | number)[], value: unknown): string[] {
  return issuePaths(profileSchema, withValue(profile, path, value))
}

describe('type errors name their path', () => {
  it.each([
    [['healthcare_profile', 'taxonomies', 0, 'taxonomy_code'], 207, 'healthcare_profile.taxonomies.0.taxonomy_code'],
    [
      ['contribs', 0, 'repo_involvement_metrics', 'issues_raised'],
      'many',
      'contribs.0.repo_involvement_metrics.issues_raised'
    ],
    [['positions', 1, 'start'], '2019', 'positions.1.start'],
    [
      ['nurse_profile', 'nurse_license_info', 0, 'provider_agency_info', 'business_address', 'email'],
      1,
      'nurse_profile.nurse_license_info.0.provider_agency_info.business_address.email'
    ],
    [
      ['contacts', 'execution_trace', 'provider_results', 0, 'request', 'guid'],
      'not-a-guid',
      'contacts.execution_trace.provider_results.0.request.guid'
    ],
    [['healthcare_profile', 'true'], true, 'healthcare_profile.true'],
    [['internal_repos', 0, 'comimts_in_last_year'], '143', 'internal_repos.0.comimts_in_last_year'],
    [['prog_lang_ranks', 'Go'], 'high', 'prog_lang_ranks.Go'],
    [['alt_keys_keytypes', 'alt-1'], 3, 'alt_keys_keytypes.alt-1'],
    [['skills', 1], 42, 'skills.1'],
    [['is_student'], 'false', 'is_student'],
    [['manager'], 'Dana', 'manager'],
    [['positions'], { 0: {} }, 'positions']
  ] as const)('%#: %j = %j → %s', (path, value, expected) => {
    expect(profilePathsWith([...path], value)).toEqual([expected])
  })

  it('reports every mismatch, not only the first', () => {
    let input = withValue(profile, ['grad_year'], 'x')
    input = withValue(input, ['qasite_tags', 0, 'level'], 1.5)
    input = withValue(input, ['relevant_papers', 0, 'authors', 0, 'id'], 'a1')
    expect(issuePaths(profileSchema, input)).toEqual([
      'grad_year',
      'qasite_tags.0.level',
      'relevant_papers.0.authors.0.id'
    ])
  })
})

describe('numbers', () => {
  it('int32 accepts its bounds and rejects one past them', () => {
    expect(profilePathsWith(['match_score'], INT32_MAX)).toEqual([])
    expect(profilePathsWith(['match_score'], INT32_MIN)).toEqual([])
    expect(profilePathsWith(['match_score'], INT32_MAX + 1)).toEqual(['match_score'])
    expect(profilePathsWith(['match_score'], INT32_MIN - 1)).toEqual(['match_score'])
    expect(profilePathsWith(['positions', 0, 'company_id'], 2 ** 40)).toEqual(['positions.0.company_id'])
  })

  it('int32, int64 and plain integers reject fractions', () => {
    expect(profilePathsWith(['stars'], 1.5)).toEqual(['stars'])
    expect(profilePathsWith(['co_authors', 0, 'id'], 10.25)).toEqual(['co_authors.0.id'])
    expect(issuePaths(api.countsSchema, { available: 0.5 })).toEqual(['available'])
    expect(issuePaths(api.refreshJobStatusSchema, { totalFailed: 2.5 })).toEqual(['totalFailed'])
  })

  it('int64 accepts safe integers beyond int32 and rejects unsafe ones', () => {
    expect(profilePathsWith(['co_authors', 0, 'id'], 2 ** 40)).toEqual([])
    expect(profilePathsWith(['co_authors', 0, 'id'], Number.MAX_SAFE_INTEGER)).toEqual([])
    expect(profilePathsWith(['co_authors', 0, 'id'], 2 ** 53)).toEqual(['co_authors.0.id'])
  })

  it('doubles accept integers and fractions but not strings or non-finite numbers', () => {
    expect(profilePathsWith(['document_score'], 3)).toEqual([])
    expect(profilePathsWith(['document_score'], -0.001)).toEqual([])
    expect(profilePathsWith(['document_score'], '3.5')).toEqual(['document_score'])
    expect(profilePathsWith(['document_score'], Number.POSITIVE_INFINITY)).toEqual(['document_score'])
    expect(profilePathsWith(['document_score'], Number.NaN)).toEqual(['document_score'])
  })
})

describe('date-times', () => {
  it.each([
    '2024-05-01T10:00:00',
    '2024-05-01T10:00:00Z',
    '2024-05-01T10:00:00.1234567',
    '2024-05-01T10:00:00.123Z',
    '2024-05-01T10:00:00+05:30',
    '2024-05-01T10:00:00.5-08:00'
  ])('accepts %s', (value) => {
    expect(profilePathsWith(['last_updated'], value)).toEqual([])
  })

  it.each([
    '2024-05-01',
    'yesterday',
    '',
    '2024-02-30T10:00:00Z',
    '2024-05-01 10:00:00',
    '01/05/2024 10:00',
    '2024-05-01T25:00:00Z'
  ])('rejects %j', (value) => {
    expect(profilePathsWith(['last_updated'], value)).toEqual(['last_updated'])
  })

  it('rejects a plain date in arrays and nested records, with the path', () => {
    expect(profilePathsWith(['updated_dates', 1], '2024-05-01')).toEqual(['updated_dates.1'])
    expect(issuePaths(api.contactResultSchema, withValue(contactResultFixture, ['_ts'], '2024-05-01'))).toEqual(['_ts'])
    expect(
      issuePaths(
        api.contactResultSchema,
        withValue(
          contactResultFixture,
          ['provider_completion_data_dictionary', 'StateBoard', 'LastUpdatedForEmail'],
          '2024-05-01'
        )
      )
    ).toEqual(['provider_completion_data_dictionary.StateBoard.LastUpdatedForEmail'])
  })

  it('rejects epoch numbers where the spec says date-time', () => {
    expect(issuePaths(api.contactResultSchema, { _ts: 1714557600 })).toEqual(['_ts'])
  })
})

// Token and error bodies follow RFC 6749 and the sandbox's documented shape, not the
// "optional and nullable unless stated" rule of the Partner API resources.
const notPartnerResources = new Set([
  'tokenRequestSchema',
  'tokenResponseSchema',
  'oauthErrorSchema',
  'apiErrorSchema',
  'apiErrorBodySchema'
])
const exportsByName = api as unknown as Record<string, unknown>
const partnerObjectSchemaNames = Object.keys(exportsByName).filter((name) => {
  const value = exportsByName[name]
  return name.endsWith('Schema') && !notPartnerResources.has(name) && value instanceof z.ZodObject
})

describe('optional and nullable fields', () => {
  it('covers the Partner API object schemas', () => {
    expect(partnerObjectSchemaNames.length).toBeGreaterThanOrEqual(85)
    expect(partnerObjectSchemaNames).toEqual(
      expect.arrayContaining([
        'matchProfileRequestSchema',
        'wholePersonProfileSchema',
        'positionSchema',
        'nurseProfileSchema',
        'contactResultSchema',
        'premiumContactsResponseSchema',
        'refreshJobStartSchema',
        'refreshJobStatusSchema',
        'apiTransactionRecordSchema',
        'conversationalSearchResponseSchema'
      ])
    )
  })

  it.each(partnerObjectSchemaNames)('%s: every field accepts null and absence', (name) => {
    const schema = exportsByName[name] as z.ZodObject
    const allNull = Object.fromEntries(Object.keys(schema.shape).map((key) => [key, null]))
    expect(issuesOf(schema, allNull)).toEqual([])
    expect(schema.parse(allNull)).toEqual(allNull)
    expect(schema.parse({})).toEqual({})
  })

  it('null elements inside arrays are still rejected (the spec relaxes fields, not elements)', () => {
    expect(profilePathsWith(['skills', 0], null)).toEqual(['skills.0'])
  })
})

describe('enums', () => {
  it('match_type is COMPLETE or PARTIAL', () => {
    expect(profilePathsWith(['match_type'], 'PARTIAL')).toEqual([])
    expect(profilePathsWith(['match_type'], 'EXACT')).toEqual(['match_type'])
    expect(profilePathsWith(['match_type'], 'complete')).toEqual(['match_type'])
  })

  it('refresh job status uses the five listed values', () => {
    for (const status of ['Queued', 'InProgress', 'Completed', 'Failed', 'Cancelled']) {
      expect(issuePaths(api.refreshJobStatusSchema, { ...refreshJobStatusFixture, status })).toEqual([])
    }
    expect(issuePaths(api.refreshJobStatusSchema, { ...refreshJobStatusFixture, status: 'Running' })).toEqual([
      'status'
    ])
    expect(issuePaths(api.refreshJobStartSchema, { status: 'queued' })).toEqual(['status'])
  })

  it('contact type and contact request type', () => {
    expect(api.contactTypeSchema.options).toEqual(['Email', 'Phone'])
    expect(api.contactRequestTypeSchema.options).toEqual(['New', 'Polling', 'Existing'])
    expect(api.contactTypeSchema.safeParse('email').success).toBe(false)
    expect(api.contactRequestTypeSchema.safeParse('Old').success).toBe(false)
  })

  it('fields with only a sample value accept any string', () => {
    const contacts = withValue(
      withValue(contactResultFixture, ['status'], 'SomeFutureStatus'),
      ['execution_trace', 'provider_results', 0, 'provider'],
      'A Vendor Not In The Spec'
    )
    expect(issuesOf(api.contactResultSchema, contacts)).toEqual([])
    expect(issuesOf(api.keyMatchSchema, { key: 'NEW_KEY_TYPE' })).toEqual([])
    expect(
      issuesOf(api.emailEntrySchema, { source: 'X', validation: 'Y', contact_source: 'Z', sources: ['W'] })
    ).toEqual([])
    expect(issuesOf(api.phoneEntrySchema, { source: 'X' })).toEqual([])
    expect(
      issuesOf(api.contactRequestSchema, { jobType: 'A', req_type: 'B', contact_type: 'C', contact_level: 'D' })
    ).toEqual([])
    expect(issuesOf(api.providerResultSchema, { result_type: 'Other' })).toEqual([])
    expect(issuesOf(api.apiTransactionRecordSchema, { request_type: 'SomethingElse' })).toEqual([])
    // …but they are still strings.
    expect(issuePaths(api.keyMatchSchema, { key: 1 })).toEqual(['key'])
  })

  it('the provider dictionary is keyed by any string and checks its values', () => {
    const bad = withValue(
      contactResultFixture,
      ['provider_completion_data_dictionary', 'SomeVendor', 'isSuccessfulForPhone'],
      'yes'
    )
    expect(issuePaths(api.contactResultSchema, bad)).toEqual([
      'provider_completion_data_dictionary.SomeVendor.isSuccessfulForPhone'
    ])
  })
})

describe('token exchange', () => {
  it('accepts token_type Bearer in any case and keeps it as sent', () => {
    for (const tokenType of ['Bearer', 'bearer', 'BEARER']) {
      const parsed = api.tokenResponseSchema.parse({ ...tokenResponseFixture, token_type: tokenType })
      expect(parsed.token_type).toBe(tokenType)
    }
    expect(issuePaths(api.tokenResponseSchema, { ...tokenResponseFixture, token_type: 'mac' })).toEqual(['token_type'])
  })

  it('expires_in is whole, non-negative seconds', () => {
    expect(issuePaths(api.tokenResponseSchema, { ...tokenResponseFixture, expires_in: 3600.5 })).toEqual(['expires_in'])
    expect(issuePaths(api.tokenResponseSchema, { ...tokenResponseFixture, expires_in: -1 })).toEqual(['expires_in'])
    expect(issuePaths(api.tokenResponseSchema, { ...tokenResponseFixture, expires_in: '3600' })).toEqual(['expires_in'])
    expect(issuePaths(api.tokenResponseSchema, { access_token: 't', token_type: 'Bearer' })).toEqual([])
  })

  it('requires access_token and token_type', () => {
    expect(issuePaths(api.tokenResponseSchema, { expires_in: 3600 })).toEqual(['access_token', 'token_type'])
    expect(issuePaths(api.tokenResponseSchema, { ...tokenResponseFixture, access_token: null })).toEqual([
      'access_token'
    ])
  })

  it('the token request is a client-credentials grant with id and secret', () => {
    expect(issuePaths(api.tokenRequestSchema, { grant_type: 'password', client_id: 'a', client_secret: 'b' })).toEqual([
      'grant_type'
    ])
    expect(issuePaths(api.tokenRequestSchema, { grant_type: 'client_credentials', client_id: 'a' })).toEqual([
      'client_secret'
    ])
    expect(
      issuePaths(api.tokenRequestSchema, { grant_type: 'client_credentials', client_id: '', client_secret: 'b' })
    ).toEqual(['client_id'])
  })

  it('OAuth errors need an error code', () => {
    expect(issuePaths(api.oauthErrorSchema, { error: 'invalid_client' })).toEqual([])
    expect(issuePaths(api.oauthErrorSchema, { error_description: 'bad' })).toEqual(['error'])
  })
})

describe('sandbox error body', () => {
  it('needs code and message; details is optional and free-form', () => {
    expect(issuePaths(api.apiErrorBodySchema, { error: { code: 'not_found', message: 'No such job' } })).toEqual([])
    expect(issuePaths(api.apiErrorBodySchema, { error: { code: 'x', message: 'y', details: [1, { a: 2 }] } })).toEqual(
      []
    )
    expect(issuePaths(api.apiErrorBodySchema, { error: { code: 'not_found' } })).toEqual(['error.message'])
    expect(issuePaths(api.apiErrorBodySchema, { message: 'flat' })).toEqual(['error'])
  })

  it('lists the sandbox codes, while `code` itself accepts any string from a real server', () => {
    expect(api.apiErrorCodeSchema.options).toContain('rate_limited')
    expect(api.apiErrorCodeSchema.safeParse('teapot').success).toBe(false)
    expect(issuePaths(api.apiErrorBodySchema, { error: { code: 'teapot', message: 'x' } })).toEqual([])
  })
})
