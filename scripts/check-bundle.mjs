#!/usr/bin/env node
// The build check: does the built main get from each external package what its ESM sources
// expect, when it runs in Electron's Node?
//
//   node scripts/check-bundle.mjs [--out out/main] [--report file.json]      (after the build)
//
// For every external `require("pkg")` in out/main/*.cjs and out/main/chunks/*.cjs (not Node's
// built-ins, not the bundle's own chunks, not electron), scripts/build/bundle-usage.mjs finds
// how the file uses it: the bundler's interop (`x = require_rolldown_runtime.__toESM(x, 1)`) or
// none, then the names it reads (`x.name`, `(0, x.name)(…)`, `x.default`). Under Node 22.20.0,
// the Node inside Electron 39, this script requires each package exactly as that file does
// (from the file's folder, through the bundle's own interop helper, taken from its runtime
// chunk) and compares each name with what `await import(pkg)` gives from the project root: the
// sources are ES modules, so the import is the truth. A problem is a name the bundle's view lacks,
// or whose typeof differs from the import's (a `default` that is a function under import but an
// object through the bundle: the p-retry defect of issue 18). Names only the CommonJS view has
// are fine, and reported as notes. Dual packages hand out different objects to require and
// import, so types are compared, not identities. Nothing of the app is run: only the packages
// are loaded.
//
// Then the native modules built for that Node load and work (scripts/build/native-check.mjs).
//
// Run under any Node, this script gets Electron's Node (scripts/electron-node.mjs: fetched and
// built once per machine, cached) and runs itself again in it. Exit code 0 when all is well,
// 1 with one line per problem, 2 where Electron's Node is not available (not Linux x64).
// --report writes { passed, failed } for scripts/test.mjs: each required module whose names all
// match and each native module that works is one check passed, each problem one failed.
import { spawnSync } from 'node:child_process'
import { readFileSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join, relative, resolve } from 'node:path'
import { bundleFiles, externalUsage, packageName } from './build/bundle-usage.mjs'
import { checkNativeBindings } from './build/native-check.mjs'
import {
  electronNodeStatus,
  electronNodeVersion,
  ensureElectronNode,
  UnsupportedPlatformError
} from './electron-node.mjs'

const root = join(import.meta.dirname, '..')
const bindingVariables = ['TALENT_DESK_BETTER_SQLITE3_BINDING', 'TALENT_DESK_KEYTAR_BINDING']

function option(name, fallback) {
  const index = process.argv.indexOf(name)
  return index === -1 ? fallback : process.argv[index + 1]
}

const message = (error) => (error instanceof Error ? error.message.split('\n')[0] : String(error))
const describe = (value) => (value === null ? 'null' : typeof value)

/** Runs this script again in Electron's Node, fetching and building it first if needed. */
async function inElectronNode() {
  let runtime
  try {
    runtime = await ensureElectronNode()
  } catch (error) {
    process.stderr.write(`Build check not run: ${message(error)}\n`)
    process.exit(error instanceof UnsupportedPlatformError ? 2 : 1)
  }
  const result = spawnSync(runtime.node, [import.meta.filename, ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, ...runtime.env }
  })
  process.exit(result.status ?? 1)
}

/** Compares the bundle's view of every external with the ESM view; returns problems and counts. */
async function checkExternals(outDir) {
  const problems = []
  const notes = []
  const modules = new Map() // specifier → whether all its uses matched
  let names = 0
  const files = bundleFiles(outDir)
  for (const file of files) {
    const shown = relative(root, file)
    const usage = externalUsage(readFileSync(file, 'utf8'))
    for (const unknown of usage.unknown) problems.push(`${shown}: ${unknown}`)
    const requireHere = createRequire(file)
    for (const use of usage.requires) {
      const fail = (text) => {
        problems.push(`${shown}: ${use.specifier}: ${text}`)
        modules.set(use.specifier, false)
      }
      if (!modules.has(use.specifier)) modules.set(use.specifier, true)
      let view
      try {
        view = requireHere(use.specifier)
        if (use.interop) {
          const helper = requireHere(use.interop.runtime)[use.interop.helper]
          if (typeof helper !== 'function') {
            fail(`the bundle's ${use.interop.helper} is not a function in ${use.interop.runtime}`)
            continue
          }
          view = helper(view, ...use.interop.args)
        }
      } catch (error) {
        fail(`require() fails under Node ${process.versions.node}: ${message(error)}`)
        continue
      }
      let esm
      try {
        esm = await import(use.specifier)
      } catch (error) {
        fail(`import() fails: ${message(error)}`)
        continue
      }
      if (use.whole && (view === undefined || view === null)) fail(`the bundle gets ${describe(view)}`)
      for (const name of use.names) {
        names += 1
        const expected = describe(esm[name])
        const got = describe(view[name])
        if (got === 'undefined') fail(`.${name}: import gives ${expected}, the bundle gets undefined`)
        else if (expected === 'undefined') notes.push(`${shown}: ${use.specifier}: .${name} exists only for require()`)
        else if (expected !== got) fail(`.${name}: import gives ${expected}, the bundle gets ${got}`)
      }
    }
  }
  return { problems, notes, modules, names, files: files.length }
}

async function main() {
  const outDir = resolve(root, option('--out', join('out', 'main')))
  const report = option('--report', undefined)
  const externals = await checkExternals(outDir)
  const packages = new Set([...externals.modules.keys()].map(packageName))
  for (const note of externals.notes) console.log(`  note: ${note}`)
  for (const problem of externals.problems) console.log(`✗ ${problem}`)
  console.log(
    `Bundle check under Node ${process.versions.node}: ${packages.size} packages (${externals.modules.size} modules) ` +
      `required by ${externals.files} files, ${externals.names} names checked, ${externals.problems.length} problems.`
  )

  const bindings = Object.fromEntries(bindingVariables.map((name) => [name, process.env[name]]))
  if (bindingVariables.some((name) => !bindings[name])) {
    try {
      const built = electronNodeStatus().bindings
      for (const name of bindingVariables) bindings[name] ||= built[name]
    } catch {
      // not Linux x64: the variables must name the builds
    }
  }
  const native = checkNativeBindings(root, bindings)
  for (const { name, ok, detail } of native)
    console.log(`${ok ? '✓' : '✗'} ${name} for Node ${process.versions.node}: ${detail}`)

  const nativeFailed = native.filter((result) => !result.ok).length
  const passed = [...externals.modules.values()].filter(Boolean).length + native.length - nativeFailed
  const failed = externals.problems.length + nativeFailed
  if (report) writeFileSync(report, JSON.stringify({ passed, failed }))
  process.exit(failed === 0 ? 0 : 1)
}

if (process.versions.node !== electronNodeVersion) await inElectronNode()
else await main()
