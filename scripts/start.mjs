#!/usr/bin/env node
// `npm start`: the desktop app when the Electron binary is installed, the browser host otherwise.
// Either way it builds the app first (quietly: the build's output is shown only when it fails)
// and prints a few plain lines, not the build's.
//
// Native modules (better-sqlite3, keytar) are compiled for one ABI. `npm install` builds them for
// Node, which `npm test` and the browser host need. Electron needs its own builds, so this script
// keeps them apart, in node_modules/.electron-native/<electron>-<platform>-<arch>/, compiled once
// with node-gyp against Electron's headers from copies of the two packages, and tells the main
// process where they are through two environment variables. The Node builds are never touched.
//
//   node scripts/start.mjs [--dry-run] [--] [args for the app, e.g. --port 4000 --data-dir DIR]
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
const electronHeaders = 'https://electronjs.org/headers'

const missingElectronMessage =
  'Electron is not installed here (its download failed or was skipped), so Talent Desk runs in your browser.'

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

const buildCommand = () => [
  process.execPath,
  join(dirname(requireFromRoot.resolve('electron-vite/package.json')), 'bin', 'electron-vite.js'),
  'build'
]

function planStart(appArgs) {
  const electron = locateElectron()
  if (!electron.found) {
    return {
      host: 'browser-host',
      message: missingElectronMessage,
      reason: electron.reason,
      steps: [
        { step: 'build', command: buildCommand() },
        { step: 'web', command: [process.execPath, join(root, 'out', 'main', 'host.cjs'), ...appArgs] }
      ]
    }
  }
  const native = nativePlan(electron.version)
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
        stamp: native.stamp,
        // Run in each module's copy, without npm's nodedir (that would mean Node's headers).
        command: [
          process.execPath,
          join(dirname(requireFromRoot.resolve('node-gyp/package.json')), 'bin', 'node-gyp.js'),
          'rebuild',
          '--release',
          `--target=${electron.version}`,
          `--arch=${process.arch}`,
          `--dist-url=${electronHeaders}`
        ]
      },
      { step: 'build', command: buildCommand() },
      { step: 'launch', command: [electron.path, '.', ...appArgs], env: native.bindings }
    ]
  }
}

/**
 * Runs a command to its end with its output kept, not shown: a step that works prints nothing.
 * Returns undefined on success, else what it printed (for the caller to show).
 */
function runQuietly(command, options = {}) {
  const [file, ...args] = command
  const result = spawnSync(file, args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
    ...options
  })
  if (result.status === 0) return undefined
  return (
    `${result.stdout ?? ''}${result.stderr ?? ''}${result.error ? `${result.error.message}\n` : ''}` ||
    `exit code ${result.status}\n`
  )
}

/** npm's own settings that would point node-gyp at Node's headers instead of Electron's. */
function electronGypEnv() {
  const env = { ...process.env }
  for (const key of Object.keys(env)) {
    if (/^npm_config_(nodedir|target|runtime|disturl|dist_url|arch)$/i.test(key)) delete env[key]
  }
  return env
}

/** Copies the two packages (without their Node builds) and compiles them for Electron. */
function rebuildNative({ dir, modules, stamp, command }) {
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(join(dir, 'node_modules'), { recursive: true })
  for (const name of modules) {
    const from = dirname(requireFromRoot.resolve(`${name}/package.json`))
    const to = join(dir, 'node_modules', name)
    cpSync(from, to, { recursive: true, filter: (src) => src !== join(from, 'build') })
    const failed = runQuietly(command, { cwd: to, env: electronGypEnv() })
    if (failed !== undefined) {
      writeFileSync(join(dir, 'build.log'), failed)
      throw new Error(
        `node-gyp could not build ${name} for Electron ${stamp.electron}; its output is in ${join(dir, 'build.log')}`
      )
    }
  }
  writeFileSync(join(dir, stampName), JSON.stringify(stamp))
}

function build(command) {
  const failed = runQuietly(command)
  if (failed === undefined) return
  process.stderr.write(`${failed}\nThe build failed (its output is above).\n`)
  process.exit(1)
}

/**
 * Runs the app in a process group of its own, so Ctrl+C reaches it once, through us (npm and the
 * terminal would otherwise each deliver it, and a second signal cuts the app's clean stop short).
 * Not on Windows, where a detached child gets a console window of its own.
 */
function runToEnd(command, { terminalInput = false, ...options } = {}) {
  const [file, ...args] = command
  const detached = process.platform !== 'win32'
  // The browser host prints a new link on each Enter. A child in a process group of its own cannot
  // read the terminal (it would be stopped), so this script reads it and hands the lines on, and
  // tells the host it may offer Enter (electron/host/cli.ts). With no terminal, stdin stays shut
  // and the host says how to get a new link instead.
  const pipeTerminal = terminalInput && process.stdin.isTTY === true
  const env = pipeTerminal ? { ...(options.env ?? process.env), TALENT_DESK_TERMINAL_INPUT: '1' } : options.env
  const child = spawn(file, args, {
    stdio: [pipeTerminal ? 'pipe' : 'ignore', 'inherit', 'inherit'],
    cwd: root,
    detached,
    ...options,
    ...(env === undefined ? {} : { env })
  })
  if (pipeTerminal) {
    // a line typed as the host stops has nowhere to go: that is not an error worth showing
    child.stdin.on('error', () => {})
    process.stdin.pipe(child.stdin)
  }
  let forwarded = false
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      if (forwarded) return
      forwarded = true
      child.kill(signal)
    })
  }
  process.on('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
  })
  child.on('error', (error) => {
    process.stderr.write(`Could not start ${file}: ${error.message}\n`)
    process.exit(1)
  })
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)))
}

function main() {
  // `npm start -- --port 4000` arrives here as `--port 4000`; `node scripts/start.mjs -- --port
  // 4000` with the separator. Either way every argument but --dry-run is the app's.
  const argv = process.argv.slice(2)
  const separator = argv.indexOf('--')
  const ours = separator === -1 ? argv : argv.slice(0, separator)
  const dryRun = ours.includes('--dry-run')
  const appArgs = [...ours.filter((arg) => arg !== '--dry-run'), ...(separator === -1 ? [] : argv.slice(separator + 1))]
  const plan = planStart(appArgs)

  if (dryRun) {
    process.stderr.write(`${plan.message}\n`)
    process.stdout.write(`${JSON.stringify(plan, null, 2)}\n`)
    return
  }
  process.stdout.write(`${plan.message}\n`)
  if (plan.host === 'browser-host') {
    const [buildStep, web] = plan.steps
    build(buildStep.command)
    return runToEnd(web.command, { terminalInput: true })
  }

  const [native, buildStep, launch] = plan.steps
  if (native.needed) {
    process.stdout.write(`Building the native modules for Electron ${native.stamp.electron} (first start only)…\n`)
    try {
      rebuildNative(native)
    } catch (error) {
      // The browser host needs only the Node builds `npm install` made: open that rather than nothing.
      process.stdout.write(
        `Could not build them: ${error instanceof Error ? error.message : String(error)}\n` +
          "That needs a C++ toolchain, Python and Electron's headers (downloaded once); until then Talent Desk runs in your browser.\n"
      )
      build(buildStep.command)
      return runToEnd([process.execPath, join(root, 'out', 'main', 'host.cjs'), ...appArgs], { terminalInput: true })
    }
  }
  build(buildStep.command)
  // ELECTRON_RUN_AS_NODE would make the binary behave as plain Node and ignore the app.
  const env = { ...process.env, ...launch.env }
  delete env.ELECTRON_RUN_AS_NODE
  runToEnd(launch.command, { env })
}

main()
