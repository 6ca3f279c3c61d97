import { describe, expect, it } from 'vitest'
import { ConnectionThrottles, UNTIMED_RATE } from '../../../electron/main/refresh/connection-throttles'

describe('the per-connection pace', () => {
  it('spaces calls at a pace timers can keep, and starts every call at once above it', async () => {
    const started: number[] = []
    const call = (n: number) => async () => void started.push(n)
    const slow = new ConnectionThrottles(2).for('c1')
    const first = [slow(call(1)), slow(call(2)), slow(call(3))]
    // at two a second, the third call has not started in the same turn of the loop
    await Promise.resolve()
    expect(started.length).toBeLessThan(3)
    await Promise.all(first)
    expect(started).toEqual([1, 2, 3])

    started.length = 0
    const fast = new ConnectionThrottles(UNTIMED_RATE).for('c1')
    const calls = [fast(call(1)), fast(call(2)), fast(call(3))]
    expect(started).toEqual([1, 2, 3]) // no timer between them
    await Promise.all(calls)
  })
})
