import { describe, expect, it } from 'vitest'
import { Turns } from '../../../electron/main/work/turns'

/** A piece of work that ends when the test says. */
function held() {
  let end!: (value: string) => void
  let fail!: (error: Error) => void
  const done = new Promise<string>((resolve, reject) => {
    end = resolve
    fail = reject
  })
  return { done, end, fail }
}

describe('Turns', () => {
  it('runs work for one key one at a time, in the order asked; other keys go on meanwhile', async () => {
    const turns = new Turns()
    const started: string[] = []
    const first = held()
    const second = held()
    const a1 = turns.run('a', () => (started.push('a1'), first.done))
    const a2 = turns.run('a', () => (started.push('a2'), second.done))
    const b1 = turns.run('b', async () => (started.push('b1'), 'b'))
    await expect(b1).resolves.toBe('b')
    expect(started).toEqual(['a1', 'b1'])
    first.end('one')
    await expect(a1).resolves.toBe('one')
    await Promise.resolve()
    expect(started).toEqual(['a1', 'b1', 'a2'])
    second.end('two')
    await expect(a2).resolves.toBe('two')
  })

  it('a failed turn hands over to the next and keeps its own failure', async () => {
    const turns = new Turns()
    const first = held()
    const a1 = turns.run('a', () => first.done)
    const a2 = turns.run('a', async () => 'after')
    first.fail(new Error('refused'))
    await expect(a1).rejects.toThrow('refused')
    await expect(a2).resolves.toBe('after')
  })
})
