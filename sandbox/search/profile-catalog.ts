import type { MatchProfileRequest, StructuredQuery, WholePersonProfile } from '../../shared/api'

/**
 * What the server needs from the profile data. sandbox/search/profile-index.ts implements it;
 * the interface keeps the HTTP layer independent of how the index is built.
 *
 * Profiles have ids 0 … size-1 (their place in the catalog). `present`, given to `match` and
 * `search`, keeps only the ids for which it holds, before ranking and the cap, without making the
 * profiles (sandbox/server/arrivals.ts hides people who have not joined the index yet with it).
 */
export interface ProfileCatalog {
  readonly size: number
  /** The key of profile `id` (0 ≤ id < size), without making the profile where the catalog can. */
  keyAt(id: number): string
  get(key: string): WholePersonProfile | undefined
  byHandle(handle: string): WholePersonProfile | undefined
  match(request: MatchProfileRequest, options: { max: number; present?: (id: number) => boolean }): WholePersonProfile[]
  search(
    query: StructuredQuery,
    options: {
      limit: number
      offset: number
      where?: (profile: WholePersonProfile) => boolean
      present?: (id: number) => boolean
    }
  ): { total: number; results: WholePersonProfile[] }
}
