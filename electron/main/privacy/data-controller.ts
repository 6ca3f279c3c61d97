import { dataControllerSchema, type DataController } from '../../../shared/ipc/channels/personal-data'
import { parseJson } from '../../../shared/json'
import type { Store } from '../store'

/** The settings row holding the controller access copies and the candidate notice name. */
const KEY = 'privacy.controller'

/** The controller the recruiter set, or null (never set, or nothing readable kept). */
export function readDataController(store: Store): DataController | null {
  const text = store.settings.get(KEY)
  if (text === null) return null
  try {
    const kept = dataControllerSchema.safeParse(parseJson(text))
    return kept.success ? kept.data : null
  } catch {
    return null
  }
}

export function writeDataController(store: Store, controller: DataController): DataController {
  const checked = dataControllerSchema.parse(controller)
  store.settings.set(KEY, JSON.stringify(checked))
  return checked
}
