import { expect } from 'vitest'

/**
 * Checks a loader that runs its steps one per turn (a task of the page, a turn of main's event
 * loop): given three steps and a turn that the check turns by hand, no step runs in the turn that
 * asked, and each turn runs exactly the next one.
 */
export async function expectOneStepPerTurn(
  run: (steps: Array<() => Promise<void>>, turn: () => Promise<void>) => Promise<void>
): Promise<void> {
  const ran: number[] = []
  const turns: Array<() => void> = []
  const turn = () => new Promise<void>((resolve) => turns.push(resolve))
  const flush = () => new Promise<void>((resolve) => setImmediate(resolve))
  const done = run(
    [1, 2, 3].map((n) => async () => void ran.push(n)),
    turn
  )
  await flush()
  expect(ran).toEqual([])
  for (const expected of [[1], [1, 2], [1, 2, 3]]) {
    turns.shift()!()
    await flush()
    expect(ran).toEqual(expected)
  }
  await done
}
