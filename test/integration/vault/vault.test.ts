import { spawnSync } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import { explainLoadFailure, loadNodeKeytar, openVault } from '../../../electron/main/vault/open-vault'
import { SessionOnlyVault } from '../../../electron/main/vault/memory-vault'

const records: LogRecord[] = []
const logger = createLogger((record) => records.push(record))
// `npm test` runs inside a private D-Bus session with an unlocked GNOME keyring.
const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
if (process.env.CI && !keychainHere)
  throw new Error('CI must run the vault tests inside a keyring session (npm test does).')

describe.runIf(keychainHere)('vault on the real OS keychain (libsecret)', () => {
  it('stores, reads and deletes a secret, and never logs it', async () => {
    const vault = await openVault(loadNodeKeytar, logger)
    expect(vault.status()).toEqual({ backend: 'keychain', available: true })
    const account = `test-${randomUUID()}`
    const secret = `sk-${randomUUID()}`
    expect(await vault.get(account)).toBeNull()
    await vault.set(account, secret)
    expect(await vault.get(account)).toBe(secret)
    await vault.set(account, `${secret}-rotated`)
    expect(await vault.get(account)).toBe(`${secret}-rotated`)
    expect(await vault.delete(account)).toBe(true)
    expect(await vault.get(account)).toBeNull()
    expect(await vault.delete(account)).toBe(false)
    expect(JSON.stringify(records)).not.toContain(secret)
  })
})

describe('vault when the keychain is unavailable', () => {
  it('falls back to a session-only vault with a clear message when keytar cannot load', async () => {
    const vault = await openVault(() => {
      throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory')
    }, logger)
    expect(vault).toBeInstanceOf(SessionOnlyVault)
    expect(vault.status()).toMatchObject({
      backend: 'memory',
      available: false,
      message: expect.stringContaining('libsecret-1-0')
    })
    await vault.set('a', 'b')
    expect(await vault.get('a')).toBe('b')
  })

  it('explains a module that is not there at all', async () => {
    // A real failed require, as when keytar was never built.
    const vault = await openVault(() => createRequire(import.meta.url)('keytar-that-does-not-exist'), logger)
    expect(vault.status().message).toBe(explainLoadFailure(new Error('Cannot find module')))
  })

  it('detects a keychain service that does not answer (no D-Bus session), in a real process', () => {
    const script = `
      import { openVault, loadNodeKeytar } from './electron/main/vault/open-vault.ts'
      import { createLogger } from './electron/main/logging/logger.ts'
      const vault = await openVault(loadNodeKeytar, createLogger(() => {}))
      process.stdout.write(JSON.stringify(vault.status()))
    `
    const env = { ...process.env }
    delete env.DBUS_SESSION_BUS_ADDRESS
    delete env.DISPLAY
    const result = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env,
      encoding: 'utf8',
      timeout: 20_000
    })
    const status = JSON.parse(result.stdout) as { backend: string; message: string }
    expect(status.backend).toBe('memory')
    expect(status.message).toContain('did not answer')
  })
})
