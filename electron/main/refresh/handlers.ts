import type { Handlers } from '../ipc/router'
import type { RefreshService } from './refresh-service'

/** Refresh jobs: planned, started, listed and followed. */
export function refreshHandlers(refresh: RefreshService) {
  return {
    planRefresh: (input) => refresh.plan(input),
    startRefresh: (input) => refresh.start(input),
    listRefreshJobs: () => refresh.list(),
    getRefreshJob: (input) => refresh.detail(input),
    checkRefreshJob: (input) => refresh.check(input)
  } satisfies Partial<Handlers>
}
