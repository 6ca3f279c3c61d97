import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../electron/main/api/api-error'
import { tooManyResults } from '../../../electron/main/search/search-service'
import { SANDBOX_MAX_RESULTS } from '../../../shared/ipc/channels/search'
import { maxMatchResults } from '../../../sandbox/server/partner/match-profiles'
import { useMains } from './helpers'

// Issue 19, item 13: the form offered up to 1,000 results, the Sandbox takes 100, and the app
// showed the service's raw text. The refusal now says the bound plainly and carries it.
describe('how many results a connection takes', () => {
  const start = useMains()

  it('the Sandbox refuses 500 and the reply says, in words, that it returns at most 100', async () => {
    const main = await start({ sandboxProfiles: 300 })
    const refused = await main.fail('searchProfiles', {
      requestId: 'req-limit-1',
      request: { name: 'Ada' },
      options: { maxNumberOfResults: 500, emailLookupEnabled: false }
    })
    expect(refused.code).toBe('invalid_input')
    expect(refused.message).toBe(
      'This connection returns at most 100 people a search, and 500 were asked for. Results is now 100: search again.'
    )
    expect(refused.details).toMatchObject({ resultsLimit: 100, asked: 500 })
    // the bound asked for is served
    const found = await main.ok('searchProfiles', {
      requestId: 'req-limit-2',
      request: { name: 'Ada' },
      options: { maxNumberOfResults: 100, emailLookupEnabled: false }
    })
    expect(found.results.length).toBeLessThanOrEqual(100)
  }, 60_000)

  it('reads the bound from the ways services word it, and leaves other refusals alone', () => {
    const refusal = (serverMessage: string) =>
      new ApiError({ kind: 'invalid_request', operation: 'Match Profiles', status: 400, serverMessage })
    expect(
      tooManyResults(refusal('The field maxNumberOfResults must be between 1 and 250.'), 1000)?.details
    ).toMatchObject({ resultsLimit: 250 })
    expect(tooManyResults(refusal('MaxNumberOfResults is too large'), 1000)?.message).toBe(
      'This connection refused 1000 results for one search. Ask for fewer (try 100) and search again.'
    )
    expect(tooManyResults(refusal('Invalid body field "name": Required'), 1000)).toBeNull()
    expect(tooManyResults(new ApiError({ kind: 'server', operation: 'Match Profiles', status: 500 }), 1000)).toBeNull()
  })

  it('the page’s known Sandbox bound is the sandbox’s own', () => {
    expect(SANDBOX_MAX_RESULTS).toBe(maxMatchResults)
  })
})
