import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../shared/ipc/errors'
import { BackupUploads } from '../../../electron/main/export/backup-uploads'

const dirs: string[] = []
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

function setup(options: { idleMs?: number; maxChars?: number } = {}) {
  const data = fs.mkdtempSync(path.join(os.tmpdir(), 'td-uploads-'))
  dirs.push(data)
  let now = 0
  const dir = path.join(data, 'talent-desk-uploads')
  const uploads = new BackupUploads({ dir, now: () => now, ...options })
  return { dir, uploads, advance: (ms: number) => (now += ms) }
}

async function refusal(promise: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof promise === 'function' ? promise() : promise)
  } catch (error) {
    if (error instanceof AppError) return error
    throw error
  }
  throw new Error('expected a refusal')
}

describe('BackupUploads', () => {
  it('writes the pieces in order as UTF-8 and hands the file over once the last one arrived', async () => {
    const { uploads } = setup()
    const id = uploads.start()
    expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/)
    expect(await uploads.append(id, '{"name":"Ødegård ', false)).toEqual({ received: 17 })
    const read = (file: string) => Promise.resolve(fs.readFileSync(file, 'utf8'))
    // not finished yet: a preview now is refused, naming the upload
    const early = await refusal(uploads.use(id, read))
    expect(early.code).toBe('invalid_input')
    expect(early.details).toEqual([expect.objectContaining({ path: 'uploadId' })])
    expect(await uploads.append(id, '👩‍💻"}', true)).toEqual({ received: 24 })
    expect(await uploads.use(id, read)).toBe('{"name":"Ødegård 👩‍💻"}')
    expect((await refusal(uploads.append(id, 'more', true))).code).toBe('conflict')
    const file = await uploads.use(id, async (path) => path)
    expect(uploads.discard(id)).toBe(true)
    expect(fs.existsSync(file)).toBe(false)
    expect((await refusal(uploads.use(id, read))).code).toBe('not_found')
    expect(uploads.discard(id)).toBe(false)
  })

  it('refuses a second piece while one is being written, and a backup longer than allowed', async () => {
    const { uploads } = setup({ maxChars: 10 })
    const id = uploads.start()
    const first = uploads.append(id, 'abc', false)
    expect((await refusal(uploads.append(id, 'def', false))).code).toBe('conflict')
    await first
    const tooLong = await refusal(uploads.append(id, '12345678', true))
    expect(tooLong.code).toBe('invalid_input')
    expect(tooLong.message).toMatch(/too large/)
    // dropped with its file
    expect((await refusal(uploads.use(id, async () => 0))).code).toBe('not_found')
  })

  it('lets one preview or restore read an upload at a time, so nothing is restored twice', async () => {
    const { uploads } = setup()
    const id = uploads.start()
    await uploads.append(id, '{}', true)
    let release!: () => void
    const first = uploads.use(id, () => new Promise<string>((resolve) => (release = () => resolve('first'))))
    expect((await refusal(uploads.use(id, async () => 'second'))).code).toBe('conflict')
    release()
    expect(await first).toBe('first')
    expect(await uploads.use(id, async () => 'after')).toBe('after')
  })

  it('leaves no file behind when an upload is discarded while a piece is being written', async () => {
    const { dir, uploads } = setup()
    const id = uploads.start()
    const writing = uploads.append(id, 'x'.repeat(1_000_000), false)
    expect(uploads.discard(id)).toBe(true)
    await writing
    expect(fs.readdirSync(dir)).toEqual([])
  })

  it('drops an upload left idle, and holds at most four at once', async () => {
    const { uploads, advance } = setup({ idleMs: 1_000 })
    const idle = uploads.start()
    advance(1_001)
    const ids = [uploads.start(), uploads.start(), uploads.start(), uploads.start()]
    expect((await refusal(uploads.append(idle, 'x', true))).code).toBe('not_found')
    expect((await refusal(() => uploads.start())).code).toBe('conflict')
    uploads.discard(ids[0]!)
    expect(uploads.start()).toMatch(/^[A-Za-z0-9_-]{24}$/)
  })

  it('clears only files with its own names, never the folder or anything else in it', async () => {
    const { dir, uploads } = setup()
    const id = uploads.start()
    await uploads.append(id, 'x', false)
    fs.writeFileSync(path.join(dir, 'notes.upload'), 'the recruiter’s')
    fs.writeFileSync(path.join(dir, 'report.json'), '{}')
    fs.mkdirSync(path.join(dir, `${'a'.repeat(24)}.upload`))
    uploads.clear()
    expect(fs.readdirSync(dir).sort()).toEqual([`${'a'.repeat(24)}.upload`, 'notes.upload', 'report.json'])
    expect((await refusal(uploads.append(id, 'y', true))).code).toBe('not_found')
  })
})
