import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'

/**
 * What the server needs from the profile data. sandbox/search/profile-index.ts implements it;
 * the interface keeps the HTTP layer independent of how the index is built.
 */
export interface ProfileCatalog {
  readonly size: number
  get(key: string): WholePersonProfile | undefined
  byHandle(handle: string): WholePersonProfile | undefined
  match(request: MatchProfileRequest, options: { max: number }): WholePersonProfile[]
  search(
    query: StructuredQuery,
    options: { limit: number; offset: number; where?: (profile: WholePersonProfile) => boolean }
  ): { total: number; results: WholePersonProfile[] }
}
