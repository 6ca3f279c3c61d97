import type { Handlers } from '../ipc/router'
import type { KnownPeopleService } from './known-people-service'

/** The known-people lists: import a file, read, remove them, check people against them. */
export function knownPeopleHandlers(lists: KnownPeopleService) {
  return {
    checkKnownPeople: (input) => lists.checkInput(input),
    listKnownPeopleLists: () => lists.lists(),
    startKnownPeopleUpload: (input) => lists.startUpload(input),
    appendKnownPeopleUpload: (input) => lists.append(input),
    discardKnownPeopleUpload: (input) => lists.discard(input),
    previewKnownPeople: (input) => lists.preview(input),
    importKnownPeople: (input) => lists.import(input),
    removeKnownPeopleList: (input) => lists.remove(input)
  } satisfies Partial<Handlers>
}
