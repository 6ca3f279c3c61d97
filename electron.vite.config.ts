import { resolve } from 'node:path'
import { defineConfig } from 'electron-vite'
import { svelte } from '@sveltejs/vite-plugin-svelte'
import { esmOnlyDependencies } from './scripts/build/esm-only'
import { contractSteps } from './scripts/build/contract-steps'
import { precompress } from './scripts/build/precompress'
import { preloadFirstScreen } from './scripts/build/preload-first-screen'

const root = import.meta.dirname

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      // Dependencies stay external (required from node_modules at run time), except the ESM-only
      // ones: required under Node 22 they arrive as namespace objects, not as their default export.
      // And pino-roll: it requires all of date-fns, ~250 files, which took ~105 ms of the host's
      // main thread in one block as its log opened (issue #36 item 12); bundled, ~40 ms.
      externalizeDeps: { exclude: [...esmOnlyDependencies(root), 'pino-roll'] },
      rollupOptions: {
        input: {
          index: resolve(root, 'electron/main/index.ts'),
          // the browser host, from the same chunks: `npm run web`, the e2e tests and the bench run it
          host: resolve(root, 'electron/host/host-entry.ts'),
          // its parts, for the e2e tests and the bench (test/e2e/built-host.ts)
          'host-lib': resolve(root, 'electron/host/host-lib.ts'),
          // the built-in sandbox runs in a worker thread, from its own file
          'sandbox-worker': resolve(root, 'electron/main/embedded-api/sandbox-worker.ts'),
          // and a large backup is read and checked in one too
          'backup-worker': resolve(root, 'electron/main/export/backup-worker.ts'),
          // a spreadsheet is read, and its mapping applied to every row, in one too
          'import-worker': resolve(root, 'electron/main/imports/import-worker.ts'),
          // a known-people list (an ATS export) is read and hashed in one too
          'known-people-worker': resolve(root, 'electron/main/known-people/known-people-worker.ts'),
          // a file for the do-not-contact list (a million entries) is read and hashed in one too
          'do-not-contact-worker': resolve(root, 'electron/main/do-not-contact/do-not-contact-worker.ts'),
          // and the data file is rebuilt in one after people are forgotten (VACUUM)
          'compact-worker': resolve(root, 'electron/main/privacy/compact-worker.ts'),
          // and the write-ahead log is checkpointed in one while the team sync applies a backlog
          'checkpoint-worker': resolve(root, 'electron/main/team/checkpoint-worker.ts')
        },
        output: { format: 'cjs', entryFileNames: '[name].cjs' }
      }
    }
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A preload under `sandbox: true` must be ONE CommonJS file that requires only `electron`:
      // bundle every dependency into it (only shared/ipc/names.ts: the names, no schema, no zod).
      externalizeDeps: false,
      minify: true,
      rollupOptions: {
        input: { index: resolve(root, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs', inlineDynamicImports: true }
      }
    }
  },
  renderer: {
    root: resolve(root, 'renderer'),
    // the first screen's chunks are fetched with the entry (scripts/build/preload-first-screen.ts),
    // and each text file has a brotli copy beside it for the browser host (scripts/build/precompress.ts)
    plugins: [svelte(), contractSteps(resolve(root, 'shared/ipc/channels')), preloadFirstScreen(), precompress()],
    build: {
      outDir: resolve(root, 'out/renderer'),
      // electron-vite leaves the renderer unminified by default; the page loads faster minified.
      minify: process.env.TD_NO_MINIFY !== '1',
      // out/renderer/.vite/manifest.json: which chunks the first paint loads and which each
      // section loads later (the bench reports their sizes).
      manifest: true,
      rollupOptions: {
        input: { index: resolve(root, 'renderer/index.html') },
        output: {
          codeSplitting: {
            // zod and the line that makes it jitless (renderer/src/zod-config.ts) in one chunk of
            // their own: every chunk that builds a schema imports it, so the setting is made before
            // any schema exists (inside a shared chunk it would run after the schemas built there).
            groups: [
              { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]|[\\/]renderer[\\/]src[\\/]zod-config\.ts$/ },
              // the contract and the rest of shared/ in one chunk, not ~30: the first screen needs
              // all of it, over HTTP/1.1 to the browser host (six requests at a time)
              { name: 'contract', test: /[\\/]shared[\\/]/ },
              // the shell's own code and Svelte's runtime in one chunk, not ~25: the first screen
              // needs all of it (each section's screen and state stay chunks of their own; the
              // contract's steps and the bridge's start stay with the entry, which preloads what
              // they import)
              {
                name: 'first-screen',
                test: /[\\/]renderer[\\/]src[\\/](lib|app[\\/](?!contract-steps))|[\\/]node_modules[\\/](svelte|esm-env|clsx)[\\/]/
              }
            ]
          },
          // each module's body runs when it is first imported, not when its chunk arrives: the
          // contract's areas still run in tasks of their own (renderer/src/app/contract-steps.ts)
          strictExecutionOrder: true
        }
      }
    }
  }
})
