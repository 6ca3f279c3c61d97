import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { teamHash } from '../../../electron/main/personal-data/team-hash'
import { openDatabase, STORE_FILE_NAME } from '../../../electron/main/store/database'
import { migrations } from '../../../electron/main/store/migrations'
import { tempDir, useMains } from '../services/helpers'

/*
 * A desk of version 32, in a team, holding colleagues' entries (a file of Anna's and two entries by
 * hand) with who shared them: opened by this version, migration 33 counts them by file, so Settings
 * → Do not contact → The team's shows Anna's file as one line with its count and the entries by
 * hand as one line each, offline (the team server is not there).
 */

const start = useMains()
const SALT = 'cd'.repeat(32)
const FILE = '6f1d1a52-8d0c-4c39-9a57-2a8f3c5b7e10'

describe('the team’s do-not-contact entries of version 32', () => {
  it('are counted by file at once, and listed as the Settings page shows them', async () => {
    const dataDir = tempDir()
    const old = openDatabase({ path: path.join(dataDir, STORE_FILE_NAME), migrations: migrations.slice(0, 32) })
    old.db
      .prepare(
        `INSERT INTO team_state (id, server_origin, team_id, team_name, salt, desk_id, person_name, desk_name, role, last_seq, joined_at)
         VALUES (1, 'http://127.0.0.1:9', 't-1', 'Old team', ?, 'd-1', 'Ben', 'Ben’s desk', 'recruiter', 9, '2026-01-02T03:04:05.000Z')`
      )
      .run(SALT)
    const add = old.db.prepare('INSERT INTO team_do_not_contact (kind, hash, seq, source) VALUES (?, ?, ?, ?)')
    for (let n = 0; n < 30; n += 1) add.run('email', Buffer.from(teamHash(SALT, `p${n}@file.example`), 'hex'), 3, FILE)
    add.run('email', Buffer.from(teamHash(SALT, 'dora@hand.example'), 'hex'), 5, null)
    add.run('key', Buffer.from(teamHash(SALT, 'p-hand-key'), 'hex'), 7, null)
    const who = old.db.prepare(
      'INSERT INTO team_do_not_contact_changes (seq, person_name, desk_id, server_time, reason) VALUES (?, ?, ?, ?, ?)'
    )
    who.run(3, 'Anna', 'd-2', '2026-11-20T10:00:00.000Z', 'objected at the fair')
    who.run(5, 'Anna', 'd-2', '2026-11-21T10:00:00.000Z', 'asked on the phone')
    old.close()

    const main = await start({ dataDir, team: { backoff: { firstMs: 60_000, maxMs: 60_000 } } })
    const page = await main.ok('listTeamDoNotContact', {})
    expect(page).toEqual({
      offset: 0,
      total: 3,
      entries: 32,
      lines: [
        {
          line: 'import',
          key: `import:${FILE}`,
          entries: 30,
          reason: 'objected at the fair',
          personName: 'Anna',
          sharedAt: '2026-11-20T10:00:00.000Z'
        },
        {
          line: 'entry',
          key: expect.stringMatching(/^key:/),
          kind: 'key',
          reason: '',
          personName: null,
          sharedAt: null
        },
        {
          line: 'entry',
          key: expect.stringMatching(/^email:/),
          kind: 'email',
          reason: 'asked on the phone',
          personName: 'Anna',
          sharedAt: '2026-11-21T10:00:00.000Z'
        }
      ]
    })
  }, 60_000)
})
