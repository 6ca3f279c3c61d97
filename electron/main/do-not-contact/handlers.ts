import type { Handlers } from '../ipc/router'
import type { DoNotContactService } from './do-not-contact-service'

/** The do-not-contact list: read a page, add by hand or from a file, remove, check people. */
export function doNotContactHandlers(list: DoNotContactService) {
  return {
    listDoNotContact: (input) => list.list(input),
    addDoNotContact: (input) => list.add(input),
    startDoNotContactUpload: () => list.startUpload(),
    appendDoNotContactUpload: (input) => list.append(input),
    discardDoNotContactUpload: (input) => list.discard(input),
    importDoNotContact: (input) => list.import(input),
    removeDoNotContact: (input) => list.remove(input),
    listDoNotContactImports: () => list.imports(),
    removeDoNotContactImport: (input) => list.removeImport(input),
    listTeamDoNotContact: (input) => list.teamList(input),
    checkDoNotContact: async ({ people }) => ({ suppressed: await list.checkInSlices(people) })
  } satisfies Partial<Handlers>
}
