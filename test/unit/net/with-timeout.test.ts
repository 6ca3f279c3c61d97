import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { withTimeout } from '../../../electron/main/net/with-timeout'

// One timeout wrapper for the proxy look-up (net/dispatcher.ts) and the sandbox worker's close
// (embedded-api/embedded-sandbox.ts); the clock is vitest's.
describe('withTimeout', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('answers what the promise answers in time, and leaves no timer behind', async () => {
    await expect(withTimeout(Promise.resolve('DIRECT'), 50)).resolves.toBe('DIRECT')
    expect(vi.getTimerCount()).toBe(0)
  })

  it('rejects with "no answer after <ms> ms" once the time has passed', async () => {
    const late = withTimeout(new Promise<string>(() => {}), 50)
    const caught = late.catch((error: unknown) => error)
    await vi.advanceTimersByTimeAsync(49)
    expect(vi.getTimerCount()).toBe(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(await caught).toEqual(new Error('no answer after 50 ms'))
  })

  it('turns a rejection that is not an Error into one, and clears its timer', async () => {
    await expect(withTimeout(Promise.reject('refused'), 50)).rejects.toEqual(new Error('refused'))
    expect(vi.getTimerCount()).toBe(0)
  })
})
