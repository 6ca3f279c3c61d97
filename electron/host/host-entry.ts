/*
 * The browser host's program: out/main/host.cjs, built beside the desktop shell's index.cjs from
 * the same chunks (electron.vite.config.ts). `npm run web`, `npm start` without Electron, the
 * end-to-end tests and the bench run this file — so they run the bundled main-process code and
 * the bundled workers that the desktop app runs, never the TypeScript sources.
 *
 *   node out/main/host.cjs [--port N] [--data-dir DIR]   the browser host (what `npm run web` runs)
 *
 * It loads only what printing the link needs (the HTTP server, the sessions, the page's files);
 * the main process's code comes once the link is out (cli.ts). The same parts for tests and the
 * bench, loaded at once: out/main/host-lib.cjs (host-lib.ts).
 */
// first: the compile cache, before the host's code is required
import './compile-cache'
import { runWebCli } from './cli'

export { runWebCli }

// Run as a program (`node out/main/host.cjs`), not required by a test.
if (require.main === module) {
  void runWebCli({
    argv: process.argv.slice(2),
    workers: async () => (await import('../main/built-workers')).builtWorkers(__dirname),
    outMainDir: __dirname
  })
}
