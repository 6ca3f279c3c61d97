import { threadId } from 'node:worker_threads'
import type BetterSqlite3 from 'better-sqlite3'
import type { AtsPageBytes, AtsPagesTarget, AtsPageWritten } from '../platform/ports'
import { readSalt } from '../personal-data/tombstones'
import { atsListWriter, knownRowOfAts, upsertAtsPeople } from './ats-lists'
import { greenhousePage, leverPage, PageRefused, type PulledPerson } from './ats-records'
import type { ListWriter } from './list-writer'
import { traitHashes } from './person-keys'

/*
 * An ATS pull's pages as known-people reads and writes them (issue #39 item 3): the page's bytes
 * decoded and parsed, its people normalised and hashed and written, in the worker thread
 * (known-people-worker.ts) over its own connection to the store; main only hands the bytes over
 * (their buffer transferred, list-jobs.ts) and awaits the counts.
 */

/** UTF-8 as fetch's text() reads it: a byte order mark dropped, a malformed byte a U+FFFD. */
const utf8 = new TextDecoder()

/** A pull's pages written through one connection: a full pull's hidden list, or an incremental pull's changes. */
export class AtsPages {
  readonly #db: BetterSqlite3.Database
  readonly #target: AtsPagesTarget
  readonly #writer: ListWriter | null

  constructor(db: BetterSqlite3.Database, target: AtsPagesTarget) {
    this.#db = db
    this.#target = target
    this.#writer = target.mode === 'full' ? atsListWriter(db, target) : null
  }

  /** Reads one page's bytes and writes its people (one transaction, or more when main waits to write). */
  page(page: AtsPageBytes): AtsPageWritten {
    let json: unknown
    try {
      json = JSON.parse(utf8.decode(page.bytes))
    } catch {
      throw new PageRefused(`${page.kind === 'greenhouse' ? 'Greenhouse' : 'Lever'}'s ${page.what} was not JSON.`)
    }
    let people: PulledPerson[]
    let next: string | null = null
    if (page.kind === 'greenhouse') people = greenhousePage(json, page.what)
    else ({ people, next } = leverPage(json, page.what, new Map(page.stages)))
    let added = 0
    let updated = 0
    if (this.#writer !== null) this.#writer.add(people.map(knownRowOfAts))
    else if (this.#target.mode === 'incremental') {
      // the list's pull time stays until every page is in: a pull cut short is done again from there
      const done = upsertAtsPeople(this.#db, this.#target, people, this.#target.heldPulledAt)
      if (done === null) throw new Error('The list was removed while it was being pulled.')
      ;({ added, updated } = done)
    }
    return {
      people: people.length,
      added,
      updated,
      mayNotEmail: people.filter((p) => p.mayEmail === false).flatMap((p) => p.emails),
      mayEmailHashes: this.#emailHashes(people.filter((p) => p.mayEmail === true).flatMap((p) => p.emails)),
      next,
      threadId
    }
  }

  /** The emails' salted hashes (the do-not-contact list's and the tombstones'); none before there is a salt. */
  #emailHashes(emails: readonly string[]): string[] {
    const salt = emails.length === 0 ? null : readSalt(this.#db)
    return salt === null ? [] : [...traitHashes(salt, { emails }).keys()]
  }

  /** A full pull's list swapped in: the id of the list it replaced (hidden now, its rows to delete), or null. */
  finish(): number | null {
    return this.#writer === null ? null : this.#writer.finish().replaced
  }

  /** The pull stopped: a full pull's hidden list is deleted. */
  abandon(): void {
    this.#writer?.abandon()
  }
}
