import { describe, expect, it } from 'vitest'
import { joined, putWaitingChanges, quick, useTeamServer } from './fixtures/team-fixture'

/*
 * A desk back after a long time offline applies what waited for it in slices (issue #38: main's
 * longest block while a desk applies 100,000 team changes < 50 ms): each slice of a page one
 * transaction with the sequence number of its last change, and a turn of main's event loop before
 * each. Desk B's slices are timed by a clock of the test's own that moves one millisecond each time
 * it is read (after each change applied), so a slice is three changes whatever the machine's speed;
 * the test watches B's data file through a connection of its own, once every turn of the event loop
 * while B's sync runs. Before, a page of up to 1,000 changes was applied in one transaction (the
 * watcher saw the sequence number jump from the first to the last).
 */

const team = useTeamServer()

/** B's slices: three reads of this clock (three changes) each. */
let ticks = 0
const slices = { sliceMs: 3, now: () => (ticks += 1) }

const WAITING = 40

describe('a page applied in slices', () => {
  it('applies each slice in a transaction of its own with its last sequence number, a turn of the event loop between', async () => {
    const { a, b } = await team.startTeam({ desk: (index) => (index === 1 ? { team: { ...quick, slices } } : {}) })
    await b.services.teamSync.idle()

    // Anna's entries waiting for Ben, put in by SQL (no live event: B pulls when asked)
    const from = await putWaitingChanges(a, team, WAITING)
    const store = team.storeOf(b)
    const seen = () =>
      store
        .prepare(
          'SELECT (SELECT last_seq FROM team_state) AS lastSeq, (SELECT COUNT(*) FROM team_do_not_contact) AS entries'
        )
        .get() as { lastSeq: number; entries: number }
    expect(seen()).toEqual({ lastSeq: from, entries: 0 })

    // B pulls them (one page: fewer than the first page's 100) while the test looks once a turn
    let syncing = true
    const sync = b.services.teamSync.sync().finally(() => (syncing = false))
    const watched: Array<{ lastSeq: number; entries: number }> = []
    while (syncing) {
      watched.push(seen())
      await new Promise((resolve) => setImmediate(resolve))
    }
    await sync
    watched.push(seen())

    // exactly once, in order: whenever looked at, the entries are those of the changes up to the sequence number recorded
    for (const at of watched) expect(at.entries).toBe(at.lastSeq - from)
    expect(watched.at(-1)).toEqual({ lastSeq: from + WAITING, entries: WAITING })
    // committed a slice at a time, with turns between: the watcher saw the sequence number climb three by three
    const steps = [...new Set(watched.map((at) => at.lastSeq))].map((seq) => seq - from)
    expect(steps.length).toBeGreaterThan(WAITING / 3 / 2)
    expect(steps.every((step) => step === WAITING || step % 3 === 0)).toBe(true)
    expect(joined(await b.ok('getTeam', {})).sync.lastSeq).toBe(from + WAITING)
  }, 60_000)
})
