/*
 * The browser host's parts for tests and the bench: out/main/host-lib.cjs, built beside host.cjs
 * from the same chunks (electron.vite.config.ts), so a test runs the bundled main-process code and
 * the bundled workers that the app runs (test/e2e/built-host.ts requires it).
 */
import { builtWorkers } from '../main/built-workers'

export { startBrowserHostApp } from './app-host'
export { createLogger } from '../main/logging/logger'
export { openFileLogger, LOG_FOLDER } from '../main/logging/file-logger'
export { composeMain } from '../main/compose'
export { appOrigin, serveAppRequest } from '../main/window/app-protocol'
export { EmbeddedSandbox } from '../main/embedded-api/embedded-sandbox'
export { runWebCli } from './cli'

/** The built workers beside this file (sandbox, backup). */
export const workers = builtWorkers(__dirname)
