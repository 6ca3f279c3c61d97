import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { STORE_FILE_NAME } from '../../../electron/main/store/database'

/**
 * Watches the store file of a running main from outside, to prove a refused call wrote nothing.
 *   `fingerprint()`: cheap, for every call — `PRAGMA data_version` of a second, read-only
 *     connection (it moves whenever any other connection commits) and the size and mtime (ns)
 *     of the database and its -wal.
 *   `digest()`: byte for byte — a SHA-256 over the database file, its -wal and the list of files
 *     in the data folder; taken before and after a whole property run.
 * The -shm file is left out: it is SQLite's shared-memory index, which readers update too.
 */
export interface StoreWitness {
  fingerprint(): string
  digest(): string
  close(): void
}

export function watchStore(dataDir: string): StoreWitness {
  const file = path.join(dataDir, STORE_FILE_NAME)
  const files = [file, `${file}-wal`]
  const reader = new Database(file, { readonly: true, fileMustExist: true })
  const stat = (name: string) => {
    const info = fs.statSync(name, { throwIfNoEntry: false, bigint: true })
    return info === undefined ? 'absent' : `${info.size}@${info.mtimeNs}`
  }
  return {
    fingerprint: () => [reader.pragma('data_version', { simple: true }), ...files.map(stat)].join('|'),
    digest() {
      const hash = createHash('sha256')
      for (const name of files) {
        hash.update(`${path.basename(name)}\0`)
        if (fs.existsSync(name)) hash.update(fs.readFileSync(name))
      }
      const listing = fs
        .readdirSync(dataDir, { recursive: true, encoding: 'utf8' })
        .filter((name) => !name.endsWith('-shm'))
        .sort()
      hash.update(listing.join('\n'))
      return hash.digest('hex')
    },
    close: () => reader.close()
  }
}

/** Nothing was added to the prototypes every object inherits from. */
export function prototypeKeys(): string {
  return [Object.prototype, Array.prototype, Function.prototype, String.prototype]
    .map((proto) => Reflect.ownKeys(proto).map(String).sort().join(','))
    .join('|')
}
