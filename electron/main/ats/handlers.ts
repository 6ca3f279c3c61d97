import type { Handlers } from '../ipc/router'
import type { AtsConnections } from './connections/ats-connections'

/** Settings → ATS: the connections, their test, edit and remove with undo, the Sandbox's fakes, Lever OAuth's sign-in. */
export function atsHandlers(connections: AtsConnections) {
  return {
    listAtsConnections: () => connections.overview(),
    addAtsConnection: (input) => connections.add(input),
    testAtsConnection: ({ id }) => connections.test(id),
    removeAtsConnection: ({ id }) => connections.remove(id),
    undoRemoveAtsConnection: ({ id }) => connections.undoRemove(id),
    editAtsConnection: ({ id, ...changes }) => connections.edit(id, changes),
    undoEditAtsConnection: ({ id }) => connections.undoEdit(id),
    connectSandboxAts: ({ kind }) => connections.connectSandbox(kind),
    startLeverOAuth: (input) => connections.signIns.start(input),
    finishLeverOAuth: ({ flowId }) => connections.finishLeverOAuth(flowId),
    cancelLeverOAuth: ({ flowId }) => Promise.resolve(connections.signIns.cancel(flowId))
  } satisfies Partial<Handlers>
}
