import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ManualClock } from '../../../sandbox/index'
import { call, post, startTestSandbox, testCatalog } from './helpers'

type Sandbox = Awaited<ReturnType<typeof startTestSandbox>>
const opened: Sandbox[] = []
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.close()))
})

const keys = () =>
  testCatalog()
    .search({}, { limit: 3, offset: 0 })
    .results.map((p) => p.key!)
const handle = () => {
  const profile = testCatalog().search({}, { limit: 1, offset: 10 }).results[0]!
  return profile.li_urls?.[0] ?? profile.key!
}

async function start(stateFile: string, clock = new ManualClock()) {
  const sandbox = await startTestSandbox({ stateFile, clock, credits: 10, contactTiming: { failureShare: 0 } })
  opened.push(sandbox)
  return sandbox
}

describe('the sandbox keeps its state in a file between runs', () => {
  it('credits, purchases, jobs, the call log and conversations survive a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-state-'))
    const file = join(dir, 'sandbox-state.json')
    const clock = new ManualClock()
    const first = await start(file, clock)
    const bought = await post(first, '/api/Contacts/GetPremiumContacts', keys(), {
      query: { requestType: 'New', contactType: 'Email' }
    })
    expect(bought.json().count).toMatchObject({ available: 7, used: 3 })
    const job = await post(first, '/api/Refresh/RefreshProfiles', { profileHandles: [handle()], jobId: 'job-kept-1' })
    expect(job.status).toBe(200)
    const chat = await post(first, '/api/ConversationalSearch/Search', { user_input: 'python engineers in Berlin' })
    const conversationId = chat.json().conversation_id as string
    const match = await post(first, '/api/Search/MatchProfiles', { key: keys()[0] })
    expect(match.status).toBe(200)
    await first.close()
    opened.splice(opened.indexOf(first), 1)
    expect(statSync(file).mode & 0o777).toBe(0o600)

    clock.advance(60_000)
    const second = await start(file, clock)
    expect(second.stateNote).toBeNull()
    // already bought: Existing answers free, and the credits stay spent
    const existing = await post(second, '/api/Contacts/GetPremiumContacts', keys(), {
      query: { requestType: 'Existing', contactType: 'Email' }
    })
    expect(existing.json().count).toMatchObject({ available: 7, used: 3 })
    expect(existing.json().results.map((r: { status: string }) => r.status)).toEqual([
      'Completed',
      'Completed',
      'Completed'
    ])
    // the job is still known and has finished while "the app was closed"
    const status = await call(second, '/api/Refresh/GetJobStatus/job-kept-1')
    expect(status.status).toBe(200)
    expect(status.json().status).toBe('Completed')
    // the call log goes on from before
    const log = await call(second, '/api/Analytics/GetApiTransactionData')
    const types = (log.json() as Array<{ request_type: string }>).map((r) => r.request_type)
    expect(types).toEqual(
      expect.arrayContaining(['GetPremiumContacts', 'RefreshProfiles', 'ConversationalSearch', 'MatchProfiles'])
    )
    // and the conversation continues with its query
    const more = await post(second, '/api/ConversationalSearch/Search', {
      conversation_id: conversationId,
      user_input: 'only senior'
    })
    expect(more.json().conversation_id).toBe(conversationId)
    expect(JSON.stringify(more.json().current_query ?? more.json().query)).toMatch(/python/i)
  })

  it('reset() goes back to the first state and stays there after a restart', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'td-sbx-state-')), 'state.json')
    const first = await start(file)
    await post(first, '/api/Contacts/GetPremiumContacts', keys(), {
      query: { requestType: 'New', contactType: 'Phone' }
    })
    await first.reset()
    const after = await post(first, '/api/Contacts/GetPremiumContacts', keys(), {
      query: { requestType: 'Existing', contactType: 'Phone' }
    })
    expect(after.json().count).toMatchObject({ available: 10, used: 0 })
    await first.close()
    opened.splice(opened.indexOf(first), 1)
    const second = await start(file)
    const again = await post(second, '/api/Contacts/GetPremiumContacts', [], {
      query: { requestType: 'Existing', contactType: 'Phone' }
    })
    expect(again.json().count).toMatchObject({ available: 10, used: 0 })
  })

  it('a damaged state file is set aside, never deleted, and the sandbox starts afresh and says so', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-state-'))
    const file = join(dir, 'state.json')
    writeFileSync(file, '{"version": 1, "credits": {"avail')
    const sandbox = await start(file)
    expect(sandbox.stateNote).toMatch(/could not be read/)
    const aside = readdirSync(dir).filter((name) => name.startsWith('state.json.damaged-'))
    expect(aside).toHaveLength(1)
    expect(readFileSync(join(dir, aside[0]!), 'utf8')).toBe('{"version": 1, "credits": {"avail')
    const counts = await post(sandbox, '/api/Contacts/GetPremiumContacts', [], { query: { requestType: 'Existing' } })
    expect(counts.json().count).toMatchObject({ available: 10, used: 0 })
  })

  it('a state file of another version is set aside too, not read as if it were ours', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-state-'))
    const file = join(dir, 'state.json')
    // otherwise a valid state: only the version says it is not ours to read
    const future = JSON.stringify({
      version: 2,
      credits: { available: 1, used: 9 },
      purchases: [],
      jobs: [],
      transactions: [],
      conversations: [],
      workspaces: []
    })
    writeFileSync(file, future)
    const sandbox = await start(file)
    expect(sandbox.stateNote).toMatch(/could not be read/)
    const aside = readdirSync(dir).filter((name) => name.startsWith('state.json.damaged-'))
    expect(aside.map((name) => readFileSync(join(dir, name), 'utf8'))).toEqual([future])
    const counts = await post(sandbox, '/api/Contacts/GetPremiumContacts', [], { query: { requestType: 'Existing' } })
    expect(counts.json().count).toMatchObject({ available: 10, used: 0 })
  })

  it('without a state file nothing is written', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-sbx-state-'))
    const sandbox = await startTestSandbox({ credits: 10 })
    opened.push(sandbox)
    await post(sandbox, '/api/Contacts/GetPremiumContacts', keys(), { query: { requestType: 'New' } })
    await sandbox.close()
    opened.pop()
    expect(readdirSync(dir)).toEqual([])
    expect(existsSync(join(process.cwd(), 'sandbox-state.json'))).toBe(false)
  })
})
