import type { Handlers } from '../ipc/router'
import type { PrivacyService } from './privacy-service'

/** One person's data: what is held, an access-request copy, forgetting them. */
export function privacyHandlers(privacy: PrivacyService) {
  return {
    describePerson: ({ key }) => privacy.describe(key),
    forgetPeople: (input) => privacy.forget(input),
    exportPersonData: ({ key }) => privacy.exportPerson(key)
  } satisfies Partial<Handlers>
}
