import { describe, expect, it } from 'vitest'
import { NewestRead } from './newest-read'

/** A read that is shown when the test lets it answer. */
function heldRead(shown: string[], name: string) {
  let answer = () => {}
  const start = () =>
    new Promise<void>((resolve) => {
      answer = () => {
        shown.push(name)
        resolve()
      }
    })
  return { start, answer: () => answer() }
}

/** Lets every promise that can settle settle (a task's turn), to see what is still waiting. */
const settled = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('NewestRead', () => {
  it('is done when its own read is shown, if none was asked after it', async () => {
    const shown: string[] = []
    const reads = new NewestRead()
    const one = heldRead(shown, 'one')
    const done = reads.read(one.start)
    one.answer()
    await done
    expect(shown).toEqual(['one'])
  })

  it('waits for the reads asked after it, whichever answers first, and for one asked while it waits', async () => {
    const shown: string[] = []
    const reads = new NewestRead()
    const [first, second, third] = ['first', 'second', 'third'].map((name) => heldRead(shown, name))
    const done: string[] = []
    const firstDone = reads.read(first!.start).then(() => done.push('first'))
    void reads.read(second!.start).then(() => done.push('second'))
    first!.answer()
    await settled()
    expect(done).toEqual([])
    // asked while the first and second wait
    void reads.read(third!.start).then(() => done.push('third'))
    second!.answer()
    await settled()
    expect(done).toEqual([])
    third!.answer()
    await firstDone
    await settled()
    expect(done.sort()).toEqual(['first', 'second', 'third'])
    expect(shown).toEqual(['first', 'second', 'third'])
  })
})
