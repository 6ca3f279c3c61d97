#!/usr/bin/env node
// `npm install` (postinstall): download the Electron binary, and keep going when that fails.
//
// The `electron` package downloads its binary in its own install script, and when the download
// cannot be reached npm stops and rolls the whole install back. package.json's `allowScripts`
// denies that script (npm 11 honours the field), and this step runs the same download instead:
// where it works, `npm start` opens the desktop app; where it does not, the install still
// succeeds, this says so in two lines, and `npm start` opens the browser host.
// Run it again with `npm run postinstall` once the download is reachable.
//
// npm versions that ignore `allowScripts` run Electron's own script first: a failed download
// then stops the install as before (README: ELECTRON_SKIP_BINARY_DOWNLOAD=1).
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const requireFromRoot = createRequire(join(root, 'package.json'))

let electronDir
try {
  electronDir = dirname(requireFromRoot.resolve('electron/package.json'))
} catch {
  // A production-only install (--omit=dev) has no Electron package: nothing to download.
  process.exit(0)
}
const { version } = JSON.parse(readFileSync(join(electronDir, 'package.json'), 'utf8'))

/** The binary's path, as the electron package itself reports it, or undefined. */
function installedBinary() {
  const located = spawnSync(process.execPath, ['-e', 'process.stdout.write(require(process.argv[1]))', electronDir], {
    encoding: 'utf8',
    env: { ...process.env, ELECTRON_RUN_AS_NODE: undefined }
  })
  const path = located.status === 0 ? located.stdout : ''
  return path && existsSync(path) ? path : undefined
}

if (process.env.ELECTRON_SKIP_BINARY_DOWNLOAD) {
  if (!installedBinary()) {
    process.stdout.write(
      `Electron ${version} was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set): \`npm start\` opens Talent Desk in your browser.\n`
    )
  }
  process.exit(0)
}

// Electron's own install step: a no-op when the binary is already there, else the download
// (@electron/get: its cache, mirror and proxy variables all apply).
const download = spawnSync(process.execPath, [join(electronDir, 'install.js')], {
  cwd: electronDir,
  encoding: 'utf8',
  stdio: ['ignore', 'pipe', 'pipe']
})
if (download.status === 0 && installedBinary()) process.exit(0)

const output = `${download.stderr ?? ''}\n${download.stdout ?? ''}`
// The stack's first line names the cause ("RequestError: getaddrinfo ENOTFOUND github.com").
const cause =
  output
    .split('\n')
    .map((line) => line.trim())
    .find((line) => /^[A-Za-z]*Error\b|ENOTFOUND|ECONN|ETIMEDOUT|EAI_AGAIN|HTTPError/.test(line)) ??
  (download.error?.message || `exit code ${String(download.status)}`)
process.stdout.write(
  `Could not download Electron ${version} (${cause.replace(/^[A-Za-z]*Error: /, '')}).\n` +
    '`npm start` will open Talent Desk in your browser instead; `npm run postinstall` tries the download again.\n'
)
