import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { TeamStatus } from '../../../../../shared/ipc/channels/team'
import { createClient } from '../../../lib/client'
import { TeamPageState } from './team-state.svelte'

const joined = (waiting: number, online = true): TeamStatus => ({
  state: 'joined',
  server: 'http://127.0.0.1:4300',
  team: { id: 'team-1', name: 'Agency' },
  me: { deskId: 'desk-1', personName: 'Ada', deskName: 'Laptop', role: 'admin' },
  sync: {
    online,
    waiting,
    refused: [],
    lastSyncedAt: waiting === 0 ? '2026-11-28T10:00:00.000Z' : null,
    lastSeq: 3,
    problem: null
  },
  desks: null
})

/** A main whose team replies wait for the test to let them go (as the browser host's may, behind events). */
function fakeMain() {
  const listeners = new Map<string, (payload: unknown) => void>()
  const replies: Array<(status: TeamStatus) => void> = []
  const reply = () => new Promise((resolve) => replies.push((data) => resolve({ ok: true, data })))
  const bridge = {
    getTeam: reply,
    syncTeam: reply,
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    tell: (status: TeamStatus) => listeners.get('teamChanged')!(status),
    answer: (status: TeamStatus) => replies.shift()!(status)
  }
}

const waiting = (team: TeamPageState) =>
  team.status.state === 'ready' && team.status.value.state === 'joined' ? team.status.value.sync.waiting : null

describe('TeamPageState: a status answered after a teamChanged event never hides it', () => {
  it('keeps the sync told by an event over the status a read or a Sync now answered after it', async () => {
    const main = fakeMain()
    const team = new TeamPageState(main.client)

    // first read: with no event meanwhile it is shown
    const read = team.load()
    main.answer(joined(4))
    await read
    expect(waiting(team)).toBe(4)

    // a read taken before the outbox emptied, answered after the event that told it
    const again = team.load()
    main.tell(joined(0))
    main.answer(joined(4))
    await again
    expect(waiting(team)).toBe(0)

    // Sync now: the sync's end came as an event before the answer taken before it
    const synced = team.sync()
    main.tell(joined(2, false))
    main.answer(joined(2))
    expect(await synced).toBe(true)
    expect(team.status).toMatchObject({ value: { sync: { online: false, waiting: 2 } } })

    const plain = team.sync()
    main.answer(joined(1))
    await plain
    expect(waiting(team)).toBe(1)
  })
})
