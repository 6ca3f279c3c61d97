import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Store, StoreError } from '../../../electron/main/store'
import type { ManualClock } from './helpers'
import { codeOf, openTestStore, removeDir, tempDir } from './helpers'
import { RefreshJobsRepo } from '../../../electron/main/refresh/refresh-jobs-repo'
import { ConversationsRepo } from '../../../electron/main/chat/conversations-repo'
import { ApiLogRepo } from '../../../electron/main/usage/api-log-repo'

let dir: string
let store: Store
let clock: ManualClock
beforeEach(() => {
  dir = tempDir()
  ;({ store, clock } = openTestStore(dir))
})
afterEach(() => {
  store.close()
  removeDir(dir)
})

describe('ContactsRepo', () => {
  const result = (key: string, email: string): Record<string, unknown> => ({
    request: { key, full_name: 'Ana García' },
    emails: [{ email, type: 'work', preferred_email: true }],
    phone_numbers: [{ number: '+44 20 7946 0958', type: 'mobile' }],
    status: 'NotStarted',
    provider_completion_data_dictionary: { None: { isSuccessfulForEmail: true } },
    x_undeclared: 1
  })

  it('stores contact results verbatim under their profile key, with credit counts', () => {
    const raw = JSON.stringify(result('p1', 'ana@old.example'))
    store.contacts.saveResponse(
      { results: [raw, result('p2', 'b@x.example')], count: { available: 98, used: 2, newRequestedCount: 2 } },
      { contactType: 'Email', requestType: 'New' }
    )
    clock.advance(5000)
    store.contacts.saveResponse({
      results: [result('p1', 'ana@new.example')],
      count: { available: 97, used: 3, newRequestedCount: 1 }
    })

    const history = store.contacts.historyFor('p1')
    expect(history).toHaveLength(2)
    expect(history[0]?.resultJson).toBe(raw)
    expect(history[0]).toMatchObject({ contactType: 'Email', requestType: 'New' })
    expect(store.contacts.latestFor('p1')?.result.emails).toEqual([
      { email: 'ana@new.example', type: 'work', preferred_email: true }
    ])
    expect(store.contacts.latestFor('nobody')).toBeUndefined()
    expect(store.contacts.latestCounts()).toEqual({
      recordedAt: clock.now().toISOString(),
      available: 97,
      used: 3,
      newRequestedCount: 1
    })
    expect(store.contacts.countsHistory().map((c) => c.available)).toEqual([97, 98])
  })

  it('uses explicit profile keys when the result does not say, and refuses non-objects atomically', () => {
    const [stored] = store.contacts.saveResponse({ results: [{ emails: [] }] }, { profileKeys: ['given-key'] })
    expect(stored?.profileKey).toBe('given-key')
    expect(codeOf(() => store.contacts.saveResponse({ results: [result('p9', 'x@y.z'), '[]'] }))).toBe('invalid_input')
    expect(store.contacts.latestFor('p9')).toBeUndefined()
  })
})

describe('RefreshJobsRepo', () => {
  let refreshJobs: RefreshJobsRepo
  beforeEach(() => {
    refreshJobs = new RefreshJobsRepo(store.database.db, clock)
  })

  it('records a start and later statuses; lists unfinished jobs for polling after a restart', () => {
    refreshJobs.recordStart({ jobId: 'job-1', status: 'Queued', totalRequested: 2, progressUrl: '/p/job-1' }, [
      'h1',
      'h2'
    ])
    refreshJobs.recordStart({ jobId: 'job-2', status: 'Queued' }, ['h3'])
    clock.advance(1000)
    const done = refreshJobs.recordStatus(
      JSON.stringify({
        jobId: 'job-2',
        status: 'Completed',
        totalProcessed: 1,
        failedHandles: [{ handle: 'h3', error: 'gone' }]
      })
    )
    expect(done.status).toBe('Completed')
    expect(done.requestedHandles).toEqual(['h3'])
    expect(done.start).toMatchObject({ status: 'Queued' })
    expect(done.lastStatus).toMatchObject({ failedHandles: [{ handle: 'h3', error: 'gone' }] })
    // Completed on the service, but still followed until the app has applied what it brought.
    expect(done.tracking).toBe('following')
    refreshJobs.finish(
      'job-2',
      { source: 'none', profilesReceived: 0, membersUpdated: 0, changed: [], note: null },
      null
    )
    expect(refreshJobs.recordStatus({ jobId: 'job-1', status: 'InProgress', progressPercentage: 50 }).status).toBe(
      'InProgress'
    )
    expect(refreshJobs.list({ unfinished: true }).map((job) => job.jobId)).toEqual(['job-1'])
    expect(
      refreshJobs
        .list()
        .map((job) => job.jobId)
        .sort()
    ).toEqual(['job-1', 'job-2'])
    expect(codeOf(() => refreshJobs.recordStatus({ status: 'Queued' }))).toBe('invalid_input')
    expect(codeOf(() => refreshJobs.get('job-9'))).toBe('not_found')
  })

  it('writes a job before its start is sent, so a restart can send the same jobId again', () => {
    const created = refreshJobs.create({
      jobId: 'job-3',
      connectionId: 'sandbox',
      handles: ['a', 'b'],
      label: '2 pasted handles',
      options: { batchSize: 5, saveToStorage: true }
    })
    expect(created).toMatchObject({ tracking: 'starting', status: 'Queued', connectionId: 'sandbox' })
    expect(refreshJobs.list({ unfinished: true }).map((job) => job.jobId)).toEqual(['job-3'])
    expect(refreshJobs.recordStart({ jobId: 'job-3', status: 'Queued' }).tracking).toBe('following')
    expect(refreshJobs.get('job-3').requestedHandles).toEqual(['a', 'b'])
    const lost = refreshJobs.setTracking('job-3', 'lost', 'The service no longer knows this job.')
    expect(lost).toMatchObject({ tracking: 'lost', message: 'The service no longer knows this job.' })
    // A later status (a check by hand) does not revive a lost job's tracking by itself.
    expect(refreshJobs.recordStatus({ jobId: 'job-3', status: 'InProgress' }).tracking).toBe('lost')
    expect(refreshJobs.list({ unfinished: true })).toEqual([])
  })
})

describe('ConversationsRepo', () => {
  it('keeps turns in order and the current query of each conversation', () => {
    const conversations = new ConversationsRepo(store.database.db, clock)
    conversations.addTurn('c1', { role: 'user', text: 'Rust engineers in Lisbon' })
    clock.advance(1000)
    const query = { titles: ['Engineer'], skills: ['Rust'], locations: ['Lisbon'] }
    conversations.addTurn('c1', {
      role: 'assistant',
      text: 'Found 2',
      currentQuery: query,
      total: 2,
      results: [{ key: 'p1' }, { key: 'p2' }]
    })
    clock.advance(1000)
    conversations.addTurn('c1', { role: 'user', text: 'only seniors' })
    const conversation = conversations.get('c1')
    expect(conversation.title).toBe('Rust engineers in Lisbon')
    expect(conversation.currentQuery).toEqual(query)
    expect(conversation.turns.map((t) => [t.role, t.text])).toEqual([
      ['user', 'Rust engineers in Lisbon'],
      ['assistant', 'Found 2'],
      ['user', 'only seniors']
    ])
    expect(conversation.turns[1]?.results).toEqual([{ key: 'p1' }, { key: 'p2' }])
    clock.advance(1000)
    conversations.addTurn('c2', { role: 'user', text: 'nurses' })
    expect(conversations.list().map((c) => [c.id, c.turnCount])).toEqual([
      ['c2', 1],
      ['c1', 3]
    ])
    expect(conversations.setCurrentQuery('c1', null).currentQuery).toBeNull()
    conversations.delete('c1')
    expect(codeOf(() => conversations.get('c1'))).toBe('not_found')
    expect(
      store.database.db.prepare("SELECT count(*) AS n FROM conversation_turns WHERE conversation_id = 'c1'").get()
    ).toEqual({ n: 0 })
    expect(codeOf(() => conversations.addTurn('c2', { role: 'system' as 'user', text: 'x' }))).toBe('invalid_input')
  })
})

describe('ConnectionsRepo', () => {
  it('stores non-secret settings and refuses anything carrying a secret', () => {
    const saved = store.connections.save({
      name: 'Local sandbox',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4010',
      mcpUrl: 'http://127.0.0.1:4010/mcp',
      clientId: 'desk-client'
    })
    expect(store.connections.get(saved.id)).toMatchObject({ name: 'Local sandbox', kind: 'sandbox', authUrl: null })
    const updated = store.connections.save({
      id: saved.id,
      name: 'Sandbox',
      kind: 'sandbox',
      baseUrl: 'http://127.0.0.1:4011'
    })
    expect(updated.baseUrl).toBe('http://127.0.0.1:4011')
    expect(store.connections.list()).toHaveLength(1)

    for (const secret of [{ apiKey: 'sk-live-123' }, { clientSecret: 's3cr3t' }, { accessToken: 'tok' }]) {
      let error: unknown
      try {
        store.connections.save({ name: 'Remote', kind: 'remote', baseUrl: 'https://api.example', ...secret } as never)
      } catch (caught) {
        error = caught
      }
      expect((error as StoreError).code).toBe('invalid_input')
      expect((error as StoreError).details).toMatchObject({ unknownKeys: Object.keys(secret) })
    }
    const everything = JSON.stringify(store.database.db.prepare('SELECT * FROM connections').all())
    expect(everything).not.toMatch(/sk-live|s3cr3t/)
    expect(codeOf(() => store.connections.save({ name: 'x', kind: 'remote', baseUrl: 'ftp://x' }))).toBe(
      'invalid_input'
    )
    store.connections.delete(saved.id)
    expect(store.connections.list()).toEqual([])
  })
})

describe('ApiLogRepo', () => {
  it('logs calls without query strings, pages newest first and prunes old entries', () => {
    const apiLog = new ApiLogRepo(store.database.db, clock)
    for (let i = 0; i < 12; i += 1) {
      apiLog.record({
        durationMs: 10 + i,
        method: 'post',
        endpoint: '/api/Search/MatchProfiles',
        status: i % 4 === 0 ? 429 : 200,
        ok: i % 4 !== 0,
        errorCode: i % 4 === 0 ? 'rate_limited' : null,
        transactionId: `t${i}`
      })
      clock.advance(1000)
    }
    const page = apiLog.list({ limit: 5 })
    expect(page.map((c) => c.transactionId)).toEqual(['t11', 't10', 't9', 't8', 't7'])
    expect(page[0]?.method).toBe('POST')
    expect(apiLog.list({ limit: 5, beforeId: page.at(-1)?.id }).map((c) => c.transactionId)).toEqual([
      't6',
      't5',
      't4',
      't3',
      't2'
    ])
    expect(apiLog.list({ onlyFailures: true }).map((c) => c.transactionId)).toEqual(['t8', 't4', 't0'])
    expect(codeOf(() => apiLog.record({ durationMs: 1, method: 'GET', endpoint: '/x?apiKey=1', ok: true }))).toBe(
      'invalid_input'
    )
    expect(apiLog.prune(5)).toBe(7)
    expect(apiLog.list().map((c) => c.transactionId)).toEqual(['t11', 't10', 't9', 't8', 't7'])
  })
})
