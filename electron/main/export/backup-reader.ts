import type { Worker } from 'node:worker_threads'
import type { BackupPreview, RestoreSummary } from '../../../shared/ipc/channels/export'
import { AppError } from '../../../shared/ipc/errors'
import type { Clock } from '../store/clock'
import { StoreError, type StoreErrorCode } from '../store/store-error'
import type { Store } from '../store/index'
import { extraConnectionTarget, type ExtraConnectionTarget } from '../store/extra-connection-target'
import { BackupService } from './backup'
import { previewBackup } from './backup-inspect'
import { ForgottenPeople, type ForgottenPeopleData } from '../personal-data/tombstones'

/**
 * Previews and restores of a backup file (an upload): read, check every record, and for a
 * restore write it in one transaction. In the app this runs in a worker thread; the main thread
 * only waits for the answer.
 */
export interface BackupFileJobs {
  preview(file: string): Promise<BackupPreview>
  restore(file: string, options: { partial: boolean }): Promise<RestoreSummary>
}

export type BackupWorkerData =
  /** `forgotten`: the tombstones, so the preview counts who a restore would leave out. */
  | { job: 'preview'; file: string; forgotten: ForgottenPeopleData }
  /** With the store main has open (checked and migrated): the worker opens a second connection. */
  | ({
      job: 'restore'
      file: string
      partial: boolean
      /** Main's clock, read when the restore was asked for (tests move time). */
      now: string
    } & ExtraConnectionTarget)

export type BackupWorkerReply =
  | { ok: true; preview: BackupPreview }
  | { ok: true; summary: RestoreSummary }
  /** `busy`: the data file stayed locked by other writes past SQLite's wait. */
  | { ok: false; error: { code: StoreErrorCode | 'busy' | null; message: string; details?: unknown } }

/** Starts the worker thread that runs one job (the shell knows where its script is). */
export type SpawnBackupWorker = (data: BackupWorkerData) => Worker

/** On the calling thread, through main's own connection: tests, and builds without the worker. */
export function backupJobsHere(store: () => Store, clock: Clock): BackupFileJobs {
  return {
    preview: async (file) => previewBackup({ file }, ForgottenPeople.read(store().database.db)),
    restore: async (file, { partial }) => new BackupService(store(), clock).restore(file, { partial })
  }
}

/**
 * In a worker thread per job, so neither parsing hundreds of megabytes nor the restore's
 * transaction blocks main's event loop (which also serves the window). The backup's own refusals
 * come back as the same StoreErrors.
 */
export function backupJobsInWorker(spawn: SpawnBackupWorker, store: () => Store, clock: Clock): BackupFileJobs {
  return {
    preview: (file) =>
      run(spawn, { job: 'preview', file, forgotten: ForgottenPeople.read(store().database.db).toData() }).then(
        (reply) => {
          if ('preview' in reply) return reply.preview
          throw new AppError('internal', 'The backup reader answered something else.')
        }
      ),
    restore: (file, { partial }) => {
      return run(spawn, {
        job: 'restore',
        file,
        partial,
        ...extraConnectionTarget(store().database),
        now: clock.now().toISOString()
      }).then((reply) => {
        if ('summary' in reply) return reply.summary
        throw new AppError('internal', 'The backup reader answered something else.')
      })
    }
  }
}

function run(spawn: SpawnBackupWorker, data: BackupWorkerData): Promise<Exclude<BackupWorkerReply, { ok: false }>> {
  return new Promise((resolve, reject) => {
    let settled = false
    const settle = (done: () => void) => {
      if (settled) return
      settled = true
      done()
    }
    const worker = spawn(data)
    worker.once('message', (reply: BackupWorkerReply) =>
      settle(() => {
        if (reply.ok) return resolve(reply)
        const { code, message, details } = reply.error
        reject(
          code === null
            ? new AppError('internal', `The backup could not be read (${message}). Choose the file again.`)
            : code === 'busy'
              ? new AppError(
                  'conflict',
                  'Talent Desk was saving other changes while restoring, so nothing was restored. Try again.'
                )
              : new StoreError(code, message, details === undefined ? {} : { details })
        )
      })
    )
    worker.once('error', (error) =>
      settle(() =>
        reject(
          (error as { code?: unknown }).code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new AppError(
                'internal',
                'This backup is too large to read on this computer (it ran out of memory). Nothing was restored.'
              )
            : new AppError('internal', `The backup could not be read (${error.message}). Choose the file again.`)
        )
      )
    )
    worker.once('exit', (code) =>
      settle(() =>
        reject(
          new AppError('internal', `The backup reader stopped unexpectedly (exit code ${code}). Choose the file again.`)
        )
      )
    )
  })
}
