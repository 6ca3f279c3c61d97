import { describe, expect, it } from 'vitest'
import { spawnDoNotContactWorkerFromSource } from '../../../electron/main/do-not-contact/do-not-contact-worker-from-source'
import { MAX_DO_NOT_CONTACT_BATCH } from '../../../shared/team/protocol'
import { until } from '../until'
import { joined, quick, useTeamServer } from './fixtures/team-fixture'

/*
 * The team's do-not-contact list with entries read from a file (issue #38): two desks and the real
 * team server on a throwaway PostgreSQL, the import read in its worker as in the app. A file
 * imported on A leaves its people out of B's check; taking them off A lets them back on B.
 */

const team = useTeamServer({ team: quick, doNotContactWorker: spawnDoNotContactWorkerFromSource })

/** The changes of a kind the server keeps from a desk. */
async function serverKinds(kind: string): Promise<Array<{ id: string; payload: { entries: string[] } | null }>> {
  return team.cluster.query<{ id: string; payload: { entries: string[] } | null }>(
    'SELECT id, payload FROM changes WHERE kind = $1 ORDER BY seq',
    [kind]
  )
}

describe('a file of entries imported on one desk', () => {
  it('leaves those people out of a colleague’s check, in batches; taken off on A, they are back on B', async () => {
    const { a, b } = await team.startTeam()
    const emails = Array.from({ length: 2000 }, (_, n) => `person.${n}@example.org`)
    const lines = [...emails, '@rival.example', 'https://profilenet.example/in/dora-objects', 'key:p-file-key']
    const read = await a.ok('importDoNotContact', {
      fileName: 'objections.csv',
      text: lines.join('\n'),
      note: 'objected at the fair'
    })
    expect(read.added).toBe(lines.length)

    const people = [
      { emails: ['Person.7@Example.org'] },
      { emails: ['person.1999@example.org'] },
      { emails: ['cto@rival.example'] },
      { handles: ['https://profilenet.example/in/dora-objects'] },
      { key: 'p-file-key' },
      { key: 'p-not-listed', emails: ['someone@else.example'] }
    ]
    const seen = await until(
      () => b.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 5,
      30_000
    )
    expect(seen.suppressed).toEqual([
      { index: 0, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 1, reasons: [{ why: 'team', kind: 'email' }] },
      { index: 2, reasons: [{ why: 'team', kind: 'domain' }] },
      { index: 3, reasons: [{ why: 'team', kind: 'handle' }] },
      { index: 4, reasons: [{ why: 'team', kind: 'key' }] }
    ])
    // shared as batches of at most MAX_DO_NOT_CONTACT_BATCH hashes, one per change, nothing in clear
    const batches = await serverKinds('do-not-contact.batch')
    expect(batches).toHaveLength(Math.ceil(lines.length / MAX_DO_NOT_CONTACT_BATCH))
    expect(batches.flatMap((batch) => batch.payload?.entries ?? [])).toHaveLength(lines.length)
    expect(JSON.stringify(batches)).not.toContain('example.org')
    await until(
      () => a.ok('getTeam', {}),
      (status) => joined(status).sync.waiting === 0
    )
    // who shared them, when and why is on B once per change, not once per entry
    const b_ = team.storeOf(b)
    expect(b_.prepare('SELECT COUNT(*) FROM team_do_not_contact').pluck().get()).toBe(lines.length)
    expect(b_.prepare('SELECT DISTINCT person_name, reason FROM team_do_not_contact_changes').all()).toEqual([
      { person_name: 'Anna', reason: 'objected at the fair' }
    ])

    // taken off A's list: back on B's check
    const taken = team
      .storeOf(a)
      .prepare(
        "SELECT id FROM do_not_contact WHERE kind != 'handle' AND value IN ('person.7@example.org', '@rival.example', 'rival.example', 'key:p-file-key', 'p-file-key')"
      )
      .pluck()
      .all() as number[]
    expect(taken).toHaveLength(3)
    for (const id of taken) await a.ok('removeDoNotContact', { id })
    const back = await until(
      () => b.ok('checkDoNotContact', { people }),
      (answer) => answer.suppressed.length === 2
    )
    expect(back.suppressed.map((s) => s.index)).toEqual([1, 3])
  }, 120_000)
})
