import type { Handlers } from '../ipc/router'
import type { ConnectionsService } from './connections-service'
import type { SecretsService } from './secrets-service'
import type { ToolTokensPort } from '../platform/ports'

/**
 * Connections and their secrets. The tool server's token is made from a connection's client
 * secret, so removing the connection or changing that secret drops it at once.
 */
export function connectionsHandlers(deps: {
  connections: ConnectionsService
  secrets: SecretsService
  tools: ToolTokensPort
}) {
  const { connections, secrets, tools } = deps
  return {
    listConnections: () => connections.overview(),
    saveConnection: (input) => connections.save(input),
    removeConnection: async ({ id }) => {
      const overview = await connections.remove(id)
      tools.forget(id)
      return overview
    },
    setActiveConnection: ({ id }) => connections.setActive(id),
    setSecret: ({ connectionId, kind, value, sessionOnly }) => {
      connections.assertRemote(connectionId)
      // a rotated client secret: the token made with the old one is dropped at once
      if (kind === 'clientSecret') tools.forget(connectionId)
      return secrets.set(connectionId, kind, value, sessionOnly === true)
    },
    clearSecret: ({ connectionId, kind }) => {
      connections.assertRemote(connectionId)
      if (kind === 'clientSecret') tools.forget(connectionId)
      return secrets.clear(connectionId, kind)
    },
    testConnection: async ({ id }) => ({
      parts: [...(await connections.test(id)), ...(await tools.testParts(id))]
    }),
    resetSandbox: () => connections.resetSandbox()
  } satisfies Partial<Handlers>
}
