import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { AtsKeys } from '../../../electron/main/ats/ats-keys'
import { createLogger } from '../../../electron/main/logging/logger'
import { SessionOnlyVault } from '../../../electron/main/vault/memory-vault'
import { loadNodeKeytar, openVault } from '../../../electron/main/vault/open-vault'

// The ATS key in the OS keychain, bound to the exact origin it was entered for.
const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)

describe.runIf(keychainHere)('ATS keys on the real OS keychain', () => {
  it('keeps the key for its origin only, and forgets it', async () => {
    const vault = await openVault(
      loadNodeKeytar,
      createLogger(() => undefined)
    )
    const keys = new AtsKeys({ vault, now: () => new Date() })
    const id = `test-${randomUUID()}`
    const secret = `gh-${randomUUID()}`
    await keys.set(id, 'https://harvest.greenhouse.io/v1', secret)
    try {
      expect(JSON.parse((await vault.get(AtsKeys.account(id)))!)).toMatchObject({
        origin: 'https://harvest.greenhouse.io'
      })
      expect(await keys.read(id, 'https://harvest.greenhouse.io')).toBe(secret)
      // another host, scheme or port is another origin: the key is not handed out for it
      expect(await keys.read(id, 'https://harvest.greenhouse.io.evil.example')).toBeNull()
      expect(await keys.read(id, 'http://harvest.greenhouse.io')).toBeNull()
      expect(await keys.read(id, 'https://harvest.greenhouse.io:8443')).toBeNull()
    } finally {
      await keys.clear(id)
    }
    expect(await keys.read(id, 'https://harvest.greenhouse.io')).toBeNull()
  })
})

describe('ATS keys without a keychain', () => {
  it('refuses to save, saying why', async () => {
    const keys = new AtsKeys({ vault: new SessionOnlyVault('No keychain here.'), now: () => new Date() })
    await expect(keys.set('x', 'https://api.lever.co', 'k')).rejects.toMatchObject({
      code: 'keychain_unavailable',
      message: 'No keychain here. The ATS key was not saved.'
    })
  })
})
