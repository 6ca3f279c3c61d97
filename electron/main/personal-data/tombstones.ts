import { randomBytes } from 'node:crypto'
import type BetterSqlite3 from 'better-sqlite3'
import { saltedHashHex } from '../platform/salted-hash'
import type { ErasureReason } from '../../../shared/ipc/channels/personal-data'
import { traitsOf } from './person-match'
import { readTeamTombstones, teamSubjects } from './team-hash'
import type { Person } from './personal-data-owner'

/*
 * What forgetting a person leaves: a tombstone, the date and the reason code, with a salted hash
 * of each of their key, emails and handles (tombstone_hashes). No clear text: a tombstone cannot
 * say who it was, only recognise them when they come back (a backup restored, later the
 * do-not-contact list).
 *
 * The salt is a random secret per data file, kept in the settings table beside the hashes (not in
 * the keychain): a tombstone must recognise the person for as long as the store lives, on any
 * machine the data file moves to, and from the restore worker's own connection, while the
 * keychain may be session-only (no keyring on Linux) or another machine's. A salt per install
 * keeps two installs' hashes from being joined and precomputed tables from working; it does not
 * stop someone holding the data file from testing a guessed email (nor would a salt beside it).
 */

/** The settings row holding the salt (hex). */
export const TOMBSTONE_SALT_SETTING = 'personalData.tombstoneSalt'

export type TombstoneKind = 'key' | 'email' | 'handle'

/** Keys as given; emails and handles lower-cased and trimmed, so "Ana@X.com " matches "ana@x.com". */
export function normalised(kind: TombstoneKind, value: string): string {
  const trimmed = value.trim()
  return kind === 'key' ? trimmed : trimmed.toLowerCase()
}

export function tombstoneHash(salt: string, kind: TombstoneKind, value: string): string {
  return saltedHash(salt, kind, normalised(kind, value))
}

/**
 * The salted hash of a value already normalised, under a kind: tombstones and the do-not-contact
 * list (which adds the kind 'domain') hash alike, with the same salt.
 */
export function saltedHash(salt: string, kind: string, value: string): string {
  const memoKey = `${salt}\n${kind}:${value}`
  const known = hashMemo.get(memoKey)
  if (known !== undefined) return known
  const hash = saltedHashHex(salt, kind, value)
  if (hashMemo.size >= HASH_MEMO_SIZE) hashMemo.clear()
  hashMemo.set(memoKey, hash)
  return hash
}

/*
 * The same people are checked again and again (marks re-asked after every change of the list,
 * an export, a quote): an HMAC costs 10–30 µs, a person five or six of them, so 5,000 people
 * took main 0.3–0.9 s each time. Hashes already made are kept, at most HASH_MEMO_SIZE (a few MB),
 * then the memo starts again. They are the same salted hashes the store holds, in memory only.
 */
const HASH_MEMO_SIZE = 50_000
const hashMemo = new Map<string, string>()

/** The hashes a person leaves: their key, each email and each handle. */
export function personHashes(salt: string, person: Pick<Person, 'key' | 'emails' | 'handles'>) {
  const hashes = new Map<string, TombstoneKind>()
  const add = (kind: TombstoneKind, value: string) => {
    if (value.trim() !== '') hashes.set(tombstoneHash(salt, kind, value), kind)
  }
  add('key', person.key)
  for (const email of person.emails) add('email', email)
  for (const handle of person.handles) add('handle', handle)
  return hashes
}

/** The salt, or null before anything was hashed. */
export function readSalt(db: BetterSqlite3.Database): string | null {
  const row = db.prepare('SELECT value FROM settings WHERE key = ?').get(TOMBSTONE_SALT_SETTING) as
    { value: string } | undefined
  return row?.value ?? null
}

/** The salt, made on first use (inside the caller's transaction). */
export function saltOf(db: BetterSqlite3.Database): string {
  const existing = readSalt(db)
  if (existing !== null) return existing
  const salt = randomBytes(32).toString('hex')
  db.prepare('INSERT INTO settings (key, value) VALUES (?, ?)').run(TOMBSTONE_SALT_SETTING, salt)
  return salt
}

/** Writes a person's tombstone (in the caller's transaction). */
export function addTombstone(
  db: BetterSqlite3.Database,
  person: Pick<Person, 'key' | 'emails' | 'handles'>,
  reason: ErasureReason,
  forgottenAt: string
): void {
  const salt = saltOf(db)
  const { lastInsertRowid } = db
    .prepare('INSERT INTO tombstones (forgotten_at, reason) VALUES (?, ?)')
    .run(forgottenAt, reason)
  const insert = db.prepare('INSERT OR IGNORE INTO tombstone_hashes (tombstone_id, kind, hash) VALUES (?, ?, ?)')
  for (const [hash, kind] of personHashes(salt, person)) insert.run(lastInsertRowid, kind, hash)
}

/** The latest time this key was forgotten, or null. */
export function tombstoneOfKey(
  db: BetterSqlite3.Database,
  key: string
): { forgottenAt: string; reason: ErasureReason } | null {
  const salt = readSalt(db)
  if (salt === null) return null
  const row = db
    .prepare(
      `SELECT t.forgotten_at AS forgottenAt, t.reason AS reason FROM tombstone_hashes h
       JOIN tombstones t ON t.id = h.tombstone_id WHERE h.hash = ? ORDER BY t.forgotten_at DESC LIMIT 1`
    )
    .get(tombstoneHash(salt, 'key', key)) as { forgottenAt: string; reason: ErasureReason } | undefined
  return row ?? null
}

/** ForgottenPeople as plain data (a worker's workerData). */
export interface ForgottenPeopleData {
  salt: string | null
  hashes: Array<[string, ErasureReason]>
  /** The team's tombstones (a colleague's forget), by the team's salted hashes; null outside a team. */
  team?: { salt: string; hashes: Array<[string, ErasureReason]> } | null
}

type TeamForgotten = { salt: string; hashes: Map<string, ErasureReason> } | null

/**
 * Recognises forgotten people: a profile (as a backup, a search or a sheet holds it) whose key,
 * one of whose emails or handles a tombstone hashes. Read once (a restore asks for each person).
 */
export class ForgottenPeople {
  readonly #salt: string | null
  /** Each hash, with the reason of the latest tombstone holding it. */
  readonly #hashes: Map<string, ErasureReason>
  readonly #team: TeamForgotten

  private constructor(salt: string | null, hashes: Map<string, ErasureReason>, team: TeamForgotten = null) {
    this.#salt = salt
    this.#hashes = hashes
    this.#team = team
  }

  static read(db: BetterSqlite3.Database): ForgottenPeople {
    const salt = readSalt(db)
    // a colleague's forget (issue #38) is recognised by the team's salted hashes, whoever this desk holds
    const teamRead = readTeamTombstones(db)
    const team =
      teamRead === null
        ? null
        : { salt: teamRead.salt, hashes: new Map(teamRead.hashes as Array<[string, ErasureReason]>) }
    if (salt === null) return new ForgottenPeople(null, new Map(), team)
    // oldest first, so a person forgotten again keeps the reason on record last
    const rows = db
      .prepare(
        `SELECT h.hash AS hash, t.reason AS reason FROM tombstone_hashes h
           JOIN tombstones t ON t.id = h.tombstone_id ORDER BY t.forgotten_at, t.id`
      )
      .all() as Array<{ hash: string; reason: ErasureReason }>
    return new ForgottenPeople(salt, new Map(rows.map((row) => [row.hash, row.reason])), team)
  }

  /** What a worker thread needs to recognise them (the salt and the hashes with their reasons). */
  toData(): ForgottenPeopleData {
    const team = this.#team === null ? null : { salt: this.#team.salt, hashes: [...this.#team.hashes] }
    return { salt: this.#salt, hashes: [...this.#hashes], team }
  }

  static fromData(data: ForgottenPeopleData): ForgottenPeople {
    const team = data.team == null ? null : { salt: data.team.salt, hashes: new Map(data.team.hashes) }
    return new ForgottenPeople(data.salt, new Map(data.hashes), team)
  }

  get size(): number {
    return this.#hashes.size + (this.#team?.hashes.size ?? 0)
  }

  /** Whether a person with this key (and this profile, when known) was forgotten. */
  isForgotten(key: string, profile?: unknown): boolean {
    return this.reasonFor(key, profile) !== null
  }

  /** Why a person with this key (and this profile, when known) was forgotten, as on record; null if not. */
  reasonFor(key: string, profile?: unknown): ErasureReason | null {
    const team = this.#team !== null && this.#team.hashes.size > 0 ? this.#team : null
    if ((this.#salt === null || this.#hashes.size === 0) && team === null) return null
    const traits = profile === undefined ? { emails: [], handles: [] } : traitsOf(profile)
    if (this.#salt !== null && this.#hashes.size > 0) {
      for (const hash of personHashes(this.#salt, { key, emails: traits.emails, handles: traits.handles }).keys()) {
        const reason = this.#hashes.get(hash)
        if (reason !== undefined) return reason
      }
    }
    if (team !== null) {
      for (const hash of teamSubjects(team.salt, { key, emails: traits.emails, handles: traits.handles })) {
        const reason = team.hashes.get(hash)
        if (reason !== undefined) return reason
      }
    }
    return null
  }
}
