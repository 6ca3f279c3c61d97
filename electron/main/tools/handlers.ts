import type { Handlers } from '../ipc/router'
import type { ToolsService } from './tools-service'

/** The tool server's tools, listed and called; the tools each connection allows without asking. */
export function toolsHandlers(tools: ToolsService) {
  return {
    listTools: (input) => tools.list(input),
    callTool: (input) => tools.call(input),
    listToolAllowances: (input) => tools.allowances(input),
    revokeToolAllowance: (input) => tools.revokeAllowance(input)
  } satisfies Partial<Handlers>
}
