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
  const page = Math.floor(bytes.length / pageSize / 2)
  bytes.fill(0x5a, page * pageSize + 8, page * pageSize + pageSize - 8)
  fs.writeFileSync(file, bytes)
}
