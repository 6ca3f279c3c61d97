#!/usr/bin/env node
// `npm start`: the desktop app when the Electron binary is installed, the browser host otherwise.
//
// Native modules (better-sqlite3, keytar) are compiled for one ABI. `npm install` builds them for
// Node, which `npm test` and the browser host need. Electron needs its own builds, so this script
// keeps them apart, in node_modules/.electron-native/<electron>-<platform>-<arch>/, built once
// with @electron/rebuild from copies of the two packages, and tells the main process where they
// are through two environment variables. The Node builds are never touched.
//
//   node scripts/start.mjs [--dry-run] [-- args for the app]
//   --dry-run  print the plan as JSON (and the same message a real run prints) without doing it
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const root = join(import.meta.dirname, '..')
const requireFromRoot = createRequire(join(root, 'package.json'))

/** The native modules, where each one's `.node` file ends up, and the variable main reads. */
const nativeModules = [
  { name: 'better-sqlite3', binding: 'build/Release/better_sqlite3.node', env: 'TALENT_DESK_BETTER_SQLITE3_BINDING' },
  { name: 'keytar', binding: 'build/Release/keytar.node', env: 'TALENT_DESK_KEYTAR_BINDING' }
]
const stampName = '.talent-desk-native.json'

const missingElectronMessage =
  'The Electron binary is not installed (ELECTRON_SKIP_BINARY_DOWNLOAD was set or the download failed). ' +
  'Starting the browser host instead: `npm run web`.'

/**
 * Where the Electron binary is, or why there is none. The `electron` package exports the binary's
 * path, and throws when its install step never downloaded it.
 */
function locateElectron() {
  let path
  try {
    path = requireFromRoot('electron')
  } catch (error) {
    return { found: false, reason: error instanceof Error ? error.message : String(error) }
  }
  if (typeof path !== 'string' || !existsSync(path)) {
    return { found: false, reason: `no Electron binary at ${String(path)}` }
  }
  const version = JSON.parse(readFileSync(requireFromRoot.resolve('electron/package.json'), 'utf8')).version
  return { found: true, path, version }
}

const packageVersion = (name) =>
  JSON.parse(readFileSync(requireFromRoot.resolve(`${name}/package.json`), 'utf8')).version

/** The folder of Electron-ABI builds and whether it is current for these module versions. */
function nativePlan(electronVersion) {
  const dir = join(root, 'node_modules', '.electron-native', `${electronVersion}-${process.platform}-${process.arch}`)
  const stamp = {
    electron: electronVersion,
    platform: process.platform,
    arch: process.arch,
    modules: Object.fromEntries(nativeModules.map((m) => [m.name, packageVersion(m.name)]))
  }
  const bindings = Object.fromEntries(nativeModules.map((m) => [m.env, join(dir, 'node_modules', m.name, m.binding)]))
  const stampFile = join(dir, stampName)
  const upToDate =
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === JSON.stringify(stamp) &&
    Object.values(bindings).every((file) => existsSync(file))
  return { dir, stamp, bindings, upToDate }
}

/** Runs npm's `web` script with the npm that runs us (npm_execpath), so it works on Windows too. */
function npmCommand(args) {
  const npmCli = process.env.npm_execpath
  return npmCli ? [process.execPath, npmCli, ...args] : ['npm', ...args]
}

function planStart(appArgs) {
  const electron = locateElectron()
  if (!electron.found) {
    return {
      host: 'browser-host',
      message: missingElectronMessage,
      reason: electron.reason,
      steps: [{ step: 'web', command: npmCommand(['run', 'web', ...(appArgs.length ? ['--', ...appArgs] : [])]) }]
    }
  }
  const native = nativePlan(electron.version)
  const electronVite = join(dirname(requireFromRoot.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js')
  return {
    host: 'electron',
    message: `Starting Talent Desk in Electron ${electron.version}.`,
    electron: { path: electron.path, version: electron.version },
    steps: [
      {
        step: 'rebuild-native',
        needed: !native.upToDate,
        dir: native.dir,
        modules: nativeModules.map((m) => m.name),
        stamp: native.stamp
      },
      { step: 'build', command: [process.execPath, electronVite, 'build'] },
      { step: 'launch', command: [electron.path, '.', ...appArgs], env: native.bindings }
    ]
  }
}

/** Copies the two packages (without their Node builds) and compiles them for Electron. */
async function rebuildNative({ dir, modules, stamp }) {
  process.stdout.write(`Building native modules for Electron ${stamp.electron} in ${dir} (once per version)…\n`)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  for (const name of modules) {
    const from = dirname(requireFromRoot.resolve(`${name}/package.json`))
    cpSync(from, join(dir, 'node_modules', name), { recursive: true, filter: (src) => src !== join(from, 'build') })
  }
  writeFileSync(
    join(dir, 'package.json'),
    JSON.stringify({ name: 'talent-desk-electron-native', private: true, dependencies: stamp.modules }, null, 2)
  )
  const { rebuild } = await import('@electron/rebuild')
  await rebuild({
    buildPath: dir,
    projectRootPath: dir,
    electronVersion: stamp.electron,
    arch: stamp.arch,
    onlyModules: modules,
    force: true,
    mode: 'sequential'
  })
  writeFileSync(join(dir, stampName), JSON.stringify(stamp))
}

function runToEnd(command, options = {}) {
  const [file, ...args] = command
  const child = spawn(file, args, { stdio: 'inherit', cwd: root, ...options })
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal))
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

async function main() {
  const argv = process.argv.slice(2)
  const dryRun = argv.includes('--dry-run')
  const separator = argv.indexOf('--')
  const appArgs = separator === -1 ? [] : argv.slice(separator + 1)
  const plan = planStart(appArgs)

  if (plan.host === 'browser-host') process.stderr.write(`${plan.message}\n`)
  if (dryRun) {
    process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`)
    return
  }
  if (plan.host === 'browser-host') {
    const [web] = plan.steps
    return runToEnd(web.command, { shell: web.command[0] === 'npm' && process.platform === 'win32' })
  }

  process.stdout.write(`${plan.message}\n`)
  const [native, build, launch] = plan.steps
  if (native.needed) {
    try {
      await rebuildNative(native)
    } catch (error) {
      process.stderr.write(
        `Could not build the native modules for Electron: ${error instanceof Error ? error.message : String(error)}\n` +
          'Building them needs a C++ toolchain (and Python) or network access for prebuilt binaries. ' +
          'The browser host works without them: `npm run web`.\n'
      )
      process.exit(1)
    }
  }
  const built = spawnSync(build.command[0], build.command.slice(1), { stdio: 'inherit', cwd: root })
  if (built.status !== 0) process.exit(built.status ?? 1)
  // ELECTRON_RUN_AS_NODE would make the binary behave as plain Node and ignore the app.
  const env = { ...process.env, ...launch.env }
  delete env.ELECTRON_RUN_AS_NODE
  runToEnd(launch.command, { env })
}

await main()
