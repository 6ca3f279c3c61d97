import fs from 'node:fs'
import { JSONParser } from '@streamparser/json'
import { StoreError } from '../store/errors'
import { isWellFormed, toWellFormed } from '../../../shared/ipc/text'

/** Where a backup's text comes from: a file (an upload, a backup just written), or text in hand. */
export type BackupSource = { file: string } | { text: string }

/** What a walk hands over, record by record, in the file's order. */
export interface BackupVisitor {
  /** A member of the shortlist at `shortlist` (its index in the file), as written. */
  member(shortlist: number, raw: unknown): void
  /** A shortlist, after its members: every field as written, `members` emptied. */
  shortlist(index: number, raw: unknown): void
}

/** Bytes read from a file at a time: what a walk holds of the file at once, beside one record. */
const PIECE_BYTES = 1 << 20

/**
 * Reads a backup once from start to end, handing each member and each shortlist to `visitor` as
 * soon as it is whole and then letting it go, so memory holds one record at a time however large
 * the file. Answers the file's frame: everything but the shortlists' people (`shortlists` holds
 * nothing). Text that is not JSON is refused as such; a lone surrogate (from an escape in an
 * edited file) comes back as U+FFFD, as SQLite would have kept it, so every reading agrees.
 */
export function walkBackup(source: BackupSource, visitor: BackupVisitor): unknown {
  const parser = new JSONParser({ paths: ['$', '$.shortlists.*', '$.shortlists.*.members.*'], keepStack: false })
  let root: unknown
  let whole = false
  let notJson: unknown
  let failure: { error: unknown } | undefined
  // Indexes only go up: a second "shortlists" or "members" key would start them again (JSON.parse
  // keeps the last; a walk cannot), and is refused as damage.
  let lastShortlist = -1
  let lastMember = -1
  parser.onValue = ({ value, key, parent, stack }) => {
    if (failure !== undefined) return
    try {
      if (stack.length === 0) {
        root = value
        whole = true
        return
      }
      const at = stack.map((frame) => frame.key)
      const inShortlists = at[1] === 'shortlists' && typeof at[2] === 'number'
      if (stack.length === 4 && inShortlists && at[3] === 'members' && typeof key === 'number') {
        const shortlist = at[2] as number
        if (shortlist < lastShortlist || (shortlist === lastShortlist && key <= lastMember)) damaged()
        if (shortlist > lastShortlist) lastMember = -1
        lastShortlist = Math.max(lastShortlist, shortlist)
        lastMember = key
        drop(parent, value)
        visitor.member(shortlist, wellFormedDeep(value))
      } else if (stack.length === 2 && at[1] === 'shortlists' && typeof key === 'number') {
        if (key < lastShortlist) damaged()
        lastShortlist = key
        lastMember = Number.MAX_SAFE_INTEGER
        drop(parent, value)
        visitor.shortlist(key, wellFormedDeep(value))
      }
    } catch (error) {
      failure = { error }
    }
  }
  parser.onError = (error) => {
    notJson ??= error
  }
  const write = (piece: string | Uint8Array): boolean => {
    parser.write(piece)
    return failure === undefined && notJson === undefined
  }
  feed(source, write)
  if (failure === undefined && notJson === undefined && !parser.isEnded) parser.end()
  if (failure !== undefined) throw failure.error
  if (notJson !== undefined || !whole) {
    throw new StoreError('backup_invalid', 'This file is not a Talent Desk backup (it is not JSON).', {
      details: { reason: 'not_json' },
      cause: notJson
    })
  }
  return wellFormedDeep(root)
}

/** The record just handed over leaves its list (or object), so nothing keeps it. */
function drop(parent: unknown, value: unknown): void {
  if (Array.isArray(parent) && parent.at(-1) === value) parent.length -= 1
}

function damaged(): never {
  throw new StoreError('backup_invalid', 'This backup is damaged; nothing was restored.', {
    details: { reason: 'invalid', issues: [{ path: 'shortlists', message: 'A list appears twice in the file.' }] }
  })
}

function feed(source: BackupSource, write: (piece: string | Uint8Array) => boolean): void {
  if ('text' in source) {
    write(source.text)
    return
  }
  let fd: number
  try {
    fd = fs.openSync(source.file, 'r')
  } catch (error) {
    throw unreadable(source.file, error)
  }
  try {
    const buffer = Buffer.allocUnsafe(PIECE_BYTES)
    for (;;) {
      let read: number
      try {
        read = fs.readSync(fd, buffer, 0, PIECE_BYTES, null)
      } catch (error) {
        throw unreadable(source.file, error)
      }
      // the parser keeps what it needs of a piece: the buffer is read into again
      if (read === 0 || !write(buffer.subarray(0, read))) return
    }
  } finally {
    fs.closeSync(fd)
  }
}

function unreadable(file: string, cause: unknown): StoreError {
  return new StoreError('backup_invalid', 'The backup file cannot be read.', {
    path: file,
    details: { reason: 'unreadable' },
    cause
  })
}

/**
 * `value` with every string well-formed (a lone surrogate becomes U+FFFD); walked without
 * recursion, as a hostile file may nest thousands of levels deep. Strings already well-formed
 * (every one, in a backup the app wrote) are left as they are.
 */
export function wellFormedDeep<T>(value: T): T {
  if (typeof value === 'string') return (isWellFormed(value) ? value : toWellFormed(value)) as T
  if (value === null || typeof value !== 'object') return value
  const pending: object[] = [value]
  while (pending.length > 0) {
    const node = pending.pop() as Record<string, unknown>
    for (const key of Object.keys(node)) {
      const inner = node[key]
      if (typeof inner === 'string') {
        if (!isWellFormed(inner)) node[key] = toWellFormed(inner)
      } else if (inner !== null && typeof inner === 'object') pending.push(inner)
    }
  }
  return value
}
