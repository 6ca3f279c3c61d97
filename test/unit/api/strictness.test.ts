import { describe, expect, it } from 'vitest'
import * as api from '../../../shared/api'
import {
  conversationalSearchRequestFixture,
  matchProfileRequestFixture,
  refreshProfilesRequestFixture
} from './fixtures/misc'
import { educationFixture, positionFixture } from './fixtures/position'
import { wholePersonProfileFixture } from './fixtures/profile'
import { issuePaths, withValue } from './helpers'

const profile = wholePersonProfileFixture

describe('undeclared properties survive on loose response objects', () => {
  it('at the top of WholePersonProfile', () => {
    const parsed = api.wholePersonProfileSchema.parse({ key: 'p-1', x_new_field: { a: [1, 2] }, nextGen: 'v2' })
    expect(parsed).toEqual({ key: 'p-1', x_new_field: { a: [1, 2] }, nextGen: 'v2' })
  })

  it('in nested and deeply nested objects', () => {
    const input = withValue(
      withValue(profile, ['contacts', 'execution_trace', 'provider_results', 0, 'status', 'x_retry_after'], 30),
      ['contribs', 0, 'personal_contribs', 'weeks', 0, 'x_week_label'],
      'W18'
    )
    const parsed = api.wholePersonProfileSchema.parse(input) as Record<string, unknown>
    const contacts = parsed.contacts as { execution_trace: { provider_results: { status: Record<string, unknown> }[] } }
    expect(contacts.execution_trace.provider_results[0]?.status.x_retry_after).toBe(30)
    const contribs = parsed.contribs as { personal_contribs: { weeks: Record<string, unknown>[] } }[]
    expect(contribs[0]?.personal_contribs.weeks[0]?.x_week_label).toBe('W18')
    expect(JSON.stringify(parsed)).toBe(JSON.stringify(input))
  })

  it('in score_card, whose fields the spec does not show', () => {
    const parsed = api.wholePersonProfileSchema.parse({ score_card: { overall: 87, rubric: { go: 5 } } })
    expect(parsed.score_card).toEqual({ overall: 87, rubric: { go: 5 } })
  })

  it('in free-form objects and the provider dictionary', () => {
    const parsed = api.contactResultSchema.parse({
      dict_emails: { 'a@b.example': { anything: [true] } },
      emails_validity: { 'a@b.example': 'valid' },
      provider_completion_data_dictionary: { FutureVendor: { isSuccessfulForEmail: true, x_cost: 2 } }
    })
    expect(parsed.dict_emails).toEqual({ 'a@b.example': { anything: [true] } })
    expect(parsed.emails_validity).toEqual({ 'a@b.example': 'valid' })
    expect(parsed.provider_completion_data_dictionary?.FutureVendor).toEqual({ isSuccessfulForEmail: true, x_cost: 2 })
  })

  it('in the conversational current_query, whose contents the spec does not show', () => {
    const input = withValue(conversationalSearchRequestFixture, ['current_query', 'min_years'], 5)
    expect(api.conversationalSearchRequestSchema.parse(input).current_query).toHaveProperty('min_years', 5)
  })
})

describe('undeclared properties are rejected where the spec forbids them, naming the path', () => {
  it('MatchProfileRequest', () => {
    expect(issuePaths(api.matchProfileRequestSchema, { ...matchProfileRequestFixture, foo: 1 })).toEqual(['foo'])
  })

  it('Match Profiles query parameters', () => {
    expect(issuePaths(api.matchProfilesQuerySchema, { maxResults: 3 })).toEqual(['maxResults'])
    expect(issuePaths(api.matchProfilesQuerySchema, { maxNumberOfResults: 2.5, emailLookupEnabled: 'yes' })).toEqual([
      'maxNumberOfResults',
      'emailLookupEnabled'
    ])
  })

  it('Position inside a profile', () => {
    const input = withValue(profile, ['positions', 0, 'foo'], 'bar')
    expect(issuePaths(api.wholePersonProfileSchema, input)).toEqual(['positions.0.foo'])
    // zod itself reports the object's path and the key; the formatter joins them.
    const raw = api.wholePersonProfileSchema.safeParse(input).error?.issues
    expect(raw).toMatchObject([{ code: 'unrecognized_keys', path: ['positions', 0], keys: ['foo'] }])
  })

  it('Education inside a profile', () => {
    const input = withValue(profile, ['educations', 0, 'gpa'], 3.9)
    expect(issuePaths(api.wholePersonProfileSchema, input)).toEqual(['educations.0.gpa'])
  })

  it('Position and Education deep inside healthcare, nurse and contact records', () => {
    let input = withValue(profile, ['healthcare_profile', 'positions', 0, 'foo'], 1)
    input = withValue(input, ['nurse_profile', 'educations', 0, 'bar'], 2)
    input = withValue(input, ['contacts', 'request', 'educations', 0, 'baz'], 3)
    expect(issuePaths(api.wholePersonProfileSchema, input)).toEqual([
      'healthcare_profile.positions.0.foo',
      'nurse_profile.educations.0.bar',
      'contacts.request.educations.0.baz'
    ])
  })

  it('one issue per unknown key', () => {
    expect(issuePaths(api.positionSchema, { ...positionFixture, a: 1, b: 2 })).toEqual(['a', 'b'])
    expect(issuePaths(api.educationSchema, { ...educationFixture, school_name: 'x' })).toEqual(['school_name'])
  })

  it('fully specified request bodies we send: Refresh Profiles and Conversational Search', () => {
    expect(
      issuePaths(api.refreshProfilesRequestSchema, { ...refreshProfilesRequestFixture, profilehandles: [] })
    ).toEqual(['profilehandles'])
    expect(
      issuePaths(api.conversationalSearchRequestSchema, { ...conversationalSearchRequestFixture, userInput: 'x' })
    ).toEqual(['userInput'])
  })

  it('but the token request ignores unknown parameters, as RFC 6749 §3.2 requires', () => {
    const parsed = api.tokenRequestSchema.parse({
      grant_type: 'client_credentials',
      client_id: 'id',
      client_secret: 'secret',
      audience: 'ignored'
    })
    expect(parsed).toEqual({ grant_type: 'client_credentials', client_id: 'id', client_secret: 'secret' })
  })
})
