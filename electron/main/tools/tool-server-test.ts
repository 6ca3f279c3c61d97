import type { ConnectionTestPart } from '../../../shared/ipc/channels/connections'
import type { ToolAccess } from '../platform/ports'
import type { ToolServers } from './tool-servers'
import { errorMessage } from '../../../shared/error-message'

/** Settings' "Test connection": the token exchange, then the tool server and its tools. */
export async function testToolServer(
  deps: { toolAccess: (connectionId: string) => Promise<ToolAccess>; servers: ToolServers },
  connectionId: string
): Promise<ConnectionTestPart[]> {
  let access: ToolAccess
  try {
    access = await deps.toolAccess(connectionId)
  } catch (error) {
    const message = errorMessage(error)
    return [
      part('token', 'Tool-server token', null, `Not checked: ${lowerFirst(message)}`),
      part('toolServer', 'Tool server', null, 'Not checked: there is no token to reach it with.')
    ]
  }
  // a test always exchanges afresh: a cached token would prove nothing about today's secret
  deps.servers.forget(connectionId)
  const server = await deps.servers.of(access)
  let started = Date.now()
  try {
    await server.tokens.token()
  } catch (error) {
    return [
      part('token', 'Tool-server token', false, errorMessage(error), Date.now() - started),
      part('toolServer', 'Tool server', null, 'Not checked: there is no token to reach it with.')
    ]
  }
  const tokenPart = part('token', 'Tool-server token', true, 'Issued for mcp:tools.', Date.now() - started)
  started = Date.now()
  try {
    const tools = await server.client.listTools()
    const names = tools.map((t) => t.name)
    const listed = names.length === 0 ? 'no tools' : `${names.length} tools: ${names.join(', ')}`
    return [
      tokenPart,
      part(
        'toolServer',
        'Tool server',
        true,
        `Reachable at ${new URL(access.mcpUrl).host}, with ${listed}.`,
        Date.now() - started
      )
    ]
  } catch (error) {
    return [tokenPart, part('toolServer', 'Tool server', false, errorMessage(error), Date.now() - started)]
  }
}

function part(
  which: ConnectionTestPart['part'],
  label: string,
  ok: boolean | null,
  message: string,
  durationMs: number | null = null
): ConnectionTestPart {
  return { part: which, label, ok, message, durationMs }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1)
}
