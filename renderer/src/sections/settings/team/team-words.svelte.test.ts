import { describe, expect, it } from 'vitest'
import { agoText, syncText } from './team-words'

const sync = {
  online: true,
  waiting: 0,
  refused: [],
  lastSyncedAt: '2026-11-28T08:00:00.000Z',
  lastSeq: 4,
  problem: null
}
const at = (iso: string) => Date.parse(iso)

describe('the team sync in words', () => {
  it('says how long ago it synced, moving on with the clock', () => {
    expect(syncText(sync, at('2026-11-28T08:00:02.000Z'))).toBe('synced 2 s ago')
    expect(syncText(sync, at('2026-11-28T08:05:00.000Z'))).toBe('synced 5 min ago')
    expect(agoText(at('2026-11-28T08:00:00.000Z'), at('2026-11-28T08:00:00.400Z'))).toBe('just now')
    expect(agoText(at('2026-11-20T08:00:00.000Z'), at('2026-11-28T08:00:00.000Z'))).toBe('8 days ago')
  })

  it('says offline with what waits, and what waits while online', () => {
    expect(syncText({ ...sync, online: false, waiting: 3 }, 0)).toBe('offline — 3 changes waiting')
    expect(syncText({ ...sync, online: false, waiting: 1 }, 0)).toBe('offline — 1 change waiting')
    expect(syncText({ ...sync, online: false }, 0)).toBe('offline — nothing waiting')
    expect(syncText({ ...sync, waiting: 2 }, 0)).toBe('2 changes waiting to be sent')
    expect(syncText({ ...sync, lastSyncedAt: null }, 0)).toBe('not synced yet')
  })
})
