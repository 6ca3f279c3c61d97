import { describe, expect, it } from 'vitest'
import { BatchedWrites } from '../../../electron/main/imports/batched-writes'

describe('answers written together', () => {
  it('writes asked for in one turn of the loop share one transaction; later ones get the next', async () => {
    const transactions: string[][] = []
    let open: string[] | null = null
    const writes = new BatchedWrites((run) => {
      open = []
      run()
      transactions.push(open)
      open = null
    })
    const written = (name: string) => () => void open!.push(name)
    const first = [writes.write(written('row 1')), writes.write(written('row 2')), writes.write(written('row 3'))]
    expect(transactions).toEqual([]) // nothing written in the turn they were asked
    await Promise.all(first)
    expect(transactions).toEqual([['row 1', 'row 2', 'row 3']])
    await writes.write(written('row 4'))
    expect(transactions).toEqual([['row 1', 'row 2', 'row 3'], ['row 4']])
  })

  it('a transaction that fails fails every write of it, and the next ones go on', async () => {
    let fail = true
    const writes = new BatchedWrites((run) => {
      run()
      if (fail) throw new Error('database is locked')
    })
    const both = [writes.write(() => undefined), writes.write(() => undefined)]
    const results = await Promise.allSettled(both)
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected'])
    fail = false
    await expect(writes.write(() => undefined)).resolves.toBeUndefined()
  })
})
