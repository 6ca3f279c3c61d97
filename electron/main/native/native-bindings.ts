import { existsSync } from 'node:fs'
import { isAbsolute } from 'node:path'
import type { KeytarModule } from '../vault/keytar-vault'

/**
 * Native modules are built for one ABI. `npm install` builds better-sqlite3 and keytar for
 * Node (tests, browser host); Electron needs its own builds. `npm start` keeps Electron-ABI
 * builds in a separate folder and names them in these variables, so both sets coexist. A
 * packaged app needs neither: electron-builder rebuilds the modules for Electron in place.
 */
export const nativeBindingEnv = {
  betterSqlite3: 'TALENT_DESK_BETTER_SQLITE3_BINDING',
  keytar: 'TALENT_DESK_KEYTAR_BINDING'
} as const

/** Paths of `.node` files to load instead of the modules' own builds; absent means "default". */
export interface NativeBindings {
  /** Pass as better-sqlite3's `nativeBinding` option. */
  betterSqlite3?: string
  /** Load with `loadKeytarBinding`. */
  keytar?: string
}

/**
 * Reads the overrides from the environment. A variable that is set must name an existing
 * absolute file: a typo should stop the app with a clear message, not fall back to a build of
 * the wrong ABI and fail later with NODE_MODULE_VERSION.
 */
export function nativeBindingsFromEnv(
  env: Record<string, string | undefined>,
  exists: (path: string) => boolean = existsSync
): NativeBindings {
  const bindings: NativeBindings = {}
  for (const [module, variable] of Object.entries(nativeBindingEnv) as [keyof NativeBindings, string][]) {
    const value = env[variable]
    if (value === undefined || value === '') continue
    if (!isAbsolute(value)) throw new Error(`${variable} must be an absolute path to a .node file, got “${value}”.`)
    if (!exists(value))
      throw new Error(`${variable} names ${value}, which does not exist. Run \`npm start\` again to rebuild it.`)
    bindings[module] = value
  }
  return bindings
}

const keytarFunctions = ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'] as const

/**
 * keytar from an alternative `.node` build (compose's `loadKeytar` option). keytar's JavaScript
 * is a thin wrapper that only rejects empty arguments before calling the binding, so the binding
 * stands in for it; the vault never passes empty service or account names.
 */
export function loadKeytarBinding(bindingPath: string): KeytarModule {
  const holder: { exports: Record<string, unknown> } = { exports: {} }
  process.dlopen(holder, bindingPath)
  for (const name of keytarFunctions) {
    if (typeof holder.exports[name] !== 'function') {
      throw new Error(`${bindingPath} is not a keytar binding: it has no ${name}().`)
    }
  }
  return holder.exports as unknown as KeytarModule
}
