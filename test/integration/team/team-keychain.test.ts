import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../electron/main/logging/logger'
import { loadNodeKeytar, openVault } from '../../../electron/main/vault/open-vault'
import { credentialAccount } from '../../../electron/main/team'
import { startMain, tempDir, type TestMain } from '../services/helpers'
import { useTeamServer } from './fixtures/team-fixture'

/*
 * The device credential in the OS keychain (issue #38 item 2), on the real libsecret keychain of
 * the test's D-Bus session (`npm test` runs one): kept under the server's exact origin and the
 * desk's id (two desks on one keychain each keep their own), never in
 * the data folder or the log; a restarted desk syncs with it; leaving deletes it.
 */

const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)

describe.runIf(keychainHere)('the team credential in the OS keychain', () => {
  const team = useTeamServer()

  it('keeps it under the exact origin, out of the data folder and the log; a restart syncs with it; leaving deletes it', async () => {
    const dataDir = tempDir('td-team-keychain-')
    const vault = await openVault(
      loadNodeKeytar,
      createLogger(() => undefined)
    )
    expect(vault.status()).toEqual({ backend: 'keychain', available: true })
    const first: TestMain = await startMain({ dataDir, loadKeytar: loadNodeKeytar })
    const created = await first.ok('createTeam', {
      server: team.server.url,
      setupCode: await team.setupCode(),
      teamName: 'Keychain team',
      personName: 'Anna',
      deskName: 'Laptop'
    })
    const logs = first.logs
    await first.close()

    if (created.state !== 'joined') throw new Error('not joined')
    const origin = new URL(team.server.url).origin
    // the account names the desk too: another desk on this keychain cannot overwrite it
    const account = credentialAccount(origin, created.me.deskId)
    expect(account).toBe(`team:${origin}:${created.me.deskId}`)
    const credential = await vault.get(account)
    expect(credential).toMatch(/^.{32,}$/)
    expect(await vault.get(`team:${origin}`)).toBeNull()
    const inFolder = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(dir, entry.name)
        if (entry.isDirectory()) return inFolder(full)
        return fs.readFileSync(full).includes(credential!) ? [entry.name] : []
      })
    expect(inFolder(dataDir)).toEqual([])
    expect(JSON.stringify(logs)).not.toContain(credential)

    const again = await startMain({ dataDir, loadKeytar: loadNodeKeytar })
    try {
      await again.ok('addDoNotContact', { kind: 'key', value: 'p-after-restart' })
      const synced = await again.ok('syncTeam', {})
      expect(synced.state === 'joined' && synced.sync).toMatchObject({ online: true, waiting: 0, problem: null })
      expect(JSON.stringify(again.logs)).not.toContain(credential)
      await again.ok('leaveTeam', {})
      expect(await vault.get(account)).toBeNull()
      expect(await again.ok('getTeam', {})).toEqual({ state: 'none' })
    } finally {
      await again.close()
    }
  }, 60_000)
})
