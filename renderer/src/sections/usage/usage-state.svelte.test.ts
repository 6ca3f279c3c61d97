import { describe, expect, it } from 'vitest'
import type { Client } from '../../lib/client'
import { today } from './usage-data'
import { UsageState } from './usage-state.svelte'

const now = new Date().toISOString()
const call = (id: number, operation: string, ok = true) => ({
  id,
  startedAt: now,
  durationMs: 5,
  method: 'POST',
  endpoint: `/api/Area/${operation}`,
  operation,
  status: ok ? 200 : null,
  ok,
  errorCode: ok ? null : 'network',
  transactionId: null
})

function client(transactionsOk: boolean) {
  const asked: unknown[] = []
  const fake = {
    listTransactions: async (input: unknown) => {
      asked.push(input)
      return transactionsOk
        ? {
            ok: true,
            data: {
              connectionId: 'c',
              connectionName: 'C',
              shapeNote: null,
              durationMs: 3,
              limited: false,
              rows: [
                {
                  record: {},
                  issues: [],
                  id: 't1',
                  requestType: 'MatchProfiles',
                  requestDate: now,
                  responseDate: now,
                  durationMs: 0,
                  partnerName: 'P',
                  request: 'req',
                  response: 'res'
                }
              ]
            }
          }
        : { ok: false, error: { code: 'network', message: 'The service could not be reached.' } }
    },
    listCallLog: async () => ({
      ok: true,
      data: {
        connectionId: 'c',
        calls: [call(1, 'MatchProfiles'), call(2, 'GetPremiumContacts'), call(3, 'MatchProfiles')]
      }
    }),
    listLedger: async () => ({ ok: true, data: { connectionId: 'c', entries: [] } })
  }
  return { client: fake as unknown as Client, asked }
}

describe('the usage state', () => {
  it('asks the service for the local days chosen and the type, and offers the types it has seen', async () => {
    const { client: fake, asked } = client(true)
    const usage = new UsageState(fake)
    usage.setFilters({ from: today(), to: today(), type: 'MatchProfiles' })
    await usage.load()
    const last = asked.at(-1) as { from: string; to: string; type: string; limit: number }
    expect(last.type).toBe('MatchProfiles')
    expect(new Date(last.to).getTime() - new Date(last.from).getTime()).toBeGreaterThanOrEqual(23 * 3_600_000)
    expect(usage.chartSource).toBe('service')
    expect(usage.series.totalCalls).toBe(1)
    expect(usage.types).toEqual(['GetPremiumContacts', 'MatchProfiles'])
    usage.openRow(usage.rows[0]!)
    expect(usage.open?.request).toBe('req')
  })

  it('with the service unreachable, charts this app’s own calls and keeps the call log', async () => {
    const usage = new UsageState(client(false).client)
    await usage.load()
    expect(usage.transactions.state).toBe('error')
    expect(usage.calls.state).toBe('ready')
    expect(usage.chartSource).toBe('app')
    expect(usage.series.calls).toEqual([
      expect.objectContaining({ type: 'GetPremiumContacts' }),
      expect.objectContaining({ type: 'MatchProfiles' })
    ])
    expect(usage.series.totalCalls).toBe(3)
    usage.setFilters({ type: 'MatchProfiles' })
    await usage.load()
    expect(usage.series.totalCalls).toBe(2)
  })
})
