import { spawn } from 'node:child_process'
import { createInterface } from 'node:readline'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openStore, storeFilePath } from '../../../electron/main/store'
import { removeDir, tempDir } from './helpers'

let dir: string
beforeEach(() => {
  dir = tempDir('td-durable-')
})
afterEach(() => removeDir(dir))

const writer = path.join(import.meta.dirname, 'fixtures', 'writer.ts')

/** Starts the writer, waits for `lines` committed keys, kills it with SIGKILL mid-stream. */
async function killWriterAfter(
  lines: number
): Promise<{ shortlistId: string; committed: string[]; signal: string | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', writer, dir], { stdio: ['ignore', 'pipe', 'pipe'] })
  let stderr = ''
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<string | null>((resolve) => child.on('exit', (_code, signal) => resolve(signal)))
  const committed: string[] = []
  let shortlistId = ''
  for await (const line of createInterface({ input: child.stdout })) {
    if (line.startsWith('ready ')) {
      shortlistId = line.slice(6)
      continue
    }
    committed.push(line)
    if (committed.length === lines) child.kill('SIGKILL')
  }
  const signal = await exited
  if (shortlistId === '') throw new Error(`writer did not start: ${stderr}`)
  return { shortlistId, committed, signal }
}

describe('durability', () => {
  it('keeps every committed member when the writer is killed with SIGKILL, and the file passes integrity_check', async () => {
    const first = await killWriterAfter(400)
    expect(first.signal).toBe('SIGKILL')
    // Lines already in the pipe when the kill landed are committed too; all must be there.
    expect(first.committed.length).toBeGreaterThanOrEqual(400)

    // No clean shutdown happened: the write-ahead log is still there, holding the last commits.
    expect(fs.statSync(`${storeFilePath(dir)}-wal`).size).toBeGreaterThan(0)
    const raw = new Database(storeFilePath(dir), { readonly: true })
    expect(raw.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
    raw.close()

    // A second writer run on the recovered file, killed again: both batches must survive.
    const second = await killWriterAfter(150)
    expect(second.shortlistId).toBe(first.shortlistId)

    const store = openStore({ dataDir: dir })
    try {
      const keys = new Set(store.members.list(first.shortlistId).map((member) => member.profileKey))
      for (const key of [...first.committed, ...second.committed]) expect(keys.has(key)).toBe(true)
      // At most the one transaction in flight at the kill can be there without its line.
      expect(keys.size - first.committed.length - second.committed.length).toBeLessThanOrEqual(2)
      expect(store.database.db.pragma('integrity_check')).toEqual([{ integrity_check: 'ok' }])
    } finally {
      store.close()
    }
  }, 60_000)
})
