import type { Handlers } from '../ipc/router'
import type { AtsConnections } from './connections/ats-connections'

/** Settings → ATS: the connections, their test, edit and remove with undo, and the Sandbox's fakes. */
export function atsHandlers(connections: AtsConnections) {
  return {
    listAtsConnections: () => connections.overview(),
    addAtsConnection: (input) => connections.add(input),
    testAtsConnection: ({ id }) => connections.test(id),
    removeAtsConnection: ({ id }) => connections.remove(id),
    undoRemoveAtsConnection: ({ id }) => connections.undoRemove(id),
    editAtsConnection: ({ id, ...changes }) => connections.edit(id, changes),
    undoEditAtsConnection: ({ id }) => connections.undoEdit(id),
    connectSandboxAts: ({ kind }) => connections.connectSandbox(kind)
  } satisfies Partial<Handlers>
}
