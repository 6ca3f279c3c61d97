import type { Handlers } from '../ipc/router'
import type { PrivacyService } from './privacy-service'

/** One person's data: what is held, an access-request copy, forgetting them; the controller copies name. */
export function privacyHandlers(privacy: PrivacyService) {
  return {
    describePerson: ({ key }) => privacy.describe(key),
    forgetPeople: (input) => privacy.forget(input),
    exportPersonData: ({ key, language }) => privacy.exportPerson(key, language),
    getDataController: () => privacy.controller(),
    setDataController: ({ controller }) => privacy.setController(controller)
  } satisfies Partial<Handlers>
}
