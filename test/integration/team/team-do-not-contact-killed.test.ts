import { spawn } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { storeFilePath } from '../../../electron/main/store'
import { MAX_DO_NOT_CONTACT_BATCH } from '../../../shared/team/protocol'
import { loadNodeKeytar } from '../../../electron/main/vault/open-vault'
import { startMain, tempDir, type TestMain } from '../services/helpers'
import { until } from '../until'
import { useTeamServer } from './fixtures/team-fixture'

/*
 * A desk killed with SIGKILL while it pushes a file's entries to the team (issue #38): the desk in
 * a child process imports 45,000 emails (50 batches, put in its outbox with the import) and is
 * killed as the import ends and its push starts. Its data file holds every batch in its outbox
 * or on the server, once; started again, it pushes what was left, and the server keeps each batch
 * once: Anna's desk then holds all 45,000, none twice. The killed desk keeps its credential in the
 * OS keychain (run under a D-Bus session with an unlocked keyring, as `npm test` does).
 */

const keychainHere = Boolean(process.env.DBUS_SESSION_BUS_ADDRESS)

const ENTRIES = 45_000
const BATCHES = Math.ceil(ENTRIES / MAX_DO_NOT_CONTACT_BATCH)

describe.runIf(keychainHere)('a desk killed while it pushes an import', () => {
  const team = useTeamServer()
  let anna: TestMain
  beforeAll(async () => {
    anna = (await team.startTeam({ desks: 1, teamName: 'Kill test' })).a
  }, 120_000)

  const onServer = async (deskId: string): Promise<string[]> =>
    (
      await team.cluster.query<{ id: string }>(
        "SELECT id FROM changes WHERE author_desk = $1 AND kind = 'do-not-contact.batch'",
        [deskId]
      )
    ).map((row) => row.id)

  it('loses no batch and doubles none: each in its outbox or on the server, pushed once when it is back', async () => {
    const dataDir = tempDir('td-team-import-killed-')
    const invite = await anna.ok('inviteToTeam', { role: 'recruiter' })
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/integration/team/fixtures/import-child.ts',
        dataDir,
        team.server.url,
        invite.code,
        String(ENTRIES)
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        if (!chunk.toString().includes('imported')) return
        child.kill('SIGKILL')
        resolve()
      })
      child.on('exit', (_code, signal) =>
        signal === 'SIGKILL' ? resolve() : reject(new Error(`the desk ended on its own: ${stderr}`))
      )
    })
    expect(await exited).toBe('SIGKILL')

    const db = new Database(storeFilePath(dataDir), { readonly: true })
    let deskId: string
    try {
      expect(db.prepare('SELECT COUNT(*) FROM do_not_contact').pluck().get()).toBe(ENTRIES)
      const outbox = db
        .prepare("SELECT change_id FROM team_outbox WHERE kind = 'do-not-contact.batch'")
        .pluck()
        .all() as string[]
      deskId = db.prepare('SELECT desk_id FROM team_state').pluck().get() as string
      const kept = await onServer(deskId)
      // every batch is in the outbox or on the server (both when the kill cut a push's answer)
      expect(new Set([...outbox, ...kept]).size).toBe(BATCHES)
      expect(kept.length).toBe(new Set(kept).size)
    } finally {
      db.close()
    }

    // back: what was left is pushed, each batch kept once, and Anna's desk holds every entry once
    const back = await startMain({
      dataDir,
      loadKeytar: loadNodeKeytar,
      team: { backoff: { firstMs: 20, maxMs: 200 } }
    })
    try {
      await back.services.teamSync.idle()
      await until(
        () => back.ok('getTeam', {}),
        (status) => status.state === 'joined' && status.sync.waiting === 0,
        30_000
      )
      expect((await onServer(deskId)).length).toBe(BATCHES)
      await anna.services.teamSync.sync()
      const annaDb = new Database(storeFilePath(anna.dataDir), { readonly: true })
      try {
        expect(annaDb.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get()).toBe(ENTRIES)
        expect(
          annaDb.prepare("SELECT COUNT(*) FROM team_do_not_contact_changes WHERE person_name = 'Kim'").pluck().get()
        ).toBe(BATCHES)
      } finally {
        annaDb.close()
      }
      const check = await anna.ok('checkDoNotContact', {
        people: [{ emails: ['killed.0@example.com'] }, { emails: [`killed.${ENTRIES - 1}@example.com`] }]
      })
      expect(check.suppressed).toHaveLength(2)
    } finally {
      await back.close()
    }
  }, 180_000)
})
