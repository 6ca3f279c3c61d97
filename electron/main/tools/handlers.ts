import type { Handlers } from '../ipc/router'
import type { ToolsService } from './tools-service'

/** The tool server's tools, listed and called. */
export function toolsHandlers(tools: ToolsService) {
  return {
    listTools: (input) => tools.list(input),
    callTool: (input) => tools.call(input)
  } satisfies Partial<Handlers>
}
