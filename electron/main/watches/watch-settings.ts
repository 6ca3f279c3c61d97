import { WATCH_DEFAULTS, watchSettingsSchema, type WatchSettings } from '../../../shared/ipc/channels/watches'
import { parseJson } from '../../../shared/json'
import type { Store } from '../store'

const DEFAULT_SETTINGS: WatchSettings = {
  jobsPerDay: WATCH_DEFAULTS.jobsPerDay,
  peoplePerJob: WATCH_DEFAULTS.peoplePerJob,
  pausedAll: false,
  pauseOnBatteryOrMetered: true
}

const keyOf = (connectionId: string) => `watches:${connectionId}`

/** A connection's watch budget and holds; the defaults where nothing (or nothing readable) is kept. */
export function readWatchSettings(store: Store, connectionId: string): WatchSettings {
  const text = store.settings.get(keyOf(connectionId))
  if (text === null) return DEFAULT_SETTINGS
  try {
    const kept = watchSettingsSchema.partial().safeParse(parseJson(text))
    return kept.success ? { ...DEFAULT_SETTINGS, ...kept.data } : DEFAULT_SETTINGS
  } catch {
    return DEFAULT_SETTINGS
  }
}

export function writeWatchSettings(store: Store, connectionId: string, settings: WatchSettings): void {
  store.settings.set(keyOf(connectionId), JSON.stringify(watchSettingsSchema.parse(settings)))
}
