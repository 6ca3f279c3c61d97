import { describe, expect, it } from 'vitest'
import type { TalentDeskBridge } from '../../../../../shared/ipc/bridge'
import type { AtsConnections, AtsConnectionView } from '../../../../../shared/ipc/channels/ats'
import type { AtsPullStatus } from '../../../../../shared/ipc/channels/ats-pull'
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

const pullStatus = (state: AtsPullStatus['state'], pages: number): AtsPullStatus => ({
  connectionId: 'gh-1',
  state,
  mode: 'incremental',
  startedAt: '2026-11-28T10:00:00.000Z',
  finishedAt: state === 'pulling' ? null : '2026-11-28T10:00:01.000Z',
  pages,
  people: pages * 100,
  added: 0,
  updated: 0,
  doNotContactAdded: 0,
  doNotContactRemoved: 0,
  list: null,
  error: null
})

/**
 * A main with no ATS connection yet that counts the list's reads and lets the test tell its events;
 * its pull replies wait for the test to let them go (`answer`), as the browser host's may.
 */
function fakeMain() {
  const listeners = new Map<string, (payload: unknown) => void>()
  let reads = 0
  const replies: Array<(status: AtsPullStatus) => void> = []
  const reply = () =>
    new Promise<{ ok: true; data: AtsPullStatus }>((resolve) => replies.push((data) => resolve({ ok: true, data })))
  const bridge = {
    pullAtsNow: reply,
    getAtsPullStatus: reply,
    listAtsConnections: () => {
      reads++
      return Promise.resolve({ ok: true, data: overview() })
    },
    on: (name: string, listener: (payload: unknown) => void) => {
      listeners.set(name, listener)
      return () => listeners.delete(name)
    }
  } as unknown as TalentDeskBridge
  return {
    client: createClient(bridge),
    listeners,
    reads: () => reads,
    answer: (status: AtsPullStatus) => replies.shift()!(status)
  }
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

  it('keeps a pull’s end told by an event over the “pulling” its Pull now answered, when the answer comes after it', async () => {
    const main = fakeMain()
    const ats = new AtsState(main.client)
    await ats.load()
    const told = main.listeners.get('atsPullProgress')!

    // a quick pull: its start and end come as events before Pull now's answer (taken at its start)
    const pulled = ats.pullNow('gh-1')
    told(pullStatus('pulling', 0))
    told(pullStatus('done', 1))
    main.answer(pullStatus('pulling', 0))
    await pulled
    expect(ats.pulls['gh-1']?.state).toBe('done')

    // with no event meanwhile, the answer is shown (a status read when the block first shows too)
    const read = ats.loadPull('gh-1')
    main.answer(pullStatus('pulling', 2))
    await read
    expect(ats.pulls['gh-1']?.state).toBe('pulling')
    const again = ats.loadPull('gh-1')
    told(pullStatus('done', 3))
    main.answer(pullStatus('pulling', 2))
    await again
    expect(ats.pulls['gh-1']).toMatchObject({ state: 'done', pages: 3 })
  })

  it('keeps the list an atsConnectionsChanged event told over an older list read that answers after it', async () => {
    const listeners = new Map<string, (payload: unknown) => void>()
    const lists: Array<(data: AtsConnections) => void> = []
    const bridge = {
      listAtsConnections: () => new Promise((resolve) => lists.push((data) => resolve({ ok: true, data }))),
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener)
        return () => listeners.delete(name)
      }
    } as unknown as TalentDeskBridge
    const ats = new AtsState(createClient(bridge))

    // a connection added while the first read was on its way: its event comes before the read's answer
    const loading = ats.load()
    listeners.get('atsConnectionsChanged')!(overview(connection('gh-1', 'greenhouse')))
    lists.shift()!(overview())
    await loading
    expect(ats.choices.map((choice) => choice.id)).toEqual(['gh-1'])

    // with no event meanwhile, the read is shown
    const again = ats.load()
    lists.shift()!(overview(connection('gh-1', 'greenhouse'), connection('lv-1', 'lever')))
    await again
    expect(ats.choices.map((choice) => choice.id)).toEqual(['gh-1', 'lv-1'])
  })
})
