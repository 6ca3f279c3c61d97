import type { Handlers } from '../ipc/router'
import type { ExportLogService } from './export-log-service'

/** The export log: read it, export it. */
export function exportLogHandlers(log: ExportLogService) {
  return {
    listExportLog: (input) => log.list(input),
    exportExportLog: () => log.exportLog(),
    listRegister: (input) => log.register(input),
    exportRegister: (input) => log.exportRegister(input)
  } satisfies Partial<Handlers>
}
