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

  it('does not throw when a newer read fails (that read shows its own error)', async () => {
    const reads = new NewestRead()
    let failed = (_: Error) => {}
    const own = reads.read(() => Promise.resolve())
    void reads.read(() => new Promise<void>((_, reject) => (failed = reject))).catch(() => undefined)
    failed(new Error('the data file could not be read'))
    await expect(own).resolves.toBeUndefined()
  })

  it('stops following after four newer reads when changes keep coming (an ATS pull’s pages)', async () => {
    const shown: string[] = []
    const reads = new NewestRead()
    const first = heldRead(shown, 'first')
    let finished = false
    void reads.read(first.start).then(() => (finished = true))
    let newest = heldRead(shown, 'newer 1')
    void reads.read(newest.start)
    first.answer()
    for (let n = 2; n <= 6; n += 1) {
      await settled()
      // another change told before the newest read answered
      const next = heldRead(shown, `newer ${n}`)
      void reads.read(next.start)
      newest.answer()
      newest = next
      await settled()
      expect(finished).toBe(n === 5 || n === 6)
    }
    expect(shown).toEqual(['first', 'newer 1', 'newer 2', 'newer 3', 'newer 4', 'newer 5'])
  })
})
