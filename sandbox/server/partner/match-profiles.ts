import { z } from 'zod'
import { defaultMaxNumberOfResults, matchProfileRequestSchema, type WholePersonProfile } from '../../../shared/api'
import { emailsOf } from '../contacts/contact-data'
import type { ProfileCatalog } from '../../search/profile-catalog'
import { booleanParam, parseBody, parseQuery, type PartnerRoute } from './route'

/** Documented cap of maxNumberOfResults (the spec gives only the default, defaultMaxNumberOfResults). */
export const maxMatchResults = 100

const matchQuerySchema = z.object({
  transactionId: z.string().max(200).optional(),
  maxNumberOfResults: z.coerce.number().int().min(1).max(maxMatchResults).default(defaultMaxNumberOfResults),
  emailLookupEnabled: booleanParam.default(false)
})

/**
 * Email addresses (`email` and the sandbox's undeclared `emails` list) are revealed only with
 * emailLookupEnabled; then `email` is always filled. The index copy is never modified.
 */
function withEmail(profile: WholePersonProfile, lookup: boolean): WholePersonProfile {
  if (lookup) return { ...profile, email: emailsOf(profile).work }
  const { email: _email, emails: _emails, ...rest } = profile as WholePersonProfile & { emails?: unknown }
  return rest
}

export function matchProfilesRoute(catalog: ProfileCatalog): PartnerRoute {
  return {
    method: 'POST',
    pattern: /^\/api\/Search\/MatchProfiles$/,
    type: 'MatchProfiles',
    async run(ctx) {
      const query = parseQuery(matchQuerySchema, ctx.url)
      const request = parseBody(matchProfileRequestSchema, await ctx.body())
      const matches = catalog.match(request, { max: query.maxNumberOfResults })
      const complete = matches.filter((p) => p.match_type === 'COMPLETE').length
      return {
        body: matches.map((p) => withEmail(p, query.emailLookupEnabled)),
        summary: `200 ${matches.length} profile(s), ${complete} COMPLETE`
      }
    }
  }
}
