import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import { once } from 'node:events'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { KeytarModule } from '../../../electron/main/vault/keytar-vault'
import { sandboxAccount } from '../../../electron/main/embedded-api/sandbox-credentials'
import { deriveCredentials } from '../../../sandbox/server/credentials'
import { transactionCsvColumns } from '../../../shared/ipc/channels/usage'
import { REDACTED } from '../../../shared/secrets'
import { profiles, ScriptedDialogs, tempDir, useMains } from './helpers'

/**
 * A keychain for the tests, kept in this process between two starts of the app (the OS keychain
 * is not running here): the interface keytar gives, over a Map.
 */
function memoryKeychain(): { load: () => KeytarModule; entries: Map<string, string> } {
  const entries = new Map<string, string>()
  const module: KeytarModule = {
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => void entries.set(`${service}/${account}`, password),
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
    findCredentials: async (service) =>
      [...entries]
        .filter(([name]) => name.startsWith(`${service}/`))
        .map(([name, password]) => ({ account: name.slice(service.length + 1), password }))
  }
  return { load: () => module, entries }
}

const servers: Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

/** A Partner API that writes the Api-Key it received into the transaction records it answers. */
async function echoingService(): Promise<string> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const key = String(req.headers['api-key'] ?? '')
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify([
          {
            id: `tx-${key}`,
            request_type: 'MatchProfiles',
            request_date: '2026-03-02T10:00:00',
            response_date: '2026-03-02T10:00:01',
            partner_name: `partner (${key})`,
            request: `{"api-key":"${key}"}`,
            response: `authorised with ${key}`
          }
        ])
      )
    })
  })
  servers.push(server)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('secrets stay secret', () => {
  const start = useMains()

  it('masks a key a service echoed into its records, in the Usage reply and in the Usage CSV', async () => {
    const key = 'live-key-7f3c9a2e5d'
    const dataDir = tempDir()
    const keychain = memoryKeychain()
    const dialogs = new ScriptedDialogs()
      .answer(join(dataDir, 'usage.csv'))
      .answer(join(dataDir, 'forged.csv'))
      .answer(join(dataDir, 'backup.json'))
    const main = await start({ dataDir, loadKeytar: keychain.load, fileDialogs: dialogs })
    const saved = await main.ok('saveConnection', { name: 'Echo', baseUrl: await echoingService() })
    const connection = saved.connections.find((c) => c.name === 'Echo')!
    await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: key })
    await main.ok('setActiveConnection', { id: connection.id })

    const usage = await main.ok('listTransactions', { limit: 25 })
    expect(usage.rows).toHaveLength(1)
    const shown = JSON.stringify(usage)
    expect(shown).not.toContain(key)
    expect(usage.rows[0]).toMatchObject({
      id: `tx-${REDACTED}`,
      partnerName: `partner (${REDACTED})`,
      response: `authorised with ${REDACTED}`
    })
    expect(usage.rows[0]!.record).toMatchObject({ request: `{"api-key":"${REDACTED}"}` })

    // the table as the Usage screen exports it
    const rows = usage.rows.map(({ record: _record, issues: _issues, ...row }) => row)
    const columns = { columns: [...transactionCsvColumns] }
    await main.ok('exportCsv', { exportId: 'usage-1', source: { kind: 'transactions', transactions: rows }, columns })
    const csv = readFileSync(join(dataDir, 'usage.csv'), 'utf8')
    expect(csv).not.toContain(key)
    expect(csv).toContain(`authorised with ${REDACTED}`)

    // a page that sends the key itself into an export still gets a file without it
    const forged = rows.map((row) => ({ ...row, response: `authorised with ${key}` }))
    await main.ok('exportCsv', { exportId: 'usage-2', source: { kind: 'transactions', transactions: forged }, columns })
    const written = readFileSync(join(dataDir, 'forged.csv'), 'utf8')
    expect(written).not.toContain(key)
    expect(written).toContain(`authorised with ${REDACTED}`)

    // a profile a service sent with the key in it, saved to a shortlist, then backed up
    const list = await main.ok('createShortlist', { name: 'Echoed' })
    const [person] = profiles(1)
    await main.ok('addMembers', { shortlistId: list.id, profiles: [{ ...person, summary: `seen with ${key}` }] })
    await main.ok('backupShortlists', {})
    const backup = readFileSync(join(dataDir, 'backup.json'), 'utf8')
    expect(backup).not.toContain(key)
    expect(backup).toContain(`seen with ${REDACTED}`)
  })

  it('gives the built-in sandbox a random key per data folder, kept in the keychain across restarts and resets', async () => {
    const keychain = memoryKeychain()
    const first = tempDir()
    const second = tempDir()
    const profiles = 200

    const a = await start({ dataDir: first, loadKeytar: keychain.load, sandboxProfiles: profiles })
    const aKey = (await a.services.sandbox!.ready()).apiKey
    const b = await start({ dataDir: second, loadKeytar: keychain.load, sandboxProfiles: profiles })
    const bEndpoints = await b.services.sandbox!.ready()
    // two data folders, two keys; neither the constant the seed gives
    const constant = deriveCredentials(42).apiKey
    expect(aKey).toMatch(/^sbx_[A-Za-z0-9_-]{32}$/)
    expect(bEndpoints.apiKey).not.toBe(aKey)
    expect([aKey, bEndpoints.apiKey]).not.toContain(constant)
    expect(bEndpoints.clientSecret).not.toBe(deriveCredentials(42).clientSecret)
    // kept where the other secrets are, one account per data folder
    expect(keychain.entries.get(`Talent Desk/${sandboxAccount(first)}`)).toContain(aKey)
    expect(keychain.entries.get(`Talent Desk/${sandboxAccount(second)}`)).toContain(bEndpoints.apiKey)

    // the sandbox's port refuses the old constant key, and takes the folder's own
    const ask = (apiKey: string) =>
      fetch(`${bEndpoints.baseUrl}/api/Search/MatchProfiles?maxNumberOfResults=1`, {
        method: 'POST',
        headers: { 'api-key': apiKey, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Anna' })
      })
    expect((await ask(constant)).status).toBe(401)
    expect((await ask(bEndpoints.apiKey)).status).toBe(200)
    // and no reply carries it
    const overview = await b.ok('listConnections', {})
    expect(JSON.stringify(overview)).not.toContain(bEndpoints.apiKey)

    // a reset keeps it; a restart on the same folder finds it again
    await b.ok('resetSandbox', {})
    expect(b.services.sandbox!.endpoints()!.apiKey).toBe(bEndpoints.apiKey)
    await a.close()
    const again = await start({ dataDir: first, loadKeytar: keychain.load, sandboxProfiles: profiles })
    expect((await again.services.sandbox!.ready()).apiKey).toBe(aKey)
  }, 60_000)
})
