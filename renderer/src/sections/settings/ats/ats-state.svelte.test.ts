import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { AtsConnections, AtsConnectionView } from '../../../../../shared/ipc/channels/ats'
import { sendLabel } from '../../../components/ats-send/ats-send-state.svelte'
import { createClient } from '../../../lib/client'
import { AtsState } from './ats-state.svelte'

const connection = (id: string, kind: 'greenhouse' | 'lever'): AtsConnectionView => ({
  id,
  kind,
  name: `Agency ${kind}`,
  baseUrl: 'http://127.0.0.1:4100',
  actingUser: '4080001',
  sandbox: true,
  key: { configured: false, hint: null },
  auth: 'apiKey',
  rateLimit: null,
  pace: { ceiling: 5, rate: null, limit: null },
  createdAt: '2026-11-28T10:00:00.000Z'
})
const overview = (...connections: AtsConnectionView[]): AtsConnections => ({ connections, sandboxAvailable: true })

/** A main with no ATS connection yet that counts the list's reads and lets the test tell its events. */
function fakeMain() {
  const listeners = new Map<string, (payload: unknown) => void>()
  let reads = 0
  const bridge = {
    listAtsConnections: () => {
      reads++
      return Promise.resolve({ ok: true, data: overview() })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return { client: createClient(bridge), listeners, reads: () => reads }
}

describe('AtsState, the app’s one list of ATS connections (Settings → ATS and the send dialog)', () => {
  it('gives the send dialog the connections told by atsConnectionsChanged, without reading again, after the page closed too', async () => {
    const main = fakeMain()
    const ats = new AtsState(main.client)
    await ats.load()
    expect(ats.choices).toEqual([])
    expect(sendLabel(ats.choices)).toBe('Send to ATS…')

    main.listeners.get('atsConnectionsChanged')!(overview(connection('gh-1', 'greenhouse')))
    expect(ats.choices).toEqual([{ id: 'gh-1', name: 'Agency greenhouse', kind: 'greenhouse' }])
    expect(sendLabel(ats.choices)).toBe('Send to Greenhouse…')
    expect(sendLabel(ats.choices, 'Send the accepted to')).toBe('Send the accepted to Greenhouse…')

    // Settings → ATS closed: Shortlists still follows the list
    ats.close()
    main.listeners.get('atsConnectionsChanged')!(
      overview(connection('gh-1', 'greenhouse'), connection('lv-1', 'lever'))
    )
    expect(ats.choices.map((c) => c.id)).toEqual(['gh-1', 'lv-1'])
    expect(sendLabel(ats.choices)).toBe('Send to ATS…')
    expect(main.reads()).toBe(1)
  })
})
