import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../shared/ipc/bridge'
import type { MemberSummary } from '../../../shared/ipc/channels/shortlists'
import { createClient } from './client'

const at = '2026-11-01T09:00:00.000Z'
const member = (id: number): MemberSummary => ({
  id,
  shortlistId: 'list-1',
  profileKey: `key-${id}`,
  name: `Person ${id}`,
  title: 'Data Engineer',
  company: 'Acme',
  skills: '',
  notes: '',
  tags: [],
  stageId: 1,
  stage: 'New',
  rating: null,
  addedAt: at,
  updatedAt: at,
  profileCapturedAt: at,
  profileSource: 'saved',
  dataAsOf: { at, basis: 'saved' },
  refreshChanges: []
})

const bridgeAnswering = (data: unknown) =>
  ({
    listMembers: async () => ({ ok: true, data }),
    on: () => () => {}
  }) as unknown as TalentDeskBridge

describe('the client’s check of a long list', () => {
  it('checks 15,000 rows a slice at a time: other tasks run in between, and the rows come back whole', async () => {
    const rows = Array.from({ length: 15_000 }, (_, i) => member(i))
    const client = createClient(bridgeAnswering(rows))
    let between = 0
    const ticking = setInterval(() => between++, 0)
    const reply = await client.listMembers({ shortlistId: 'list-1' })
    clearInterval(ticking)
    expect(reply.ok && reply.data.length).toBe(15_000)
    expect(reply.ok && reply.data[14_999]).toEqual(rows[14_999])
    expect(between).toBeGreaterThan(0)
  })

  it('names the row that does not fit, as the short path does', async () => {
    const rows: unknown[] = Array.from({ length: 5_000 }, (_, i) => member(i))
    rows[4_321] = { ...member(4_321), tags: 'not a list' }
    const reply = await createClient(bridgeAnswering(rows)).listMembers({ shortlistId: 'list-1' })
    expect(reply.ok).toBe(false)
    expect(!reply.ok && reply.error.code).toBe('invalid_response')
    expect(!reply.ok && (reply.error.details as Array<{ path: string }>)[0]!.path).toBe('data.4321.tags')
  })
})
