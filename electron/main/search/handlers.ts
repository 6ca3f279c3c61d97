import type { Handlers } from '../ipc/router'
import type { SearchService } from './search-service'

/** Match Profiles from the Search form, recent searches, and which shortlists hold the people found. */
export function searchHandlers(search: SearchService) {
  return {
    searchProfiles: (input) => search.search(input),
    cancelRequest: (input) => search.cancel(input),
    listRecentSearches: () => search.recent(),
    shortlistsForKeys: (input) => search.shortlistsForKeys(input)
  } satisfies Partial<Handlers>
}
