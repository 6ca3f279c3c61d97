import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { ChunkedUploads } from '../../../electron/main/transfers/chunked-uploads'

/*
 * Uploads in pieces keep no raw file longer than they must (issue #36 item 9): a list's CSV holds
 * names and emails. The size declared at start is the only size accepted, and an upload left idle
 * (the page closed on the preview) goes on the owner's sweep, with no other call needed.
 */

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function uploads(now: () => number = Date.now) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'td-uploads-'))
  dirs.push(dir)
  const registry = new ChunkedUploads({
    dir,
    encoding: 'base64',
    noun: 'list',
    maxChars: 1_000_000,
    tooLarge: 'too large',
    idleMs: 60_000,
    now
  })
  return { registry, files: () => fs.readdirSync(dir) }
}

const csv = Buffer.from('Full name,Email\r\nAna Peña,ana@example.org\r\n', 'utf8')
const piece = (bytes: Buffer) => bytes.toString('base64')

describe('uploads in pieces', () => {
  it('accepts the size declared at start and no other: more, or less at the last piece, is refused and its file goes', async () => {
    const { registry, files } = uploads()
    const exact = registry.start(csv.length)
    await registry.append(exact, piece(csv.subarray(0, 10)), false)
    expect(await registry.append(exact, piece(csv.subarray(10)), true)).toEqual({ received: expect.any(Number) })
    expect(await registry.use(exact, async (file) => fs.readFileSync(file).equals(csv))).toBe(true)

    const larger = registry.start(10)
    await expect(registry.append(larger, piece(csv), true)).rejects.toMatchObject({
      code: 'invalid_input',
      message: 'The list sent is not the size it was said to be (10 bytes). Choose the file again.'
    })
    const smaller = registry.start(csv.length + 5)
    await expect(registry.append(smaller, piece(csv), true)).rejects.toMatchObject({ code: 'invalid_input' })
    // both refused uploads are gone, their files with them
    await expect(registry.append(larger, piece(csv), true)).rejects.toMatchObject({ code: 'not_found' })
    expect(files()).toHaveLength(1)
  })

  it('deletes an upload left idle past the limit on its sweep, with no other call', async () => {
    let now = 1_000_000
    const { registry, files } = uploads(() => now)
    const left = registry.start(csv.length)
    await registry.append(left, piece(csv), true)
    await registry.use(left, async () => 'previewed')
    const fresh = registry.start()
    expect(files()).toHaveLength(2)
    now += 30_000
    await registry.append(fresh, piece(csv), true)
    now += 40_000
    registry.sweep()
    // the previewed one was left 70 s (past the minute), the other touched 40 s ago
    expect(files()).toEqual([`${fresh}.upload`])
    await expect(registry.use(left, async () => 'again')).rejects.toMatchObject({ code: 'not_found' })
  })
})
