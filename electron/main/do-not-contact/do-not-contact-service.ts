import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import {
  detectedKind,
  type PersonToCheck,
  type Suppression,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import type { EventHub } from '../ipc/event-hub'
import { ForgottenPeople, TOMBSTONE_SALT_SETTING } from '../personal-data/tombstones'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import { WorkSlices } from '../work/work-slices'
import { DoNotContactRepo, type DoNotContactRow } from './do-not-contact-repo'
import { personHashes } from './person-hashes'

export interface DoNotContactServiceDeps {
  stores: StoreAccess
  clock: Clock
  events: Pick<EventHub, 'emit'>
}

/** Cells of a line of lines or CSV (commas, semicolons or tabs; quotes dropped). */
const cellsOf = (line: string): string[] =>
  line
    .split(/[,;\t]/)
    .map((cell) =>
      cell
        .trim()
        .replace(/^"(.*)"$/, '$1')
        .trim()
    )
    .filter((cell) => cell !== '')

const SKIPPED_SHOWN = 100

/** What people are checked against: the list's entries by hash, and the tombstones. */
interface CheckLists {
  salt: string | null
  entries: Map<string, DoNotContactRow>
  forgotten: ForgottenPeople
}

/**
 * What changes whenever the list or the tombstones do: entries added (a higher id), removed (a
 * lower count or sum), tombstones written (more hashes), or the salt first made.
 */
const LISTS_VERSION = `SELECT
  (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) || ':' || COALESCE(SUM(id), 0) FROM do_not_contact) || '/' ||
  (SELECT COUNT(*) || ':' || COALESCE(MAX(id), 0) FROM tombstones) || ':' ||
  (SELECT COUNT(*) FROM tombstone_hashes) || '/' ||
  COALESCE((SELECT value FROM settings WHERE key = ?), '')`

/** Why one person is suppressed (forgotten first), or nothing. */
function reasonsFor(lists: CheckLists, person: PersonToCheck): SuppressionReason[] {
  const emails = person.emails ?? []
  const handles = person.handles ?? []
  const reasons: SuppressionReason[] = []
  const forgotten = lists.forgotten.reasonFor(person.key ?? '', { emails, handles })
  if (forgotten !== null) reasons.push({ why: 'forgotten', reason: forgotten })
  if (lists.salt !== null && lists.entries.size > 0) {
    for (const hash of personHashes(lists.salt, { key: person.key, emails, handles }).keys()) {
      const entry = lists.entries.get(hash)
      if (entry !== undefined) reasons.push({ why: 'listed', kind: entry.kind, entryId: entry.id })
    }
  }
  return reasons
}

/**
 * The do-not-contact list: entries added by hand or from a file, removed, and people checked
 * against it and against the tombstones (a forgotten person is suppressed with no entry).
 */
export class DoNotContactService {
  readonly #deps: DoNotContactServiceDeps
  #cached: { db: unknown; version: string; lists: CheckLists } | null = null

  constructor(deps: DoNotContactServiceDeps) {
    this.#deps = deps
  }

  #repo(): DoNotContactRepo {
    return new DoNotContactRepo(this.#deps.stores.get().database.db)
  }

  list(): ChannelOutput<'listDoNotContact'> {
    const repo = this.#repo()
    return { entries: repo.list(), forgotten: repo.forgottenCount() }
  }

  add({ kind, value, note }: HandlerInput<'addDoNotContact'>): ChannelOutput<'addDoNotContact'> {
    const db = this.#deps.stores.get().database.db
    const made = db.transaction(() => this.#repo().add(kind, value, note, isoNow(this.#deps.clock)))()
    // the input schema refused a value that is not of its kind
    if (made === null) throw new Error(`not a ${kind}: checked by the input schema`)
    if (made.added) this.#deps.events.emit('doNotContactChanged', {})
    return made
  }

  import({ text, note }: HandlerInput<'importDoNotContact'>): ChannelOutput<'importDoNotContact'> {
    const db = this.#deps.stores.get().database.db
    const repo = this.#repo()
    const addedAt = isoNow(this.#deps.clock)
    const result: ChannelOutput<'importDoNotContact'> = { added: 0, alreadyListed: 0, skipped: [], skippedCount: 0 }
    db.transaction(() => {
      text.split(/\r\n|\r|\n/).forEach((line, index) => {
        if (line.trim() === '') return
        let named = 0
        for (const cell of cellsOf(line)) {
          const kind = detectedKind(cell)
          if (kind === null) continue
          const made = repo.add(kind, kind === 'key' ? cell.replace(/^key:/i, '') : cell, note, addedAt)
          if (made === null) continue
          named += 1
          if (made.added) result.added += 1
          else result.alreadyListed += 1
        }
        if (named > 0) return
        result.skippedCount += 1
        if (result.skipped.length < SKIPPED_SHOWN) result.skipped.push({ line: index + 1, text: line.slice(0, 200) })
      })
    })()
    if (result.added > 0) this.#deps.events.emit('doNotContactChanged', {})
    return result
  }

  remove({ id }: HandlerInput<'removeDoNotContact'>): ChannelOutput<'removeDoNotContact'> {
    const removed = this.#repo().remove(id)
    if (removed) this.#deps.events.emit('doNotContactChanged', {})
    return { removed }
  }

  /** The people suppressed among these, by their place, with every reason (forgotten first). */
  check(people: readonly PersonToCheck[]): Suppression[] {
    if (people.length === 0) return []
    const lists = this.#lists()
    const suppressed: Suppression[] = []
    people.forEach((person, index) => {
      const reasons = reasonsFor(lists, person)
      if (reasons.length > 0) suppressed.push({ index, reasons })
    })
    return suppressed
  }

  /**
   * As check, for the page (up to 5,000 people at a time): the work is cut into slices of a few
   * milliseconds so main's event loop turns between them (a first check of 5,000 people is
   * 30,000 HMACs).
   */
  async checkInSlices(people: readonly PersonToCheck[], slices = new WorkSlices()): Promise<Suppression[]> {
    const suppressed: Suppression[] = []
    let lists = this.#lists()
    for (const [index, person] of people.entries()) {
      if (slices.spent()) {
        await slices.pause()
        lists = this.#lists()
      }
      const reasons = reasonsFor(lists, person)
      if (reasons.length > 0) suppressed.push({ index, reasons })
    }
    return suppressed
  }

  /**
   * The list and the tombstones as read last, read again only when either changed (or another
   * data file opened): a check used to read every entry and every tombstone hash each time.
   */
  #lists(): CheckLists {
    const db = this.#deps.stores.get().database.db
    const version = db.prepare(LISTS_VERSION).pluck().get(TOMBSTONE_SALT_SETTING) as string
    if (this.#cached?.db === db && this.#cached.version === version) return this.#cached.lists
    const { salt, entries } = this.#repo().byHash()
    const lists = { salt, entries, forgotten: ForgottenPeople.read(db) }
    this.#cached = { db, version, lists }
    return lists
  }
}
