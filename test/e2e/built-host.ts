import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, resolve } from 'node:path'
import type * as HostLib from '../../electron/host/host-lib'

/**
 * The browser host as the build made it: out/main/host.cjs (the program) and out/main/host-lib.cjs
 * (its parts, required here), the same bundled main-process code and
 * the same built workers (out/main/sandbox-worker.cjs, backup-worker.cjs, compact-worker.cjs…) that the desktop app
 * loads. End-to-end tests and benches start the app from here, never from the TypeScript sources,
 * so a defect of the bundle (an ESM-only dependency required as CommonJS, a worker missing from
 * out/main) fails them as it would fail a recruiter.
 */
export type BuiltHost = typeof HostLib

const outMain = resolve(import.meta.dirname, '../../out/main')
export const builtHostFile = join(outMain, 'host.cjs')
const builtHostLibFile = join(outMain, 'host-lib.cjs')

let loaded: BuiltHost | undefined

export function builtHost(): BuiltHost {
  if (loaded) return loaded
  if (!existsSync(builtHostLibFile)) {
    throw new Error('The app is not built: run `npx electron-vite build` (npm test and npm run test:e2e do).')
  }
  loaded = createRequire(import.meta.url)(builtHostLibFile) as BuiltHost
  return loaded
}
