import type BetterSqlite3 from 'better-sqlite3'
import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import type {
  DoNotContactKind,
  PersonToCheck,
  Suppression,
  SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import { AppError } from '../../../shared/ipc/errors'
import type { EventHub } from '../ipc/event-hub'
import { ForgottenPeople, readSalt, TOMBSTONE_SALT_SETTING } from '../personal-data/tombstones'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import type { ChunkedUploads } from '../transfers/chunked-uploads'
import { WorkSlices } from '../work/work-slices'
import { DoNotContactRepo, SHOWN } from './do-not-contact-repo'
import { sweepSlice } from './entry-writer'
import type { FileJobs } from './file-jobs'
import { personHashes } from './person-hashes'
import type { TeamPort } from '../platform/ports'
import { teamLines } from './team-lines'
import { statement } from './statements'
import { removeShared, shareEntry, teamReasons } from './team-share'
import { withoutWaitingForDisk } from '../store/without-waiting-for-disk'

export interface DoNotContactServiceDeps {
  stores: StoreAccess
  clock: Clock
  events: Pick<EventHub, 'emit'>
  uploads: ChunkedUploads
  jobs: FileJobs
  /** The team this desk is in (entries shared, the team's list checked too). */
  team: () => TeamPort
}

/** What people are checked against: the salt, the entries found by hash (indexed), and the tombstones. */
interface CheckLists {
  salt: string | null
  /** The entries shown among these hashes of a kind: each hash with its entry's id. */
  entriesAmong: (kind: DoNotContactKind, hashes: readonly string[]) => Map<string, number>
  forgotten: ForgottenPeople
  /** The team's entries naming each person (team-share.ts). */
  team: (people: readonly PersonToCheck[]) => SuppressionReason[][]
}

/** What changes whenever the tombstones do: tombstones written (more hashes), or the salt first made. */
const TOMBSTONES_VERSION = `SELECT
  (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM tombstones) || ':' ||
  (SELECT COUNT(*) FROM tombstone_hashes) || ':' || (SELECT COUNT(*) FROM team_tombstones) || '/' ||
  COALESCE((SELECT value FROM settings WHERE key = ?), '')`

/** People checked per slice of main's event loop (a few hundred HMACs and one query per kind). */
const PEOPLE_AT_ONCE = 200

/**
 * The people suppressed among a part of those checked, with every reason (forgotten first): each
 * person's hashes made, then looked up a kind at a time through the (kind, hash) index.
 */
function suppressedAmong(lists: CheckLists, people: readonly PersonToCheck[], first: number): Suppression[] {
  const hashed = people.map((person) => ({
    person,
    hashes:
      lists.salt === null
        ? new Map<string, DoNotContactKind>()
        : personHashes(lists.salt, { key: person.key, emails: person.emails ?? [], handles: person.handles ?? [] })
  }))
  const byKind = new Map<DoNotContactKind, string[]>()
  for (const { hashes } of hashed) {
    for (const [hash, kind] of hashes) byKind.set(kind, [...(byKind.get(kind) ?? []), hash])
  }
  const found = new Map<string, number>()
  for (const [kind, hashes] of byKind) for (const [hash, id] of lists.entriesAmong(kind, hashes)) found.set(hash, id)
  const suppressed: Suppression[] = []
  const team = lists.team(people)
  hashed.forEach(({ person, hashes }, index) => {
    const reasons: SuppressionReason[] = []
    const traits = { emails: person.emails ?? [], handles: person.handles ?? [] }
    const forgotten = lists.forgotten.reasonFor(person.key ?? '', traits)
    if (forgotten !== null) reasons.push({ why: 'forgotten', reason: forgotten })
    for (const [hash, kind] of hashes) {
      const entryId = found.get(hash)
      if (entryId !== undefined) reasons.push({ why: 'listed', kind, entryId })
    }
    reasons.push(...(team[index] ?? []))
    if (reasons.length > 0) suppressed.push({ index: first + index, reasons })
  })
  return suppressed
}

/**
 * The do-not-contact list: entries added by hand or from a file (read in a worker), removed, and
 * people checked against it (each hash one indexed lookup: nothing of the list is read whole) and
 * against the tombstones (a forgotten person is suppressed with no entry).
 */
export class DoNotContactService {
  readonly #deps: DoNotContactServiceDeps
  #forgotten: { db: unknown; version: string; people: ForgottenPeople } | null = null
  /** One import at a time: its hidden entries must not be swept by another. */
  #importing = false
  #sweeping: Promise<void> | null = null

  constructor(deps: DoNotContactServiceDeps) {
    this.#deps = deps
  }

  #db(): BetterSqlite3.Database {
    return this.#deps.stores.get().database.db
  }

  #repo(): DoNotContactRepo {
    return new DoNotContactRepo(this.#db())
  }

  list({ offset, limit }: HandlerInput<'listDoNotContact'>): ChannelOutput<'listDoNotContact'> {
    const repo = this.#repo()
    return { entries: repo.page(offset, limit), offset, total: repo.total(), forgotten: repo.forgottenCount() }
  }

  add({ kind, value, note }: HandlerInput<'addDoNotContact'>): ChannelOutput<'addDoNotContact'> {
    const db = this.#db()
    const made = db.transaction(() => {
      const entry = this.#repo().add(kind, value, note, isoNow(this.#deps.clock))
      if (entry?.added === true) shareEntry(this.#deps.team(), kind, value, note, true)
      return entry
    })()
    // the input schema refused a value that is not of its kind
    if (made === null) throw new Error(`not a ${kind}: checked by the input schema`)
    if (made.added) this.#deps.events.emit('doNotContactChanged', {})
    return made
  }

  startUpload(): ChannelOutput<'startDoNotContactUpload'> {
    return { uploadId: this.#deps.uploads.start() }
  }

  append({ uploadId, chunk, last }: HandlerInput<'appendDoNotContactUpload'>) {
    return this.#deps.uploads.append(uploadId, chunk, last)
  }

  discard({ uploadId }: HandlerInput<'discardDoNotContactUpload'>): ChannelOutput<'discardDoNotContactUpload'> {
    return { discarded: this.#deps.uploads.discard(uploadId) }
  }

  /** Reads a file (an upload, or a short text sent whole) into the list, in the worker. */
  async import({
    uploadId,
    fileName,
    text,
    note
  }: HandlerInput<'importDoNotContact'>): Promise<ChannelOutput<'importDoNotContact'>> {
    if (this.#importing) {
      throw new AppError('conflict', 'Another file is being added to the list. Wait for it to finish, then try again.')
    }
    this.#importing = true
    const uploads = this.#deps.uploads
    let id = uploadId
    try {
      await this.#sweeping
      if (id === undefined) {
        id = uploads.start()
        await uploads.append(id, Buffer.from(text ?? '', 'utf8').toString('base64'), true)
      }
      const addedAt = isoNow(this.#deps.clock)
      const read = await uploads.use(id, (file) => this.#deps.jobs({ file, fileName, note, addedAt }))
      // the import's entries went to the team's outbox with it (batch-share.ts)
      this.#deps.team().pushWaiting()
      if (read.added > 0) this.#deps.events.emit('doNotContactChanged', {})
      return read
    } finally {
      if (id !== undefined) uploads.discard(id)
      this.#importing = false
    }
  }

  remove({ id }: HandlerInput<'removeDoNotContact'>): ChannelOutput<'removeDoNotContact'> {
    const removed = removeShared(this.#db(), this.#deps.team(), id, () => this.#repo().remove(id))
    if (removed) this.#deps.events.emit('doNotContactChanged', {})
    return { removed }
  }

  /**
   * Emails an ATS says may not be emailed (issue #39), noted with the reason, in one transaction;
   * one already on the list (by hand, a file, or this pull) is left as it was.
   */
  addFromAts(emails: readonly string[], reason: string): number {
    if (emails.length === 0) return 0
    const db = this.#db()
    // a page's notes commit without holding main for an fsync: a power cut before the pull's own
    // last commit (FULL, in the worker) ends the pull unfinished, and the next pull notes them again
    const added = withoutWaitingForDisk(db, () =>
      db
        .transaction(() => {
          const repo = this.#repo()
          const addedAt = isoNow(this.#deps.clock)
          let count = 0
          for (const email of emails) {
            const made = repo.add('email', email, reason, addedAt)
            if (made?.added === true) {
              shareEntry(this.#deps.team(), 'email', email, reason, true)
              count += 1
            }
          }
          return count
        })
        .immediate()
    )
    if (added > 0) this.#deps.events.emit('doNotContactChanged', {})
    return added
  }

  /**
   * The ATS says they may be emailed again: only the entries noted with exactly this reason go. The
   * emails come as their salted hashes (hex), made off main by the pull's worker.
   */
  removeFromAts(emailHashes: readonly string[], reason: string): number {
    if (emailHashes.length === 0) return 0
    let removed = 0
    const db = this.#db()
    const repo = this.#repo()
    withoutWaitingForDisk(db, () => {
      for (const id of repo.idsNoted(emailHashes, reason)) {
        if (removeShared(db, this.#deps.team(), id, () => repo.remove(id))) removed += 1
      }
    })
    if (removed > 0) this.#deps.events.emit('doNotContactChanged', {})
    return removed
  }

  imports(): ChannelOutput<'listDoNotContactImports'> {
    return { imports: this.#repo().imports() }
  }

  /**
   * Removes a whole import: hidden at once (gone from checks, the page and the count), its entries
   * then deleted a slice at a time, each slice shared with the team as taken off (entry-writer.ts
   * sweepSlice), and pushed once all are.
   */
  removeImport({ id }: HandlerInput<'removeDoNotContactImport'>): ChannelOutput<'removeDoNotContactImport'> {
    const db = this.#db()
    const held = db.transaction(() => this.#repo().hideImport(id)).immediate()
    if (held === null) return { removed: false, entries: 0 }
    this.#deps.events.emit('doNotContactChanged', {})
    void this.sweep().then(() => this.#deps.team().pushWaiting())
    return { removed: true, entries: held }
  }

  /** A page of the team's list as colleagues shared it (team-lines.ts); empty outside a team. */
  teamList({ offset, limit }: HandlerInput<'listTeamDoNotContact'>): ChannelOutput<'listTeamDoNotContact'> {
    if (!this.#deps.team().joined()) return { lines: [], offset, total: 0, entries: 0 }
    return teamLines(this.#db(), offset, limit)
  }

  /** The people suppressed among these, by their place, with every reason (forgotten first). */
  check(people: readonly PersonToCheck[]): Suppression[] {
    if (people.length === 0) return []
    return suppressedAmong(this.#lists(), people, 0)
  }

  /**
   * As check, for the page (up to 5,000 people at a time): the work is cut into slices of a few
   * milliseconds so main's event loop turns between them (a check of 5,000 people is 30,000
   * HMACs and as many indexed lookups).
   */
  async checkInSlices(people: readonly PersonToCheck[], slices = new WorkSlices()): Promise<Suppression[]> {
    const suppressed: Suppression[] = []
    let lists = this.#lists()
    for (let first = 0; first < people.length; first += PEOPLE_AT_ONCE) {
      if (slices.spent()) {
        await slices.pause()
        lists = this.#lists()
      }
      suppressed.push(...suppressedAmong(lists, people.slice(first, first + PEOPLE_AT_ONCE), first))
    }
    return suppressed
  }

  /**
   * Deletes hidden imports' entries (an import a close cut short) a slice per turn of the event
   * loop, so main never holds the file for long. Not while an import runs: its own entries are
   * hidden until it is done.
   */
  sweep(): Promise<void> {
    if (this.#importing) return Promise.resolve()
    this.#sweeping ??= new Promise<void>((resolve) => {
      const step = () => {
        let more = false
        try {
          more = !this.#importing && sweepSlice(this.#db())
        } catch {
          more = false
        }
        if (more) setImmediate(step)
        else {
          this.#sweeping = null
          resolve()
        }
      }
      setImmediate(step)
    })
    return this.#sweeping
  }

  /**
   * The salt, an indexed lookup of an entry by kind and hash, and the tombstones as read last (read
   * again only when they changed, or another data file opened). The list itself is never read
   * whole: a million entries stay in the store.
   */
  #lists(): CheckLists {
    const db = this.#db()
    const version = statement(db, TOMBSTONES_VERSION).pluck().get(TOMBSTONE_SALT_SETTING) as string
    if (this.#forgotten?.db !== db || this.#forgotten.version !== version) {
      this.#forgotten = { db, version, people: ForgottenPeople.read(db) }
    }
    // the list keeps each hash's bytes: the hex hashes go in as JSON, each unhexed to be found
    const find = statement(
      db,
      `SELECT d.hash, d.id FROM do_not_contact d
       WHERE d.kind = ? AND d.hash IN (SELECT unhex(value) FROM json_each(?)) AND ${SHOWN}`
    )
    return {
      salt: readSalt(db),
      entriesAmong: (kind, hashes) =>
        new Map(
          (find.raw().all(kind, JSON.stringify(hashes)) as Array<[Buffer, number]>).map(([hash, id]) => [
            hash.toString('hex'),
            id
          ])
        ),
      forgotten: this.#forgotten.people,
      team: (people) => teamReasons(this.#deps.team(), db, people)
    }
  }
}
