import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createHash } from 'node:crypto'
import { openStore, StoreError, type Clock, type OpenStoreOptions, type Store } from '../../../electron/main/store'

/** A clock the test moves by hand. */
export class ManualClock implements Clock {
  private current: number
  constructor(start = '2026-01-15T09:00:00.000Z') {
    this.current = Date.parse(start)
  }
  now(): Date {
    return new Date(this.current)
  }
  advance(ms: number): void {
    this.current += ms
  }
  advanceDays(days: number): void {
    this.advance(days * 86_400_000)
  }
}

export function tempDir(prefix = 'td-store-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix))
}

export function removeDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true })
}

export function sha256(file: string): string {
  return createHash('sha256').update(fs.readFileSync(file)).digest('hex')
}

export function openTestStore(
  dir: string,
  options: Partial<OpenStoreOptions> = {}
): { store: Store; clock: ManualClock } {
  const clock = (options.clock as ManualClock | undefined) ?? new ManualClock()
  return { store: openStore({ dataDir: dir, ...options, clock }), clock }
}

/** The StoreError code `fn` throws, or undefined when it does not throw. */
export function codeOf(fn: () => unknown): string | undefined {
  try {
    fn()
  } catch (error) {
    return error instanceof StoreError ? error.code : `not a StoreError: ${String(error)}`
  }
  return undefined
}

/**
 * Scribbles over the middle of a table page (past the header and schema pages), so the file
 * still opens as SQLite but fails `PRAGMA integrity_check`.
 */
export function damageMiddlePage(file: string): void {
  const bytes = fs.readFileSync(file)
  const pageSize = bytes.readUInt16BE(16)
  // the b-tree page in use, with cells, nearest the middle: an empty table's root, an overflow or a
  // free page there would not fail the check (their bytes past the header are not read)
  const pages = Math.floor(bytes.length / pageSize)
  const middle = Math.floor(pages / 2)
  // free pages (a migration's ALTER TABLE leaves some) keep old b-tree bytes the check never reads
  const free = new Set<number>()
  for (let trunk = bytes.readUInt32BE(32); trunk > 0 && !free.has(trunk);) {
    free.add(trunk)
    const at = (trunk - 1) * pageSize
    for (let leaf = 0; leaf < bytes.readUInt32BE(at + 4); leaf += 1) free.add(bytes.readUInt32BE(at + 8 + 4 * leaf))
    trunk = bytes.readUInt32BE(at)
  }
  const withCells = (index: number) =>
    index > 0 &&
    !free.has(index + 1) &&
    index < pages &&
    [2, 5, 10, 13].includes(bytes[index * pageSize]!) &&
    bytes.readUInt16BE(index * pageSize + 3) > 0
  let page = middle
  for (let step = 1; !withCells(page) && step < pages * 2; step += 1) {
    page = middle + (step % 2 === 1 ? (step + 1) / 2 : -step / 2)
  }
  bytes.fill(0x5a, page * pageSize + 8, page * pageSize + pageSize - 8)
  fs.writeFileSync(file, bytes)
}
