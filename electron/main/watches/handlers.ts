import type { Handlers } from '../ipc/router'
import type { WatchesService } from './watches-service'

/** Watches and saved searches. */
export function watchesHandlers(watches: WatchesService) {
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
    restoreSavedSearch: (input) => watches.restoreSavedSearch(input)
  } satisfies Partial<Handlers>
}
