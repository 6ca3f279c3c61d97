import type { Handlers } from '../ipc/router'
import type { ShortlistsService } from './shortlists-service'

/** Shortlists, their members and stages, and Recently deleted. */
export function shortlistsHandlers(shortlists: ShortlistsService) {
  return {
    listShortlists: () => shortlists.listShortlists(),
    createShortlist: (input) => shortlists.createShortlist(input),
    renameShortlist: (input) => shortlists.renameShortlist(input),
    deleteShortlist: (input) => shortlists.deleteShortlist(input),
    undoDeleteShortlist: (input) => shortlists.undoDeleteShortlist(input),
    listMembers: (input) => shortlists.listMembers(input),
    getMember: (input) => shortlists.getMember(input),
    addMembers: (input) => shortlists.addMembers(input),
    updateMember: (input) => shortlists.updateMember(input),
    shareShortlist: (input) => shortlists.shareShortlist(input),
    addMemberNote: (input) => shortlists.addMemberNote(input),
    removeMember: (input) => shortlists.removeMember(input),
    restoreMember: (input) => shortlists.restoreMember(input),
    listRecentlyDeleted: () => shortlists.listRecentlyDeleted(),
    purgeMember: (input) => shortlists.purgeMember(input),
    purgeShortlist: (input) => shortlists.purgeShortlist(input),
    emptyRecentlyDeleted: () => shortlists.emptyRecentlyDeleted(),
    listStages: () => shortlists.listStages(),
    addStage: (input) => shortlists.addStage(input),
    renameStage: (input) => shortlists.renameStage(input),
    reorderStages: (input) => shortlists.reorderStages(input),
    removeStage: (input) => shortlists.removeStage(input),
    searchSaved: (input) => shortlists.searchSaved(input)
  } satisfies Partial<Handlers>
}
