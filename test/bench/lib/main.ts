import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { MainOptions, MainServices } from '../../../electron/main/compose'
import { built as loadBuilt } from './build'
import type { Sender } from '../../../electron/main/ipc/router'
import type { SpawnBackupWorker } from '../../../electron/main/export/backup-reader'
import type { ChannelInput, ChannelName, ChannelOutput } from '../../../shared/ipc/contract'

/** The bundled main process and its built workers (out/main/host.cjs), as the app loads them. */
const built = loadBuilt()
/** Main's log: silent, unless TD_BENCH_LOG=1 prints each record to stderr (why a call failed). */
export const silent = built.createLogger((record) => {
  if (process.env['TD_BENCH_LOG'] === '1') console.error(JSON.stringify(record))
})
export const benchOrigin = 'http://bench'
/** What the router sees from the app's own window. */
export const sender: Sender = { origin: benchOrigin, isMainFrame: true }

/**
 * The main process as the app composes it (store, vault, connections, router), in a fresh data
 * folder, with the built-in sandbox (a worker thread) holding `profiles` people, and the backup
 * worker when given.
 */
export async function startMain(
  options: {
    profiles?: number
    dataDir?: string
    backupWorker?: SpawnBackupWorker
    /** The spreadsheet worker and the bulk-match pace (the import bench). */
    importWorker?: MainOptions['importWorker']
    importMatching?: MainOptions['importMatching']
    /** The connections' pace ceiling (the import bench lifts it). */
    pace?: MainOptions['pace']
    /** The data file's rebuild after a forget in its worker (the erasure bench). */
    compactWorker?: MainOptions['compactWorker']
    /** The known-people list reader (the known-people bench). */
    knownPeopleWorker?: MainOptions['knownPeopleWorker']
    doNotContactWorker?: MainOptions['doNotContactWorker']
    /** The write-ahead log's checkpoints while the team sync applies a backlog (the team-desk bench). */
    checkpointWorker?: MainOptions['checkpointWorker']
  } = {}
): Promise<{
  main: MainServices
  sandbox: { baseUrl: string; apiKey: string } | null
  close(): Promise<void>
}> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'td-bench-'))
  const main = await built.composeMain({
    dataDir,
    shell: 'browser-host',
    appName: 'Talent Desk',
    appVersion: 'bench',
    trustedOrigins: [benchOrigin],
    logger: silent,
    versions: {},
    ...(options.backupWorker === undefined ? {} : { backupWorker: options.backupWorker }),
    ...(options.importWorker === undefined ? {} : { importWorker: options.importWorker }),
    ...(options.importMatching === undefined ? {} : { importMatching: options.importMatching }),
    ...(options.pace === undefined ? {} : { pace: options.pace }),
    ...(options.compactWorker === undefined ? {} : { compactWorker: options.compactWorker }),
    ...(options.knownPeopleWorker === undefined ? {} : { knownPeopleWorker: options.knownPeopleWorker }),
    ...(options.doNotContactWorker === undefined ? {} : { doNotContactWorker: options.doNotContactWorker }),
    ...(options.checkpointWorker === undefined ? {} : { checkpointWorker: options.checkpointWorker }),
    ...(options.profiles === undefined
      ? {}
      : { sandbox: { spawn: built.workers.sandbox, profiles: options.profiles, buildDelayMs: 0 } })
  })
  const sandbox = main.sandbox ? await main.sandbox.ready() : null
  // The sandbox answers before it has generated and indexed everyone: the benches measure it built.
  if (main.sandbox) await main.sandbox.catalog()
  return {
    main,
    sandbox: sandbox === null ? null : { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey },
    async close() {
      await main.close()
      if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
    }
  }
}

/** Calls a channel through the router as the app's window does; throws on an error reply. */
export async function call<K extends ChannelName>(
  main: MainServices,
  channel: K,
  input: ChannelInput<K>
): Promise<ChannelOutput<K>> {
  const reply = await main.router.handle(channel, input, sender)
  if (!reply.ok) throw new Error(`${channel}: ${reply.error.message}`)
  return reply.data as ChannelOutput<K>
}

const PIECE = 3 * 1024 * 1024 - 1 // a multiple of 3: base64 pieces without padding in the middle

/** Sends a sheet's bytes in base64 pieces through the router, as the page does; answers the upload id. */
export async function upload(main: MainServices, bytes: Buffer): Promise<string> {
  const { uploadId } = await call(main, 'startImportUpload', { bytes: bytes.length })
  for (let at = 0; at < bytes.length; at += PIECE) {
    const chunk = bytes.subarray(at, at + PIECE).toString('base64')
    await call(main, 'appendImportUpload', { uploadId, chunk, last: at + PIECE >= bytes.length })
  }
  return uploadId
}
