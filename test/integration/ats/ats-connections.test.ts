import Database from 'better-sqlite3'
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { request } from 'undici'
import { describe, expect, it } from 'vitest'
import { startAtsFakes } from '../../../sandbox/ats/fakes'
import { SecretMask } from '../../../electron/main/logging/secret-mask'
import { useMains } from '../services/helpers'
import { addGreenhouse, addLever, keychainEntry, keychainHere, useAtsFakes } from './ats-fixture'

// Settings → ATS (issue #39 item 1) through the router, as the page calls it, over real HTTP
// against the fake Greenhouse and Lever, with the key in the real OS keychain (run under
// dbus-run-session with gnome-keyring unlocked, as docs/testing.md says).
const start = useMains()
const ats = useAtsFakes({ seed: 7, fromProfiles: 200 })

describe.runIf(keychainHere)('ATS connections (the real keychain, the fakes over HTTP)', () => {
  it('adds a Greenhouse connection with its key in the keychain, tests it, and removes it with undo', async () => {
    const main = await start()
    const gh = ats.fakes.greenhouse
    const added = await addGreenhouse(main, gh, 'Our Greenhouse')
    const connection = added.connections[0]!
    expect(connection).toMatchObject({
      kind: 'greenhouse',
      name: 'Our Greenhouse',
      baseUrl: gh.baseUrl,
      actingUser: String(gh.userId),
      sandbox: false,
      key: { configured: true, hint: gh.keys.full.slice(-4) }
    })
    // the key never comes back on a channel, and is in the OS keychain bound to the fake's origin
    expect(JSON.stringify(added)).not.toContain(gh.keys.full)
    expect(await keychainEntry(main, connection.id)).toMatchObject({
      secret: gh.keys.full,
      origin: new URL(gh.baseUrl).origin
    })
    // the page hears of it by event (the first pull, started at once, may say the learnt limit after)
    const changed = main.events.filter((e) => e.name === 'atsConnectionsChanged')
    expect(changed.length).toBeGreaterThanOrEqual(1)
    expect(JSON.stringify(changed[0])).toContain(connection.id)

    const check = await main.ok('testAtsConnection', { id: connection.id })
    expect(check).toMatchObject({ actingUser: 'Sam Sandbox', mayReadCandidates: true, mayCreateCandidates: true })
    expect(check.summary).toBe(
      'Connected to Greenhouse as Sam Sandbox. This key may read candidates and create candidates and prospects. Greenhouse allows 50 requests every 10 seconds on it.'
    )
    // the limit the ATS said is kept with the connection
    expect((await main.ok('listAtsConnections', {})).connections[0]!.rateLimit).toBe(50)

    await main.ok('removeAtsConnection', { id: connection.id })
    expect((await main.ok('listAtsConnections', {})).connections).toEqual([])
    expect((await main.fail('testAtsConnection', { id: connection.id })).code).toBe('not_found')
    const back = await main.ok('undoRemoveAtsConnection', { id: connection.id })
    expect(back.connections.map((c) => c.id)).toEqual([connection.id])
    await main.ok('removeAtsConnection', { id: connection.id })
    // the undo ends with the session: the key leaves the keychain when the app closes
    await main.close()
    expect(await keychainEntry(main, connection.id)).toBeNull()
  })

  it('says a wrong key in words, and a read-only Lever key is said to be unable to create', async () => {
    const main = await start()
    const wrong = await addGreenhouse(main, ats.fakes.greenhouse, 'Wrong key', { apiKey: 'not-the-key-at-all' })
    const error = await main.fail('testAtsConnection', { id: wrong.connections[0]!.id })
    expect(error.code).toBe('unauthorized')
    expect(error.message).toBe(
      'Greenhouse refused the API key (HTTP 401: “Invalid Basic Auth credentials”). Check that it was copied whole, and that it is a Harvest API key that has not been revoked.'
    )
    const lever = await addLever(main, ats.fakes.lever, 'Lever, read only', { apiKey: ats.fakes.lever.keys.readOnly })
    const leverId = lever.connections.find((c) => c.kind === 'lever')!.id
    const check = await main.ok('testAtsConnection', { id: leverId })
    expect(check).toMatchObject({ kind: 'lever', mayReadCandidates: true, mayCreateCandidates: false })
    expect(check.summary).toContain('it may not create candidates — ask your Lever admin to allow it.')
    for (const c of (await main.ok('listAtsConnections', {})).connections)
      await main.ok('removeAtsConnection', { id: c.id })
  })

  it('never sends the key to a changed address', async () => {
    const seen: IncomingHttpHeaders[] = []
    const other = createServer((req, res) => {
      seen.push(req.headers)
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"Sam Sandbox"}')
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      const first = await start()
      const added = await addGreenhouse(first, ats.fakes.greenhouse, 'Moved')
      const id = added.connections[0]!.id
      await first.close()
      // the address changes under it (another port on this computer: another origin)
      const movedTo = `http://127.0.0.1:${(other.address() as AddressInfo).port}`
      const db = new Database(join(first.dataDir, 'talent-desk.sqlite'))
      db.prepare('UPDATE ats_connections SET base_url = ? WHERE id = ?').run(movedTo, id)
      db.close()
      const main = await start({ dataDir: first.dataDir })
      expect((await main.ok('listAtsConnections', {})).connections[0]!.key).toEqual({ configured: false, hint: null })
      const error = await main.fail('testAtsConnection', { id })
      expect(error.code).toBe('unauthorized')
      expect(error.message).toContain(`No Greenhouse API key is kept for ${movedTo}`)
      expect(seen).toEqual([])
      await main.ok('removeAtsConnection', { id })
    } finally {
      await new Promise((resolve) => other.close(resolve))
    }
  })

  it('masks every ATS key already in the keychain in the log from the first line', async () => {
    const first = await start()
    const added = await addLever(first, ats.fakes.lever, 'Masked')
    await first.close()
    const mask = new SecretMask()
    const second = await start({ dataDir: first.dataDir, secretWatcher: mask })
    // nothing has read the key in this run yet, and still it is masked
    expect(mask.text(`GET /x?k=${ats.fakes.lever.keys.full}`)).toBe('GET /x?k=[redacted]')
    await second.ok('removeAtsConnection', { id: added.connections[0]!.id })
  })

  it('learns the limit from X-RateLimit-Limit and never calls faster than it allows', async () => {
    // 11 requests in any 10 s: 12 calls (four tests) and the first pull's at the pace's own start
    // (10 a second, doubling) would meet a 429; kept to the window learnt from the first answer
    // (the calls started before it counted), none does
    const strict = await startAtsFakes({ seed: 7, fromProfiles: 50, greenhouseRateLimit: 11 })
    try {
      const main = await start()
      const added = await addGreenhouse(main, strict.greenhouse, 'Strict')
      const id = added.connections[0]!.id
      for (let i = 0; i < 4; i++) await main.ok('testAtsConnection', { id })
      const { pace } = (await main.ok('listAtsConnections', {})).connections[0]!
      expect(pace).toMatchObject({ ceiling: 1, rate: 1 })
      // no 429 was ever met (the pace remembers the limit a 429 showed; the fake counts the ones it refused)
      expect(pace.limit).toBeNull()
      expect(strict.greenhouse.store.refused).toBe(0)
      await main.ok('removeAtsConnection', { id })
    } finally {
      await strict.close()
    }
  }, 30_000)

  it('holds the whole connection for a 429’s Retry-After, then goes on', async () => {
    const busy = await startAtsFakes({ seed: 7, fromProfiles: 50, greenhouseRateLimit: 20, greenhouseWindowMs: 1000 })
    try {
      const main = await start()
      const added = await addGreenhouse(main, busy.greenhouse, 'Busy')
      const id = added.connections[0]!.id
      // another program spends the key's whole window: the next call is refused with Retry-After
      for (let i = 0; i < 20; i++) {
        const answer = await request(`${busy.greenhouse.baseUrl}/v1/candidates?per_page=1`, {
          headers: { authorization: `Basic ${Buffer.from(`${busy.greenhouse.keys.full}:`).toString('base64')}` }
        })
        await answer.body.dump()
      }
      // two tests at once on the same connection: both wait out the Retry-After and succeed
      const [a, b] = await Promise.all([main.ok('testAtsConnection', { id }), main.ok('testAtsConnection', { id })])
      expect(a.mayCreateCandidates && b.mayCreateCandidates).toBe(true)
      const { pace } = (await main.ok('listAtsConnections', {})).connections[0]!
      // the pace met the 429 (it remembers the limit it showed) and slowed under the ATS's limit
      expect(pace.limit).not.toBeNull()
      expect(pace.rate).toBeLessThanOrEqual(1.9)
      await main.ok('removeAtsConnection', { id })
    } finally {
      await busy.close()
    }
  }, 30_000)
})
