// The native modules built for Electron's Node (scripts/electron-node.mjs) load and work in it,
// the way the built main loads them (electron/main/native/native-bindings.ts): better-sqlite3's
// own JavaScript from node_modules with the `nativeBinding` option, keytar's binding through
// process.dlopen. Run by scripts/check-bundle.mjs under that Node.
import { createRequire } from 'node:module'
import { join } from 'node:path'

const keytarFunctions = ['getPassword', 'setPassword', 'deletePassword', 'findCredentials']

/**
 * @param {string} root the project folder (its node_modules has better-sqlite3's JavaScript)
 * @param {Record<string, string | undefined>} bindings TALENT_DESK_*_BINDING → `.node` file
 * @returns {{ name: string, ok: boolean, detail: string }[]}
 */
export function checkNativeBindings(root, bindings) {
  const requireFromRoot = createRequire(join(root, 'package.json'))
  const results = []
  const attempt = (name, variable, test) => {
    const file = bindings[variable]
    if (!file) return results.push({ name, ok: false, detail: `${variable} is not set` })
    try {
      results.push({ name, ok: true, detail: test(file) })
    } catch (error) {
      results.push({
        name,
        ok: false,
        detail: `${file}: ${(error instanceof Error ? error.message : String(error)).replace(/\s*\n\s*/g, ' ')}`
      })
    }
  }

  attempt('better-sqlite3', 'TALENT_DESK_BETTER_SQLITE3_BINDING', (nativeBinding) => {
    const Database = requireFromRoot('better-sqlite3')
    const db = new Database(':memory:', { nativeBinding })
    try {
      db.exec('CREATE TABLE t (n INTEGER)')
      db.prepare('INSERT INTO t VALUES (?), (?)').run(20, 22)
      const { total, version } = db.prepare('SELECT sum(n) AS total, sqlite_version() AS version FROM t').get()
      if (total !== 42) throw new Error(`an in-memory database summed 20 and 22 to ${total}`)
      return `an in-memory database works (SQLite ${version})`
    } finally {
      db.close()
    }
  })

  attempt('keytar', 'TALENT_DESK_KEYTAR_BINDING', (file) => {
    const holder = { exports: {} }
    process.dlopen(holder, file)
    const missing = keytarFunctions.filter((name) => typeof holder.exports[name] !== 'function')
    if (missing.length > 0) throw new Error(`not a keytar binding: no ${missing.join(', ')}`)
    return `the binding loads with ${keytarFunctions.join(', ')}`
  })
  return results
}
