import path from 'node:path'
import type { MainContribution } from '../main-options'
import { backupJobsHere, backupJobsInWorker } from './backup-reader'
import { BackupUploads, UPLOADS_FOLDER } from './backup-uploads'
import { ExportService } from './export-service'
import { exportHandlers } from './handlers'
import { removeRestoreLeftovers } from './leftovers'
import { SaveTargets } from './save-targets'

/** CSV and spreadsheet exports, backups, and a backup's restore (its upload in pieces first). */
export const contribution = {
  name: 'export',
  create(context) {
    const { options, stores, clock } = context
    const uploads = new BackupUploads({ dir: path.join(options.dataDir, UPLOADS_FOLDER) })
    uploads.clear()
    const exports = new ExportService({
      stores,
      uploads,
      sheetRows: context.port('sheetRows'),
      backupJobs:
        options.backupWorker === undefined
          ? backupJobsHere(() => stores.get(), clock)
          : backupJobsInWorker(options.backupWorker, () => stores.get(), clock),
      mask: (text: string) => context.secretMask.text(text),
      targets: new SaveTargets({
        downloads: context.downloads,
        ...(options.fileDialogs === undefined ? {} : { dialogs: options.fileDialogs })
      }),
      events: context.events,
      clock,
      ...(options.exportLocale === undefined ? {} : { locale: options.exportLocale })
    })
    removeRestoreLeftovers(options.dataDir)
    return { handlers: exportHandlers(exports, uploads), close: () => uploads.clear() }
  }
} satisfies MainContribution
