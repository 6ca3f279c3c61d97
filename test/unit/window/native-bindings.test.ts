import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import {
  loadKeytarBinding,
  nativeBindingEnv,
  nativeBindingsFromEnv
} from '../../../electron/main/native/native-bindings'

const dir = mkdtempSync(join(tmpdir(), 'td-native-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
const require = createRequire(import.meta.url)
const packageDir = (name: string) => dirname(require.resolve(`${name}/package.json`))

describe('nativeBindingsFromEnv', () => {
  it('is empty when nothing is overridden (packaged app, browser host, tests)', () => {
    expect(nativeBindingsFromEnv({})).toEqual({})
    expect(nativeBindingsFromEnv({ [nativeBindingEnv.keytar]: '' })).toEqual({})
  })

  it('returns the files the variables name', () => {
    const sqlite = join(dir, 'better_sqlite3.node')
    const keytar = join(dir, 'keytar.node')
    writeFileSync(sqlite, '')
    writeFileSync(keytar, '')
    expect(
      nativeBindingsFromEnv({ [nativeBindingEnv.betterSqlite3]: sqlite, [nativeBindingEnv.keytar]: keytar })
    ).toEqual({ betterSqlite3: sqlite, keytar })
  })

  it('stops with a clear message for a relative or missing path', () => {
    expect(() => nativeBindingsFromEnv({ [nativeBindingEnv.keytar]: 'keytar.node' })).toThrow(
      /TALENT_DESK_KEYTAR_BINDING must be an absolute path/
    )
    expect(() => nativeBindingsFromEnv({ [nativeBindingEnv.betterSqlite3]: join(dir, 'nope.node') })).toThrow(
      /TALENT_DESK_BETTER_SQLITE3_BINDING names .*nope\.node, which does not exist/
    )
  })
})

describe('loadKeytarBinding', () => {
  // Node's own builds stand in for the Electron ones: same files, same exports, other ABI.
  it('loads a keytar .node file directly, with the functions the vault calls', () => {
    const keytar = loadKeytarBinding(join(packageDir('keytar'), 'build', 'Release', 'keytar.node'))
    for (const name of ['getPassword', 'setPassword', 'deletePassword', 'findCredentials'] as const) {
      expect(typeof keytar[name], name).toBe('function')
    }
  })

  it('refuses a .node file that is not keytar', () => {
    const sqlite = join(packageDir('better-sqlite3'), 'build', 'Release', 'better_sqlite3.node')
    expect(() => loadKeytarBinding(sqlite)).toThrow(/is not a keytar binding/)
  })
})
