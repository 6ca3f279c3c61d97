import type { Handlers } from '../ipc/router'
import type { ActivityService } from './activity-service'
import type { WatchesService } from './watches-service'

/** Watches, saved searches and the Activity list. */
export function watchesHandlers(watches: WatchesService, activity: ActivityService) {
  return {
    listWatches: () => watches.overview(),
    watchShortlist: (input) => watches.watchShortlist(input),
    watchSavedSearch: (input) => watches.watchSavedSearch(input),
    unwatch: (input) => watches.unwatch(input),
    setWatchPaused: (input) => watches.setPaused(input),
    runWatchNow: (input) => watches.runNow(input),
    setWatchSettings: (input) => watches.setSettings(input),
    reportPower: (input) => watches.reportPower(input),
    saveSearch: (input) => watches.saveSearch(input),
    listSavedSearches: () => watches.listSavedSearches(),
    renameSavedSearch: (input) => watches.renameSavedSearch(input),
    deleteSavedSearch: (input) => watches.deleteSavedSearch(input),
    restoreSavedSearch: (input) => watches.restoreSavedSearch(input),
    listActivity: (input) => activity.list(input),
    markActivityRead: (input) => activity.markRead(input)
  } satisfies Partial<Handlers>
}
