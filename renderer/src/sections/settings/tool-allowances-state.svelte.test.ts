import { describe, expect, it } from 'vitest'
import type { ToolAllowances } from '../../../../shared/ipc/channels/tools'
import type { IpcResult } from '../../../../shared/ipc/errors'
import { ToolAllowancesState, type ToolAllowancesSource } from './tool-allowances-state.svelte'

/** Allowances kept per connection, as main keeps them; Revoke of an unknown connection is refused. */
function source(start: Record<string, string[]>) {
  const held = new Map(Object.entries(start))
  const revoked: Array<[string, string]> = []
  const listOf = (connectionId: string): IpcResult<ToolAllowances> => ({
    ok: true,
    data: {
      connectionId,
      allowances: (held.get(connectionId) ?? []).map((tool) => ({ tool, allowedAt: '2026-11-28T03:00:00.000Z' }))
    }
  })
  const api: ToolAllowancesSource = {
    toolAllowances: async (connectionId) => listOf(connectionId),
    revokeToolAllowance: async (connectionId, tool) => {
      if (!held.has(connectionId)) return { ok: false, error: { code: 'not_found', message: 'No such connection.' } }
      revoked.push([connectionId, tool])
      held.set(
        connectionId,
        held.get(connectionId)!.filter((name) => name !== tool)
      )
      return listOf(connectionId)
    }
  }
  return { api, revoked }
}

describe('Settings: tools allowed without asking', () => {
  it('lists a connection’s allowed tools and revokes one, the list following', async () => {
    const { api, revoked } = source({ team: ['search', 'workspaces'], sandbox: [] })
    const state = new ToolAllowancesState(api)
    await state.load('team')
    expect(state.list).toMatchObject({
      state: 'ready',
      value: { connectionId: 'team', allowances: [{ tool: 'search' }, { tool: 'workspaces' }] }
    })
    await state.revoke('team', 'search')
    expect(revoked).toEqual([['team', 'search']])
    expect(state.list).toMatchObject({ state: 'ready', value: { allowances: [{ tool: 'workspaces' }] } })
    expect(state.problem).toBeNull()
    // another connection shown: its own list
    await state.load('sandbox')
    expect(state.list).toMatchObject({ state: 'ready', value: { connectionId: 'sandbox', allowances: [] } })
  })

  it('says why a Revoke did not go through, and keeps the list', async () => {
    const { api } = source({ team: ['search'] })
    const state = new ToolAllowancesState(api)
    await state.load('gone')
    await state.revoke('gone', 'search')
    expect(state.problem).toBe('No such connection.')
    expect(state.list).toMatchObject({ state: 'ready', value: { connectionId: 'gone', allowances: [] } })
  })
})
