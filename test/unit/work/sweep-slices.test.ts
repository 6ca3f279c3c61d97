import { describe, expect, it } from 'vitest'
import { SweepSlices } from '../../../electron/main/work/sweep-slices'

describe('SweepSlices: rows nobody sees, deleted a slice a turn of the loop', () => {
  it('runs slices, one per turn, until none is left, and a second call joins the sweep running', async () => {
    let left = 3
    const turns: number[] = []
    let turn = 0
    const ticking = setInterval(() => (turn += 1), 0)
    const sweeps = new SweepSlices(
      () => {
        turns.push(turn)
        left -= 1
        return left > 0
      },
      () => false
    )
    const first = sweeps.sweep()
    expect(sweeps.sweep()).toBe(first)
    expect(sweeps.running()).toBe(first)
    await first
    clearInterval(ticking)
    expect(left).toBe(0)
    expect(turns).toHaveLength(3)
    await expect(sweeps.running()).resolves.toBeUndefined()
  })

  it('does not start while busy, stops when it becomes busy, and ends on a slice that throws', async () => {
    let busy = true
    let slices = 0
    const sweeps = new SweepSlices(
      () => {
        slices += 1
        if (slices === 2) busy = true
        return true
      },
      () => busy
    )
    await sweeps.sweep()
    expect(slices).toBe(0)
    busy = false
    await sweeps.sweep()
    expect(slices).toBe(2)

    const throwing = new SweepSlices(
      () => {
        throw new Error('locked')
      },
      () => false
    )
    await expect(throwing.sweep()).resolves.toBeUndefined()
  })
})
