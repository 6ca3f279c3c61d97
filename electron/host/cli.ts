import { mkdirSync, readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { createInterface, type Interface } from 'node:readline'
import { parseArgs } from 'node:util'
import { Worker } from 'node:worker_threads'
import type { SpawnImportWorker } from '../main/imports'
import type { SpawnKnownPeopleWorker } from '../main/known-people'
import type { SpawnDoNotContactWorker } from '../main/do-not-contact'
import type { SpawnBackupWorker } from '../main/export'
import type { SpawnCompactWorker } from '../main/privacy'
import type { SpawnCheckpointWorker } from '../main/team'
import type { FileLogger } from '../main/logging/file-logger'
import { createLogger, LOG_FOLDER, type LogRecord } from '../main/logging/logger'
import { SecretMask } from '../main/logging/secret-mask'
import { loadTrustedCertificates } from '../main/net/ca-certificates'
import { envProxyResolver } from '../main/net/proxy-rules'
import type { SpawnSandboxWorker } from '../main/embedded-api/embedded-sandbox'
import { prewarmedSandboxWorker, SANDBOX_WORKER_FILE } from '../main/embedded-api/prewarmed-worker'
import { defaultDataDir } from './default-data-dir'
import { startBrowserHost } from './server'
import { loadMainCodeInSteps } from './main-code-steps'
import { nextTurn } from '../main/work/next-turn'
import { errorMessage } from '../../shared/error-message'

/** The built workers (out/main/sandbox-worker.cjs, backup-worker.cjs, import-worker.cjs, known-people-worker.cjs, do-not-contact-worker.cjs, compact-worker.cjs, checkpoint-worker.cjs). */
export interface BuiltWorkers {
  sandbox: SpawnSandboxWorker
  backup: SpawnBackupWorker
  imports: SpawnImportWorker
  knownPeople: SpawnKnownPeopleWorker
  doNotContact: SpawnDoNotContactWorker
  compact: SpawnCompactWorker
  checkpoint: SpawnCheckpointWorker
}

export interface WebCliOptions {
  argv: string[]
  /** The built workers: asked for once the link is printed (their limits come with main's code). */
  workers(): Promise<BuiltWorkers>
  /** out/main: the renderer is built beside it (out/renderer), package.json two folders up. */
  outMainDir: string
}

const usage = `Usage: npm run web -- [--port N] [--data-dir DIR] [--verbose]
  --port N        listen on this port of 127.0.0.1 (0, the default, picks a free one)
  --data-dir DIR  keep the app's data here (default: the desktop app's data folder)
  --verbose       also print the support log's lines here (they are always in DIR/logs)
`

/** Set by scripts/start.mjs when it passes the lines typed in its terminal to this process's stdin. */
export const TERMINAL_INPUT_ENV = 'TALENT_DESK_TERMINAL_INPUT'
const interactiveHint = 'Press Enter for a new link (another browser, or after closing this one); Press Ctrl+C to stop.'
/** With no terminal to type in (a service, a pipe), Enter cannot be offered: say how instead. */
const notInteractiveHint =
  'For a new link (another browser, or after closing this one), start Talent Desk again (in a terminal, Enter prints one). Press Ctrl+C to stop.'

/**
 * `npm run web`: the app in your browser, where Electron cannot run. Prints a few plain lines —
 * the address, the one-time link, the data folder, how to stop — and keeps the support log in the
 * data folder (on this terminal too with --verbose).
 */
export async function runWebCli(options: WebCliOptions): Promise<void> {
  const { argv, outMainDir } = options
  let values: { port: string; 'data-dir'?: string; 'renderer-dir': string; verbose: boolean; help: boolean }
  try {
    values = parseArgs({
      args: argv,
      options: {
        port: { type: 'string', default: process.env.TALENT_DESK_PORT ?? '0' },
        'data-dir': { type: 'string' },
        'renderer-dir': { type: 'string', default: resolve(outMainDir, '../renderer') },
        verbose: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false }
      }
    }).values
  } catch (error) {
    process.stderr.write(`${errorMessage(error)}\n${usage}`)
    process.exit(2)
  }
  if (values.help) {
    process.stdout.write(usage)
    return
  }
  const pkg = JSON.parse(readFileSync(resolve(outMainDir, '../../package.json'), 'utf8')) as {
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
  // The same rotated, masked support log as the desktop app, in the data folder. It opens once the
  // link is printed (pino and its roller are the host's slowest modules to load); what is logged
  // before is kept, cleaned and masked as ever, and written to it then.
  const logDir = resolve(dataDir, LOG_FOLDER)
  const mask = new SecretMask()
  let log: FileLogger | null = null
  const early: LogRecord[] = []
  const logger = createLogger((record) => (log === null ? early.push(record) : log.write(record)), undefined, mask)
  // read at the first HTTPS call, not at start; an extra certificate file that cannot be used is
  // said here too, not only in the log
  const trustedCa = () => {
    const trust = loadTrustedCertificates(process.env, logger)
    for (const problem of trust.problems) process.stderr.write(`${problem}\n`)
    return trust.certificates
  }

  // The link carries a one-time secret: it opens the app in this browser and then stops working,
  // so no other program on this computer can open the app (or its data) by reading a port.
  // `npm start` reads the terminal itself and hands its lines on through a pipe (scripts/start.mjs).
  // It is printed as soon as the host listens: the page loads while the main process is put
  // together, and its bridge calls wait for it (server.ts).
  const interactive = process.stdin.isTTY === true || process.env[TERMINAL_INPUT_ENV] === '1'
  const starting = startBrowserHost({
    port,
    rendererDir: values['renderer-dir'],
    logger,
    onListening: ({ url, loginUrl }) => {
      process.stdout.write(
        `Talent Desk is running at ${url}\nOpen this link in your browser (it works once): ${loginUrl}\nData folder: ${dataDir}\n${interactive ? interactiveHint : notInteractiveHint}\n`
      )
    },
    createServices: async (trustedOrigins) => {
      // the built-in sandbox's worker loads its code meanwhile, on a thread of its own
      const sandboxFile = resolve(outMainDir, SANDBOX_WORKER_FILE)
      const sandboxWorker = prewarmedSandboxWorker((workerData) => new Worker(sandboxFile, { workerData }))
      // The main process's code comes in pieces, the event loop turning between them, so the
      // page's files asked for meanwhile are answered: the log (pino, its roller and date-fns)
      // in a turn of its own, after the link's, then the rest step by step (main-code-steps.ts).
      await nextTurn()
      const { openFileLogger } = await import('../main/logging/file-logger')
      log = await openFileLogger({ dir: logDir, alsoStderr: values.verbose, mask })
      for (const record of early.splice(0)) log.write(record)
      await loadMainCodeInSteps()
      await nextTurn()
      const [{ composeHostServices }, workers] = await Promise.all([import('./app-host'), options.workers()])
      return composeHostServices(
        {
          dataDir,
          appName: pkg.productName,
          appVersion: pkg.version,
          logger,
          versions: { node: process.versions.node, v8: process.versions.v8 },
          // Corporate networks: HTTPS_PROXY / HTTP_PROXY / NO_PROXY, and the OS store (Node ≥ 22.15) +
          // Node's roots + TALENT_DESK_EXTRA_CA_CERTS / NODE_EXTRA_CA_CERTS
          proxy: envProxyResolver(process.env),
          ca: trustedCa,
          sandbox: { spawn: sandboxWorker },
          backupWorker: workers.backup,
          importWorker: workers.imports,
          knownPeopleWorker: workers.knownPeople,
          doNotContactWorker: workers.doNotContact,
          compactWorker: workers.compact,
          checkpointWorker: workers.checkpoint,
          secretWatcher: mask,
          logFolder: { path: logDir }
        },
        trustedOrigins
      )
    }
  })

  // A signal from the moment the link is out: while the main process is still being put together,
  // it stops once that is done (closing the store and the sandbox cleanly), never half-way.
  let lines: Interface | null = null
  const stop = () => {
    lines?.close()
    starting
      .then((host) => host.close())
      .then(() => log?.close())
      .then(
        () => process.exit(0),
        () => process.exit(1)
      )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  const host = await starting

  // A way back in without a restart: each Enter prints a fresh one-time link.
  lines = interactive ? createInterface({ input: process.stdin }) : null
  lines?.on('line', () => {
    process.stdout.write(`New link (it works once): ${host.newLoginUrl()}\n`)
  })
}
