import type { Handlers } from '../ipc/router'
import type { DoNotContactService } from './do-not-contact-service'

/** The do-not-contact list: read, add by hand or from a file, remove, check people. */
export function doNotContactHandlers(list: DoNotContactService) {
  return {
    listDoNotContact: () => list.list(),
    addDoNotContact: (input) => list.add(input),
    importDoNotContact: (input) => list.import(input),
    removeDoNotContact: (input) => list.remove(input),
    checkDoNotContact: async ({ people }) => ({ suppressed: await list.checkInSlices(people) })
  } satisfies Partial<Handlers>
}
