import { spawn } from 'node:child_process'
import { beforeAll, describe, expect, it } from 'vitest'
import Database from 'better-sqlite3'
import { storeFilePath } from '../../../electron/main/store'
import { tempDir, type TestMain } from '../services/helpers'
import { useTeamServer } from './fixtures/team-fixture'

/*
 * A desk killed with SIGKILL in the middle of its sync (issue #38 item 3): a desk in a child
 * process adds entries as fast as it can, each pushed as it commits, and is killed once it has
 * added 150. Its data file, opened afterwards, holds every entry it added, each with its change
 * still in its outbox or accepted by the server, and no change without its entry: the local
 * change and its outbox row are written in one transaction, and a row leaves the outbox only once
 * the server has kept it.
 */

const team = useTeamServer()
let anna: TestMain

beforeAll(async () => {
  anna = (await team.startTeam({ desks: 1, teamName: 'Kill test' })).a
}, 120_000)

describe('a desk killed mid-sync', () => {
  it('keeps every change once: in its outbox or on the server, never an entry without its change', async () => {
    const dataDir = tempDir('td-team-killed-')
    const invite = await anna.ok('inviteToTeam', { role: 'recruiter' })
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/integration/team/fixtures/desk-child.ts', dataDir, team.server.url, invite.code],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let stderr = ''
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    let killedAfter = 0
    await new Promise<void>((resolve, reject) => {
      let buffer = ''
      child.stdout.on('data', (chunk: Buffer) => {
        buffer += chunk.toString()
        const added = [...buffer.matchAll(/added (\d+)/g)].at(-1)
        if (added !== undefined && Number(added[1]) >= 150 && killedAfter === 0) {
          killedAfter = Number(added[1])
          child.kill('SIGKILL')
          resolve()
        }
      })
      child.on('exit', () =>
        killedAfter === 0 ? reject(new Error(`the desk ended on its own: ${stderr}`)) : resolve()
      )
    })
    expect(await exited).toBe('SIGKILL')

    const db = new Database(storeFilePath(dataDir), { readonly: true })
    try {
      const entries = db
        .prepare("SELECT value FROM do_not_contact WHERE value LIKE 'killed.%'")
        .pluck()
        .all() as string[]
      const outbox = db.prepare('SELECT change_id FROM team_outbox').pluck().all() as string[]
      const deskId = db.prepare('SELECT desk_id FROM team_state').pluck().get() as string
      const kept = await team.cluster.query<{ id: string }>('SELECT id FROM changes WHERE author_desk = $1', [deskId])
      const onServer = new Set(kept.map((row) => row.id))
      // at least what it said it added (one more may have committed before the kill landed)
      expect(entries.length).toBeGreaterThanOrEqual(killedAfter)
      // every entry's change is in the outbox or on the server (both, when the kill cut a push's
      // answer: the next push of that id is kept once), and nothing else is
      expect(new Set([...outbox, ...onServer]).size).toBe(entries.length)
      expect(outbox.length).toBe(new Set(outbox).size)
      // the kill landed mid-sync: some had reached the server, some still waited
      expect(onServer.size).toBeGreaterThan(0)
    } finally {
      db.close()
    }
  }, 120_000)
})
