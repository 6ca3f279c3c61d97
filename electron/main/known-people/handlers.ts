import type { Handlers } from '../ipc/router'
import type { KnownPeopleService } from './known-people-service'

/** The known-people lists: read them, check people against them. */
export function knownPeopleHandlers(lists: KnownPeopleService) {
  return {
    checkKnownPeople: (input) => lists.checkInput(input),
    listKnownPeopleLists: () => lists.lists()
  } satisfies Partial<Handlers>
}
