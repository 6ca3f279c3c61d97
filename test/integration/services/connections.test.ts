import { mkdtempSync, readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, describe, expect, it } from 'vitest'
import { loadNodeKeytar } from '../../../electron/main/vault/open-vault'
import { KEYCHAIN_SERVICE } from '../../../electron/main/vault/secret-vault'
import { SecretsService } from '../../../electron/main/connections/secrets-service'
import { SecretMask } from '../../../electron/main/logging/secret-mask'
import { generateProfiles } from '../../../sandbox/data/generate'
import { startTestSandbox, testProfileCount, testSeed } from '../sandbox/helpers'
import { useMains, type TestMain } from './helpers'
import { until } from '../until'

const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)
const people = generateProfiles({ count: testProfileCount, seed: testSeed })
const somebody = people.find((p) => p.full_name && p.cur_company)!
const noKeychain = () => {
  throw new Error('libsecret-1.so.0: cannot open shared object file: No such file or directory')
}

const opened: Array<{ close(): Promise<void> }> = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

async function secondSandbox(faults = '') {
  const sandbox = await startTestSandbox({ faults })
  opened.push(sandbox)
  return sandbox
}

async function addRemote(main: TestMain, baseUrl: string, name = 'Second sandbox') {
  const overview = await main.ok('saveConnection', { name, baseUrl })
  return overview.connections.find((c) => c.name === name)!
}

describe('connections', () => {
  const start = useMains()

  it('first start: the built-in Sandbox is the active connection and answers a search with no set-up', async () => {
    const main = await start({ sandboxProfiles: testProfileCount })
    const first = await main.ok('listConnections', {})
    expect(first.activeId).toBe('sandbox')
    expect(first.connections).toHaveLength(1)
    expect(first.connections[0]).toMatchObject({ kind: 'sandbox', name: 'Sandbox' })
    const found = await main.ok('searchProfiles', {
      requestId: 'req-00000001',
      request: { name: somebody.full_name!, company: somebody.cur_company! }
    })
    expect(found.connectionId).toBe('sandbox')
    expect(found.results[0]).toMatchObject({ key: somebody.key, issues: [], shortlistedIn: [] })
    expect(found.transactionId).toMatch(/^[0-9a-f-]{36}$/)
    const ready = await main.ok('listConnections', {})
    expect(ready.connections[0]!.sandbox).toMatchObject({ state: 'ready', profileCount: testProfileCount })
    // the sandbox's own key is never shown either
    expect(JSON.stringify(ready)).not.toMatch(/sbx_[0-9a-f]{8}/)
    expect(main.events.some((e) => e.name === 'connectionsChanged')).toBe(true)
    // the call was logged against the connection, with its transaction id (written behind the
    // reply; listing recent searches commits what is queued)
    await main.ok('listRecentSearches', {})
    const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
    const calls = db.prepare('SELECT connection_id, endpoint, ok, transaction_id FROM api_log').all()
    db.close()
    expect(calls).toEqual([
      { connection_id: 'sandbox', endpoint: '/api/Search/MatchProfiles', ok: 1, transaction_id: found.transactionId }
    ])
  })

  it('the built-in sandbox keeps its own state file in the data folder, and Reset sandbox starts it over', async () => {
    const main = await start({ sandboxProfiles: 200 })
    await main.ok('searchProfiles', { requestId: 'req-state-1', request: { name: 'Ada' } })
    const state = await main.ok('resetSandbox', {})
    expect(state).toMatchObject({ state: 'ready' })
    await main.ok('searchProfiles', { requestId: 'req-state-2', request: { name: 'Grace' } })
    await main.close()
    const saved = JSON.parse(readFileSync(join(main.dataDir, 'sandbox-state.json'), 'utf8')) as {
      transactions: Array<{ record: { request: string } }>
    }
    // the reset emptied the call log: only what came after it is there — the free Polling that
    // read the balance again, and the search
    expect(saved.transactions.map((t) => t.record.request)).toEqual([
      expect.stringMatching(/requestType=Polling/i),
      expect.stringContaining('Grace')
    ])
  })

  it('a remote connection: add, set its key (only the last four come back), switch, search it, switch back', async () => {
    const remote = await secondSandbox()
    const main = await start({ sandboxProfiles: 200, ...(keychainHere ? { loadKeytar: loadNodeKeytar } : {}) })
    const connection = await addRemote(main, remote.baseUrl)
    expect(connection.secrets.apiKey).toEqual({ configured: false, hint: null, updatedAt: null, storage: null })
    const sessionOnly = !keychainHere
    const status = await main.ok('setSecret', {
      connectionId: connection.id,
      kind: 'apiKey',
      value: remote.apiKey,
      ...(sessionOnly ? { sessionOnly: true } : {})
    })
    expect(status).toMatchObject({
      configured: true,
      hint: remote.apiKey.slice(-4),
      storage: sessionOnly ? 'session' : 'keychain'
    })
    await main.ok('setActiveConnection', { id: connection.id })
    const found = await main.ok('searchProfiles', { requestId: 'req-00000002', request: { key: somebody.key! } })
    expect(found.connectionId).toBe(connection.id)
    expect(found.results).toHaveLength(1)
    const overview = await main.ok('listConnections', {})
    expect(overview.activeId).toBe(connection.id)
    // no reply and no event ever carries the key
    expect(JSON.stringify([overview, found, status, main.events])).not.toContain(remote.apiKey)
    // nor the data file
    expect(readFileSync(join(main.dataDir, 'talent-desk.sqlite')).includes(remote.apiKey)).toBe(false)
    const back = await main.ok('setActiveConnection', { id: 'sandbox' })
    expect(back.activeId).toBe('sandbox')
  })

  it.runIf(keychainHere)(
    'keeps the key in the OS keychain under one account per connection and kind; removing the connection removes it',
    async () => {
      const remote = await secondSandbox()
      const main = await start({ loadKeytar: loadNodeKeytar })
      const connection = await addRemote(main, remote.baseUrl)
      await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: remote.apiKey })
      await main.ok('setSecret', { connectionId: connection.id, kind: 'clientSecret', value: 'client-secret-abcd' })
      const keytar = loadNodeKeytar()
      const account = SecretsService.account(connection.id, 'apiKey')
      expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toContain(remote.apiKey)
      // rotate
      const rotated = await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: 'new-key-9876' })
      expect(rotated.hint).toBe('9876')
      await main.ok('removeConnection', { id: connection.id })
      expect(await keytar.getPassword(KEYCHAIN_SERVICE, account)).toBeNull()
      expect(
        await keytar.getPassword(KEYCHAIN_SERVICE, SecretsService.account(connection.id, 'clientSecret'))
      ).toBeNull()
    }
  )

  it.runIf(keychainHere)('masks every key already in the keychain in the log from the first line', async () => {
    const remote = await secondSandbox()
    const dataDir = mkdtempSync(join(tmpdir(), 'td-mask-'))
    const first = await start({ loadKeytar: loadNodeKeytar, dataDir })
    const connection = await addRemote(first, remote.baseUrl)
    await first.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: remote.apiKey })
    await first.close()
    const mask = new SecretMask()
    const second = await start({ loadKeytar: loadNodeKeytar, dataDir, secretWatcher: mask })
    // nothing has read the key in this run yet, and still it is masked
    expect(mask.text(`GET /x?k=${remote.apiKey}`)).toBe('GET /x?k=[redacted]')
    await second.ok('removeConnection', { id: connection.id })
  })

  it('without a keychain: says why, refuses to save silently, and keeps the key for this session only when asked', async () => {
    const remote = await secondSandbox()
    const main = await start({ loadKeytar: noKeychain })
    const overview = await main.ok('listConnections', {})
    expect(overview.keychain).toMatchObject({ available: false })
    expect(overview.keychain.message).toMatch(/libsecret/)
    const connection = await addRemote(main, remote.baseUrl)
    const refused = await main.fail('setSecret', { connectionId: connection.id, kind: 'apiKey', value: remote.apiKey })
    expect(refused.code).toBe('keychain_unavailable')
    expect(refused.message).toMatch(/session only/)
    const kept = await main.ok('setSecret', {
      connectionId: connection.id,
      kind: 'apiKey',
      value: remote.apiKey,
      sessionOnly: true
    })
    expect(kept).toMatchObject({ configured: true, storage: 'session', hint: remote.apiKey.slice(-4) })
    await main.ok('setActiveConnection', { id: connection.id })
    const found = await main.ok('searchProfiles', { requestId: 'req-00000003', request: { key: somebody.key! } })
    expect(found.results).toHaveLength(1)
    const cleared = await main.ok('clearSecret', { connectionId: connection.id, kind: 'apiKey' })
    expect(cleared.configured).toBe(false)
    const noKey = await main.fail('searchProfiles', { requestId: 'req-00000004', request: { key: somebody.key! } })
    expect(noKey.code).toBe('unauthorized')
    expect(noKey.message).toContain('Settings → Connections')
  })

  it('cancels a running search from its request id', async () => {
    const slow = await secondSandbox('latency=3000')
    const main = await start({ loadKeytar: noKeychain })
    const connection = await addRemote(main, slow.baseUrl)
    await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: slow.apiKey, sessionOnly: true })
    await main.ok('setActiveConnection', { id: connection.id })
    const pending = main.call('searchProfiles', { requestId: 'req-cancel-1', request: { key: somebody.key! } })
    // once the search is under way (registered under its request id), cancelling stops it
    expect(
      await until(
        () => main.ok('cancelRequest', { requestId: 'req-cancel-1' }),
        (answer) => answer.cancelled
      )
    ).toEqual({ cancelled: true })
    const reply = await pending
    expect(reply.ok).toBe(false)
    expect(!reply.ok && reply.error.code).toBe('cancelled')
    expect(await main.ok('cancelRequest', { requestId: 'req-cancel-1' })).toEqual({ cancelled: false })
  })

  it('remembers recent searches per connection, newest first, one entry per request', async () => {
    const main = await start({ sandboxProfiles: 200 })
    await main.ok('searchProfiles', { requestId: 'req-recent-1', request: { name: 'Ada' } })
    await main.ok('searchProfiles', { requestId: 'req-recent-2', request: { name: ' Grace ', company: '' } })
    await main.ok('searchProfiles', { requestId: 'req-recent-3', request: { name: 'Ada' } })
    const recent = await main.ok('listRecentSearches', {})
    expect(recent.map((r) => r.request)).toEqual([{ name: 'Ada' }, { name: 'Grace' }])
    const empty = await main.fail('searchProfiles', { requestId: 'req-recent-4', request: { name: '  ' } })
    expect(empty.code).toBe('invalid_input')
  })

  it('removing a connection removes the recent searches made on it, and no other', async () => {
    const remote = await secondSandbox()
    const main = await start({ loadKeytar: noKeychain, sandboxProfiles: 200 })
    await main.ok('searchProfiles', { requestId: 'req-removed-1', request: { name: 'Ada' } })
    const connection = await addRemote(main, remote.baseUrl)
    await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: remote.apiKey, sessionOnly: true })
    await main.ok('setActiveConnection', { id: connection.id })
    await main.ok('searchProfiles', { requestId: 'req-removed-2', request: { key: somebody.key! } })
    expect(await main.ok('listRecentSearches', {})).toHaveLength(1) // commits what is queued
    await main.ok('removeConnection', { id: connection.id })
    const db = new Database(join(main.dataDir, 'talent-desk.sqlite'), { readonly: true })
    const left = db
      .prepare('SELECT connection_id AS id, count(*) AS n FROM recent_searches GROUP BY connection_id')
      .all()
    db.close()
    expect(left).toEqual([{ id: 'sandbox', n: 1 }])
  })

  it('tests each part of a connection separately', async () => {
    const remote = await secondSandbox()
    const main = await start({ loadKeytar: noKeychain })
    const connection = await addRemote(main, remote.baseUrl)
    await main.ok('setSecret', {
      connectionId: connection.id,
      kind: 'apiKey',
      value: 'wrong-key-0000',
      sessionOnly: true
    })
    const wrong = await main.ok('testConnection', { id: connection.id })
    expect(wrong.parts.map((p) => [p.part, p.ok])).toEqual([
      ['baseUrl', true],
      ['apiKey', false],
      ['token', null],
      ['toolServer', null]
    ])
    await main.ok('setSecret', { connectionId: connection.id, kind: 'apiKey', value: remote.apiKey, sessionOnly: true })
    const right = await main.ok('testConnection', { id: connection.id })
    expect(right.parts.slice(0, 2).map((p) => p.ok)).toEqual([true, true])
    const unreachable = await addRemote(main, 'http://127.0.0.1:9', 'Nowhere')
    await main.ok('setSecret', {
      connectionId: unreachable.id,
      kind: 'apiKey',
      value: 'whatever-1234',
      sessionOnly: true
    })
    const down = await main.ok('testConnection', { id: unreachable.id })
    expect(down.parts.slice(0, 2).map((p) => p.ok)).toEqual([false, null])
    expect(down.parts[0]!.message).toMatch(/could not reach/)
  })

  it('a connection moved to another address drops the keys it would carry there, before anything is sent', async () => {
    const remote = await secondSandbox()
    // the new address: a server that notes every header it is sent
    const seen: Record<string, string | string[] | undefined>[] = []
    const elsewhere = createServer((request, response) => {
      seen.push(request.headers)
      request.resume()
      response.writeHead(401, { 'content-type': 'application/json' }).end('{}')
    })
    await new Promise<void>((resolve) => elsewhere.listen(0, '127.0.0.1', resolve))
    opened.push({ close: () => new Promise<void>((resolve) => elsewhere.close(() => resolve())) })
    const newAddress = `http://127.0.0.1:${(elsewhere.address() as AddressInfo).port}`

    const main = await start(keychainHere ? { loadKeytar: loadNodeKeytar } : {})
    const sessionOnly = keychainHere ? {} : { sessionOnly: true }
    const settings = {
      name: 'Moving',
      baseUrl: remote.baseUrl,
      authUrl: remote.authUrl,
      mcpUrl: remote.mcpUrl,
      clientId: 'client-abc'
    }
    const { id } = await addRemote(main, remote.baseUrl, 'Moving')
    await main.ok('saveConnection', { id, ...settings })
    await main.ok('setSecret', { connectionId: id, kind: 'apiKey', value: remote.apiKey, ...sessionOnly })
    await main.ok('setSecret', { connectionId: id, kind: 'clientSecret', value: 'client-secret-wxyz', ...sessionOnly })

    // the same servers (another path, the same origin): the keys stay
    const same = await main.ok('saveConnection', { id, ...settings, name: 'Moving, renamed' })
    expect(same.clearedSecrets).toEqual([])

    // the base URL moves: the API key goes, the client secret stays
    const moved = await main.ok('saveConnection', { id, ...settings, baseUrl: newAddress })
    expect(moved.clearedSecrets).toEqual(['apiKey'])
    const view = moved.connections.find((c) => c.id === id)!
    expect(view.secrets.apiKey.configured).toBe(false)
    expect(view.secrets.clientSecret.configured).toBe(true)
    await main.ok('testConnection', { id })
    expect(JSON.stringify(seen)).not.toContain(remote.apiKey)
    expect(seen.some((headers) => 'api-key' in headers)).toBe(false)

    // the MCP URL moves (another port is another server): the client secret goes too
    const port = Number(new URL(remote.mcpUrl).port)
    const mcpElsewhere = new URL(remote.mcpUrl)
    mcpElsewhere.port = String(port === 65_535 ? port - 1 : port + 1)
    const secretMoved = await main.ok('saveConnection', {
      id,
      ...settings,
      baseUrl: newAddress,
      mcpUrl: mcpElsewhere.href
    })
    expect(secretMoved.clearedSecrets).toEqual(['clientSecret'])
    expect(await main.ok('listConnections', {})).toMatchObject({
      connections: expect.arrayContaining([
        expect.objectContaining({
          id,
          secrets: expect.objectContaining({
            apiKey: expect.objectContaining({ configured: false }),
            clientSecret: expect.objectContaining({ configured: false })
          })
        })
      ])
    })
  })

  it('refuses plain http:// to any address that is not this computer, for every URL', async () => {
    const main = await start()
    for (const field of ['baseUrl', 'authUrl', 'mcpUrl'] as const) {
      const input = { name: 'Plain', baseUrl: 'https://api.example.test', [field]: 'http://api.example.test/' }
      const error = await main.fail('saveConnection', input)
      expect(error.code, field).toBe('invalid_input')
      expect(JSON.stringify(error.details), field).toContain('plain http:// is only for this computer')
    }
    for (const host of ['localhost:8080', '127.0.0.1:9', '127.1.2.3', '[::1]:4000']) {
      await main.ok('saveConnection', { name: `Local ${host}`, baseUrl: `http://${host}/` })
    }
  })

  it('refuses to edit or remove the Sandbox, and to set a key on it', async () => {
    const main = await start()
    expect((await main.fail('removeConnection', { id: 'sandbox' })).code).toBe('invalid_input')
    expect((await main.fail('saveConnection', { id: 'sandbox', name: 'X', baseUrl: 'https://x.test' })).code).toBe(
      'invalid_input'
    )
    expect((await main.fail('setSecret', { connectionId: 'sandbox', kind: 'apiKey', value: 'abcdefgh' })).code).toBe(
      'invalid_input'
    )
    expect((await main.fail('saveConnection', { name: 'X', baseUrl: 'ftp://x.test' })).code).toBe('invalid_input')
  })
})
