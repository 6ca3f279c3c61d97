import path from 'node:path'
import Database from 'better-sqlite3'
import { describe, expect, it } from 'vitest'
import { teamHash } from '../../../electron/main/personal-data/team-hash'
import { openDatabase, STORE_FILE_NAME } from '../../../electron/main/store/database'
import { migrations } from '../../../electron/main/store/migrations'
import { tempDir, useMains } from '../services/helpers'

/*
 * A desk of the version before the team's do-not-contact entries were kept as bytes (30: each hash
 * 64 characters of hex, keyed (hash, kind)), in a team, with colleagues' entries applied: opened by
 * this version, migration 31 keeps every entry as its 32 bytes keyed (kind, hash), and the check
 * still leaves those people out, offline (the team server is not there).
 */

const start = useMains()
const SALT = 'ab'.repeat(32)

describe('the team’s do-not-contact entries of the previous version', () => {
  it('are kept as 32-byte hashes, and the check still leaves those people out', async () => {
    const dataDir = tempDir()
    const file = path.join(dataDir, STORE_FILE_NAME)
    const old = openDatabase({ path: file, migrations: migrations.slice(0, 30) })
    old.db
      .prepare(
        `INSERT INTO team_state (id, server_origin, team_id, team_name, salt, desk_id, person_name, desk_name, role, last_seq, joined_at)
         VALUES (1, 'http://127.0.0.1:9', 't-1', 'Old team', ?, 'd-1', 'Ben', 'Ben’s desk', 'recruiter', 7, '2026-01-02T03:04:05.000Z')`
      )
      .run(SALT)
    const add = old.db.prepare('INSERT INTO team_do_not_contact (kind, hash, seq) VALUES (?, ?, ?)')
    add.run('email', teamHash(SALT, 'dora@old.example'), 3)
    add.run('domain', teamHash(SALT, 'rival.example'), 4)
    add.run('key', teamHash(SALT, 'p-old-key'), 5)
    old.close()

    const main = await start({ dataDir, team: { backoff: { firstMs: 60_000, maxMs: 60_000 } } })
    const check = await main.ok('checkDoNotContact', {
      people: [
        { emails: ['Dora@Old.example'] },
        { emails: ['cto@rival.example'] },
        { key: 'p-old-key' },
        { key: 'p-free', emails: ['free@else.example'] }
      ]
    })
    expect(check.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 1, reasons: [{ why: 'team', kind: 'domain' }] },
      { index: 2, reasons: [{ why: 'team', kind: 'key' }] }
    ])
    const db = new Database(file, { readonly: true })
    try {
      expect(
        db
          .prepare(
            'SELECT kind, typeof(hash) AS type, length(hash) AS bytes, seq FROM team_do_not_contact ORDER BY seq'
          )
          .all()
      ).toEqual([
        { kind: 'email', type: 'blob', bytes: 32, seq: 3 },
        { kind: 'domain', type: 'blob', bytes: 32, seq: 4 },
        { kind: 'key', type: 'blob', bytes: 32, seq: 5 }
      ])
    } finally {
      db.close()
    }
  }, 60_000)
})
