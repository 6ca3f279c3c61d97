import path from 'node:path'
import type { FeatureContribution } from '../platform/contribution'
import { backupJobsHere, backupJobsInWorker, type SpawnBackupWorker } from './backup-reader'
import { BackupUploads, UPLOADS_FOLDER } from './backup-uploads'
import { ExportService } from './export-service'
import { exportHandlers } from './handlers'
import { removeRestoreLeftovers } from './leftovers'
import { SaveTargets, type FileDialogs } from './save-targets'

export type { SpawnBackupWorker } from './backup-reader'
export type { FileDialogs } from './save-targets'

/** What Export needs of the shell (MainOptions). */
export interface ExportOptions {
  dataDir: string
  /**
   * How to start the worker thread that previews and restores an uploaded backup. Without it
   * that work runs on the calling thread (tests that do not restore large files).
   */
  backupWorker?: SpawnBackupWorker
  /**
   * The shell's "choose where to save" (Electron: the native save dialog). Without it, exports
   * and backups become downloads the browser host serves to the page.
   */
  fileDialogs?: FileDialogs
  /**
   * The recruiter's regional locale (Electron: `app.getSystemLocale()`), which decides the CSV
   * list separator: ';' where a decimal is written with a comma. Defaults to the process's.
   */
  exportLocale?: string
}

/** CSV and spreadsheet exports, backups, and a backup's restore (its upload in pieces first). */
export const contribution = {
  name: 'export',
  create(context) {
    const { options, stores, clock } = context
    const uploads = new BackupUploads({ dir: path.join(options.dataDir, UPLOADS_FOLDER) })
    uploads.clear()
    const targets = new SaveTargets({
      downloads: context.downloads,
      ...(options.fileDialogs === undefined ? {} : { dialogs: options.fileDialogs })
    })
    const exports = new ExportService({
      stores,
      uploads,
      sheetRows: context.port('sheetRows'),
      backupJobs:
        options.backupWorker === undefined
          ? backupJobsHere(() => stores.get(), clock)
          : backupJobsInWorker(options.backupWorker, () => stores.get(), clock),
      mask: (text: string) => context.secretMask.text(text),
      targets,
      exportLog: () => context.port('exportLog'),
      doNotContact: () => context.port('doNotContact'),
      knownPeople: () => context.port('knownPeople'),
      activeConnection: () => context.port('connections').active().id,
      held: (held) => context.bus.publish('peopleHeld', held),
      events: context.events,
      clock,
      ...(options.exportLocale === undefined ? {} : { locale: options.exportLocale })
    })
    removeRestoreLeftovers(options.dataDir)
    // saveFiles: other features' files that leave the app (a person's access-request copy) go where these do
    return {
      handlers: exportHandlers(exports, uploads),
      provides: { saveFiles: targets },
      close: () => uploads.clear()
    }
  }
} satisfies FeatureContribution<ExportOptions>
