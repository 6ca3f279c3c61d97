import fs from 'node:fs'
import { JSONParser } from '@streamparser/json'
import { StoreError } from '../store/store-error'
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
 * soon as it is whole and then letting it go, so memory holds one record at a time however many
 * people the file holds (a file that is not a backup at all is held as it is read). Answers the
 * file's frame (everything but the shortlists: `shortlists` holds nothing), and whether a list
 * appeared twice (then not everything was handed over: see repeatedListError). Text that is not
 * JSON is refused as such; a lone surrogate (from an escape in an edited file) comes back as
 * U+FFFD, as SQLite would have kept it, so every reading agrees.
 */
export function walkBackup(source: BackupSource, visitor: BackupVisitor): { root: unknown; repeated: boolean } {
  const parser = new JSONParser({
    paths: ['$', '$.shortlists', '$.shortlists.*', '$.shortlists.*.members', '$.shortlists.*.members.*'],
    keepStack: false
  })
  let root: unknown
  let whole = false
  let notJson: unknown
  let failure: { error: unknown } | undefined
  // A second "shortlists" list, or a second "members" list in one shortlist: JSON.parse keeps the
  // last, which a walk that has handed the first on cannot. Said once the walk is over (the file
  // may not be a backup at all); nothing more is handed over meanwhile.
  let repeated = false
  let listsClosed = 0
  const membersClosed = new Set<number>()
  let lastShortlist = -1
  parser.onValue = ({ value, key, parent, stack }) => {
    if (failure !== undefined) return
    try {
      if (stack.length === 0) {
        root = value
        whole = true
        return
      }
      const at = [...stack.map((frame) => frame.key), key].slice(1)
      const inShortlist = at[0] === 'shortlists' && typeof at[1] === 'number'
      if (at.length === 1 && at[0] === 'shortlists') {
        // the list of shortlists, closed (emptied)
        listsClosed += 1
        if (listsClosed > 1) repeated = true
      } else if (at.length === 2 && inShortlist) {
        // a shortlist, after its people
        const index = at[1] as number
        drop(parent, value)
        if (index <= lastShortlist || listsClosed > 0) repeated = true
        lastShortlist = index
        if (!repeated) visitor.shortlist(index, wellFormedDeep(value))
      } else if (at.length === 3 && inShortlist && at[2] === 'members') {
        // a shortlist's list of people, closed (emptied)
        const index = at[1] as number
        if (membersClosed.has(index)) repeated = true
        membersClosed.add(index)
      } else if (at.length === 4 && inShortlist && at[2] === 'members' && typeof at[3] === 'number') {
        const index = at[1] as number
        drop(parent, value)
        if (membersClosed.has(index) || index <= lastShortlist || listsClosed > 0) repeated = true
        if (!repeated) visitor.member(index, wellFormedDeep(value))
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
  return { root: wellFormedDeep(root), repeated }
}

/** The record just handed over leaves its list, so nothing keeps it. */
function drop(parent: unknown, value: unknown): void {
  if (Array.isArray(parent) && parent.at(-1) === value) parent.length -= 1
}

/** The refusal of a file whose list of shortlists, or of one shortlist's people, appears twice. */
export function repeatedListError(): StoreError {
  return new StoreError('backup_invalid', 'This backup is damaged; nothing was restored.', {
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
