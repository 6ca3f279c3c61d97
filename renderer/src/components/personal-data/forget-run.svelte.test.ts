import { describe, expect, it } from 'vitest'
import type { ForgetResult } from '../../../../shared/ipc/channels/personal-data'
import type { IpcResult } from '../../../../shared/ipc/errors'
import type { Client } from '../../lib/client'
import { ForgetRun } from './forget-run.svelte'

/** A client whose forgetPeople answers from `answer` and records what it was asked. */
function fakeClient(answer: (keys: string[]) => IpcResult<ForgetResult>) {
  const calls: string[][] = []
  const client = {
    forgetPeople: async ({ keys }: { keys: string[] }) => {
      calls.push(keys)
      return answer(keys)
    }
  } as unknown as Client
  return { client, calls }
}

const forgotten = (keys: string[]): IpcResult<ForgetResult> => ({
  ok: true,
  data: {
    forgotten: keys.map((key) => ({ key, tables: [], nothingHeld: true })),
    failed: [],
    compacted: true,
    notice: 'Backups saved before still hold them.'
  }
})

describe('ForgetRun', () => {
  it('forgets a repeated key once, and a selection over 500 in parts put together', async () => {
    const { client, calls } = fakeClient(forgotten)
    const run = new ForgetRun(client)
    const keys = Array.from({ length: 1201 }, (_, index) => `p${index}`)
    await run.forget([...keys, 'p0'], 'person-asked')
    expect(calls.map((part) => part.length)).toEqual([500, 500, 201])
    expect(run.phase.state).toBe('done')
    if (run.phase.state === 'done') expect(run.phase.result.forgotten).toHaveLength(1201)
  })

  it('answers an error as a value; a part that failed after others says so beside what was done', async () => {
    const refused = { ok: false as const, error: { code: 'store_error' as const, message: 'The data file refused.' } }
    const first = new ForgetRun(fakeClient(() => refused).client)
    await first.forget(['a'], 'other')
    expect(first.phase).toEqual({ state: 'error', error: refused.error })
    first.reset()
    expect(first.phase).toEqual({ state: 'confirm' })

    let call = 0
    const second = new ForgetRun(fakeClient((keys) => (call++ === 0 ? forgotten(keys) : refused)).client)
    await second.forget(
      Array.from({ length: 600 }, (_, index) => `p${index}`),
      'other'
    )
    expect(second.phase.state).toBe('done')
    if (second.phase.state === 'done') {
      expect(second.phase.result.forgotten).toHaveLength(500)
      expect(second.phase.result.notice).toMatch(/^The rest were left as they were: The data file refused\./)
    }
  })
})
