/*
 * The browser host's built entry: out/main/host.cjs, built beside the desktop shell's index.cjs
 * from the same chunks (electron.vite.config.ts). `npm run web`, `npm start` without Electron, the
 * end-to-end tests and the bench load this file — so they run the bundled main-process code and
 * the bundled workers that the desktop app runs, never the TypeScript sources.
 *
 *   node out/main/host.cjs [--port N] [--data-dir DIR]   the browser host (what `npm run web` runs)
 *   require('out/main/host.cjs')                          the same parts, for tests and the bench
 */
import { builtWorkers } from '../main/built-workers'
import { runWebCli } from './cli'

export { startBrowserHostApp } from './app-host'
export { createLogger } from '../main/logging/logger'
export { openFileLogger, LOG_FOLDER } from '../main/logging/file-logger'
export { composeMain } from '../main/compose'
export { appOrigin, serveAppRequest } from '../main/window/app-protocol'
export { EmbeddedSandbox } from '../main/embedded-api/embedded-sandbox'
export { runWebCli }

/** The built workers beside this file (sandbox, backup). */
export const workers = builtWorkers(__dirname)

// Run as a program (`node out/main/host.cjs`), not required by a test.
if (require.main === module) void runWebCli({ argv: process.argv.slice(2), workers, outMainDir: __dirname })
