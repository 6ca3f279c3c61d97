import { RETENTION_OFF, retentionSettingsSchema, type RetentionSettings } from '../../../shared/ipc/channels/retention'
import { parseJson } from '../../../shared/json'
import type { Store } from '../store'

const KEY = 'retention.periods'

/** The periods the recruiter set; off (nothing is deleted) where none, or nothing readable, is kept. */
export function readRetentionSettings(store: Store): RetentionSettings {
  const text = store.settings.get(KEY)
  if (text === null) return RETENTION_OFF
  try {
    const kept = retentionSettingsSchema.safeParse(parseJson(text))
    return kept.success ? kept.data : RETENTION_OFF
  } catch {
    return RETENTION_OFF
  }
}

export function writeRetentionSettings(store: Store, settings: RetentionSettings): void {
  store.settings.set(KEY, JSON.stringify(retentionSettingsSchema.parse(settings)))
}

const LAST_PURGE_KEY = 'retention.lastPurge'

/** When the last purge ran and how many it forgot (a count and a date: no one named). */
export function readLastPurge(store: Store): { at: string; forgotten: number } | null {
  const text = store.settings.get(LAST_PURGE_KEY)
  if (text === null) return null
  try {
    const value = parseJson(text) as { at?: unknown; forgotten?: unknown }
    return typeof value.at === 'string' && typeof value.forgotten === 'number'
      ? { at: value.at, forgotten: value.forgotten }
      : null
  } catch {
    return null
  }
}

export function writeLastPurge(store: Store, purge: { at: string; forgotten: number }): void {
  store.settings.set(LAST_PURGE_KEY, JSON.stringify(purge))
}
