import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { request } from 'undici'
import { afterEach, describe, expect, it } from 'vitest'
import { generateProfiles } from '../../../sandbox/data/generate'
import { handlesOf } from '../../../sandbox/data/handles'

interface Line {
  baseUrl: string
  apiKey: string
}

const children: ChildProcess[] = []
afterEach(() => {
  for (const child of children.splice(0))
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
})

/** The sandbox CLI as a child process on a state file: its printed line once it serves. */
async function startCli(stateFile: string): Promise<{ child: ChildProcess; info: Line }> {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'sandbox/cli.ts', '--profiles', '300', '--seed', '5', '--credits', '50', '--state', stateFile],
    { stdio: ['ignore', 'pipe', 'inherit'] }
  )
  children.push(child)
  const lines = createInterface({ input: child.stdout! })
  const [first] = (await once(lines, 'line')) as [string]
  return { child, info: JSON.parse(first) as Line }
}

/** Sends a call and kills the sandbox (SIGKILL: nothing runs after it) the moment its answer arrives. */
async function answeredThenKilled(child: ChildProcess, send: () => ReturnType<typeof request>) {
  const answer = await send()
  child.kill('SIGKILL')
  const body = await answer.body.text().catch(() => '')
  if (child.exitCode === null && child.signalCode === null) await once(child, 'exit')
  return { status: answer.statusCode, body }
}

const profiles = generateProfiles({ count: 300, seed: 5 })

describe('the sandbox keeps what it acknowledged', () => {
  it('a purchase and a refresh job answered just before a SIGKILL are known after a restart on the same state file', async () => {
    const stateFile = join(mkdtempSync(join(tmpdir(), 'td-kept-')), 'sandbox-state.json')
    const keys = profiles.slice(0, 3).map((p) => p.key!)
    const api = (info: Line, path: string, body: unknown) =>
      request(`${info.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'api-key': info.apiKey, 'content-type': 'application/json' },
        body: JSON.stringify(body)
      })

    // a purchase of three lookups, the sandbox killed as its answer arrives
    let run = await startCli(stateFile)
    const bought = await answeredThenKilled(run.child, () =>
      api(run.info, '/api/Contacts/GetPremiumContacts?contactType=Email&requestType=New', keys)
    )
    expect(bought.status).toBe(200)

    run = await startCli(stateFile)
    const polled = await api(run.info, '/api/Contacts/GetPremiumContacts?contactType=Email&requestType=Polling', keys)
    const poll = (await polled.body.json()) as {
      results: Array<{ request?: { key?: string } }>
      count: { available: number }
    }
    expect(poll.results.map((r) => r.request?.key).sort()).toEqual([...keys].sort())
    expect(poll.count.available).toBe(47)

    // a refresh job, the same way
    const handles = profiles.slice(10, 12).map((p) => handlesOf(p)[0]!)
    const started = await answeredThenKilled(run.child, () =>
      api(run.info, '/api/Refresh/RefreshProfiles', { profileHandles: handles, jobId: 'kept-job-1' })
    )
    expect(started.status).toBe(200)

    run = await startCli(stateFile)
    const status = await request(`${run.info.baseUrl}/api/Refresh/GetJobStatus/kept-job-1`, {
      headers: { 'api-key': run.info.apiKey }
    })
    expect(status.statusCode).toBe(200)
    expect(((await status.body.json()) as { jobId: string }).jobId).toBe('kept-job-1')
    run.child.kill('SIGTERM')
    await once(run.child, 'exit')
    // its own limit: three starts of the CLI from TypeScript source (tsx compiles it each time),
    // each awaited by its printed line; on a loaded machine each can take seconds
  }, 120_000)
})
