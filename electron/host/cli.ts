import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { LOG_FOLDER, openFileLogger } from '../main/logging/file-logger'
import { spawnSandboxFromSource } from '../main/sandbox/spawn-from-source'
import { spawnBackupWorkerFromSource } from '../main/export/backup-worker-from-source'
import { defaultDataDir } from './default-data-dir'
import { startBrowserHostApp } from './app-host'

/** `npm run web`: the app in your browser, where Electron cannot run. */
const { values } = parseArgs({
  options: {
    port: { type: 'string', default: process.env.TALENT_DESK_PORT ?? '0' },
    'data-dir': { type: 'string' },
    'renderer-dir': { type: 'string', default: resolve(import.meta.dirname, '../../out/renderer') }
  }
})

const pkg = JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as {
  productName: string
  version: string
}
const port = Number(values.port)
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  process.stderr.write(`--port must be a whole number from 0 to 65535 (0 picks a free port); got “${values.port}”.\n`)
  process.exit(2)
}
const dataDir = resolve(values['data-dir'] ?? defaultDataDir())
// A folder the app creates is private to the user; one that exists is used as it is.
mkdirSync(dataDir, { recursive: true, mode: 0o700 })
// The same rotated, masked support log as the desktop app, in the data folder; also on stderr.
const log = await openFileLogger({ dir: resolve(dataDir, LOG_FOLDER), alsoStderr: true })
const logger = log.logger

const host = await startBrowserHostApp({
  port,
  rendererDir: values['renderer-dir'],
  dataDir,
  appName: pkg.productName,
  appVersion: pkg.version,
  logger,
  versions: { node: process.versions.node, v8: process.versions.v8 },
  sandbox: { spawn: spawnSandboxFromSource },
  backupWorker: spawnBackupWorkerFromSource,
  secretWatcher: log.mask,
  logFolder: { path: resolve(dataDir, LOG_FOLDER) }
})

// The link carries a one-time secret: it opens the app in this browser and then stops working,
// so no other program on this computer can open the app (or its data) by reading a port.
process.stdout.write(
  `Talent Desk is running at ${host.url}\nOpen this link in your browser (it works once): ${host.loginUrl}\nData folder: ${dataDir}\nPress Ctrl+C to stop.\n`
)

const stop = () => {
  host
    .close()
    .then(() => log.close())
    .then(
      () => process.exit(0),
      () => process.exit(1)
    )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
