import { spawn } from 'node:child_process'
import Database from 'better-sqlite3'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startAtsFakes, type RunningAtsFakes } from '../../../sandbox/ats/fakes'
import { emailsOf } from '../../../sandbox/data/handles'
import { createAppDispatcher, type AppDispatcher } from '../../../electron/main/net/dispatcher'
import { storeFilePath } from '../../../electron/main/store'
import { startMain, tempDir } from '../services/helpers'
import { GH, fakeOpener, greenhouseWithEmail, sandboxPeople } from './push-helpers'

/*
 * A desk killed with SIGKILL in the middle of a send to the ATS (issue #39 item 2): a child process
 * sends six people of a shortlist to the fake Greenhouse; the fake makes the third one's record and
 * holds its answer until the child is dead, so the desk dies between the create and the ATS id.
 * Its journal holds two ids and one intent. The send resumed makes the other three and finds the
 * third in Greenhouse instead of making it again: six records, one per person.
 */
let fakes: RunningAtsFakes
let dispatcher: AppDispatcher

beforeAll(async () => {
  fakes = await startAtsFakes({ seed: 7, fromProfiles: 300, greenhouseRateLimit: 1000, greenhouseWindowMs: 1000 })
  dispatcher = createAppDispatcher()
})
afterAll(async () => {
  await fakes?.close()
  await dispatcher?.close()
})

describe('a desk killed mid-send', () => {
  it('makes no second record when the send is resumed', async () => {
    const dataDir = tempDir('td-ats-killed-')
    const six = sandboxPeople(7, 300, fakes).unknown.slice(30, 36)
    const first = await startMain({ dataDir, atsOpener: fakeOpener(fakes, dispatcher) })
    const shortlist = await first.ok('createShortlist', { name: 'Killed send' })
    await first.ok('addMembers', { shortlistId: shortlist.id, profiles: six })
    await first.close()
    const before = fakes.greenhouse.store.candidates.length

    const gh = fakes.greenhouse
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/integration/ats/fixtures/send-child.ts',
        dataDir,
        gh.baseUrl,
        gh.keys.full,
        String(gh.userId),
        shortlist.id
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
    let creates = 0
    gh.store.faults.afterCreate = async () => {
      if (++creates === 3) {
        child.kill('SIGKILL')
        await exited
      }
    }
    const signal = await exited
    gh.store.faults.afterCreate = null
    expect(signal, output).toBe('SIGKILL')
    // the third record was made; its answer never reached the desk
    expect(gh.store.candidates.length).toBe(before + 3)

    const db = new Database(storeFilePath(dataDir), { readonly: true })
    try {
      const states = db.prepare('SELECT state, ats_id FROM ats_send_journal ORDER BY id').all() as Array<{
        state: string
        ats_id: string | null
      }>
      expect(states.map((s) => s.state)).toEqual(['done', 'done', 'intent'])
      expect(states[2]?.ats_id).toBeNull()
    } finally {
      db.close()
    }

    const resumed = await startMain({ dataDir, atsOpener: fakeOpener(fakes, dispatcher) })
    try {
      const result = await resumed.ok('sendToAts', {
        sendId: 'resumed-send-1',
        connectionId: GH,
        source: { kind: 'shortlist', shortlistId: shortlist.id },
        jobId: null,
        stageId: null
      })
      expect(result.outcomes.map((o) => o.result)).toEqual([
        'skipped',
        'skipped',
        'created',
        'created',
        'created',
        'created'
      ])
      expect(result.outcomes[2]?.message).toMatch(/earlier send had created it/)
      expect(gh.store.candidates.length).toBe(before + 6)
      for (const person of six) expect(greenhouseWithEmail(fakes, emailsOf(person)[0] as string)).toBe(1)
      const sent = await resumed.ok('listAtsSent', { shortlistId: shortlist.id })
      expect(new Set(sent.map((s) => s.atsId)).size).toBe(6)
    } finally {
      await resumed.close()
    }
  }, 120_000)
})
