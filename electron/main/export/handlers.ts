import type { Handlers } from '../ipc/router'
import type { ExportService } from './export-service'
import type { BackupUploads } from './backup-uploads'

/** CSV and spreadsheet exports, backups, and a backup's restore (its upload in pieces first). */
export function exportHandlers(exports: ExportService, uploads: BackupUploads) {
  return {
    listExportColumns: () => exports.listExportColumns(),
    exportCsv: (input) => exports.exportSpreadsheet(input),
    cancelExport: (input) => exports.cancelExport(input),
    backupShortlists: () => exports.backupShortlists(),
    restoreShortlists: (input) => exports.restoreShortlists(input),
    previewRestore: (input) => exports.previewRestore(input),
    startBackupUpload: () => ({ uploadId: uploads.start() }),
    appendBackupUpload: ({ uploadId, chunk, last }) => uploads.append(uploadId, chunk, last),
    discardBackupUpload: ({ uploadId }) => ({ discarded: uploads.discard(uploadId) })
  } satisfies Partial<Handlers>
}
