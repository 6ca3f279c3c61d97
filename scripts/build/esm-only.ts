import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/*
 * Which of the app's dependencies can only be imported, never required.
 *
 * The main process is a CommonJS bundle (out/main/*.cjs) that keeps its dependencies external, so
 * each one arrives through `require()`. Node 22 (Electron 39's runtime) can `require()` an ES
 * module, but hands back its namespace object, and the bundle's interop then takes that namespace
 * for the default export: `pRetry(...)` became "(0 , p_retry.default) is not a function". Such
 * packages are bundled into main instead (electron.vite.config.ts). This list reads each
 * dependency's own package.json, so an ESM-only dependency is bundled the day it is added; the
 * build check (scripts/check-bundle.mjs) proves the result under Node 22.
 */

interface PackageJson {
  type?: string
  main?: string
  exports?: unknown
  dependencies?: Record<string, string>
}

/** Whether an export map (or one of its conditions) leads to a CommonJS file in an ESM package. */
function offersCommonJs(exports: unknown): boolean {
  if (typeof exports === 'string') return exports.endsWith('.cjs')
  if (exports === null || typeof exports !== 'object') return false
  if (Array.isArray(exports)) return exports.some(offersCommonJs)
  const map = exports as Record<string, unknown>
  const entry = '.' in map ? map['.'] : map
  if (typeof entry === 'string') return entry.endsWith('.cjs')
  if (entry === null || typeof entry !== 'object') return false
  const conditions = entry as Record<string, unknown>
  if ('require' in conditions) return true
  return Object.entries(conditions).some(([key, value]) => key !== 'import' && key !== 'types' && offersCommonJs(value))
}

/** An ES-module package ("type": "module") whose main entry has no CommonJS form. */
export function isEsmOnly(pkg: PackageJson): boolean {
  if (pkg.type !== 'module') return false
  if (pkg.exports !== undefined) return !offersCommonJs(pkg.exports)
  return !(pkg.main ?? '').endsWith('.cjs')
}

const readPackage = (dir: string) => JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson

/** The app's dependencies (package.json at `root`) that are ESM-only, by name. */
export function esmOnlyDependencies(root: string): string[] {
  const { dependencies = {} } = readPackage(root)
  return Object.keys(dependencies)
    .filter((name) => {
      const dir = join(root, 'node_modules', name)
      return existsSync(join(dir, 'package.json')) && isEsmOnly(readPackage(dir))
    })
    .sort()
}
