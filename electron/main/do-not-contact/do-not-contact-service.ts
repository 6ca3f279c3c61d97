import type { ChannelOutput, HandlerInput } from '../../../shared/ipc/contract'
import {
  detectedKind,
  type PersonToCheck,
  type Suppression,
  type SuppressionReason
} from '../../../shared/ipc/channels/do-not-contact'
import type { EventHub } from '../ipc/event-hub'
import { ForgottenPeople } from '../personal-data/tombstones'
import { isoNow, type Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import { DoNotContactRepo } from './do-not-contact-repo'
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

/**
 * The do-not-contact list: entries added by hand or from a file, removed, and people checked
 * against it and against the tombstones (a forgotten person is suppressed with no entry).
 */
export class DoNotContactService {
  readonly #deps: DoNotContactServiceDeps

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
    const db = this.#deps.stores.get().database.db
    const { salt, entries } = this.#repo().byHash()
    const forgotten = ForgottenPeople.read(db)
    const suppressed: Suppression[] = []
    people.forEach((person, index) => {
      const emails = person.emails ?? []
      const handles = person.handles ?? []
      const reasons: SuppressionReason[] = []
      if (forgotten.isForgotten(person.key ?? '', { emails, handles })) reasons.push({ why: 'forgotten' })
      if (salt !== null && entries.size > 0) {
        for (const hash of personHashes(salt, { key: person.key, emails, handles }).keys()) {
          const entry = entries.get(hash)
          if (entry !== undefined) reasons.push({ why: 'listed', kind: entry.kind, entryId: entry.id })
        }
      }
      if (reasons.length > 0) suppressed.push({ index, reasons })
    })
    return suppressed
  }
}
