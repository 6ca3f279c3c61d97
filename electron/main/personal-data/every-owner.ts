import { errorMessage } from '../../../shared/error-message'
import type { Store } from '../store'
import { mergeTraits, rowsOnlyAbout } from './person-match'
import type {
  ErasedRows,
  OwnedTable,
  Person,
  PersonalDataExport,
  PersonalDataHolding,
  PersonalDataOwner,
  PersonTraits
} from './personal-data-owner'

/** An owner that could not answer, and why (the others' answers stand). */
export interface OwnerProblem {
  owner: string
  message: string
}

export type Owned<T> = T & { owner: string }

export interface PersonalDataDescription {
  person: Person
  holdings: Array<Owned<PersonalDataHolding>>
  problems: OwnerProblem[]
}

export interface PersonalDataCopy {
  person: Person
  tables: Array<Owned<PersonalDataExport>>
  problems: OwnerProblem[]
}

/**
 * All or nothing: every owner erased the person, or (one failed) nothing was. `checkpointed`: the
 * write-ahead log was emptied into the file after (false while another connection was reading).
 */
export type PersonalDataErasure =
  | { ok: true; person: Person; erased: Array<Owned<ErasedRows>>; checkpointed: boolean }
  | { ok: false; problem: OwnerProblem }

export interface ErasureOptions {
  /** Runs in the erase's transaction once every owner is done (the tombstone): it fails, nothing is erased. */
  within?: (person: Person) => void
}

/** The database the owners share: its transactions, and its connection for the pragmas erasing needs. */
export type OwnersDatabase = Pick<Store, 'transaction' | 'database'>

/**
 * The owners' answers combined: what the app holds about a person, a copy, and forgetting them.
 * The person's traits are gathered from every owner first. Describe and export ask each owner
 * apart, so one that fails is reported and does not hide the others; erase runs every owner in
 * one transaction, so a failure leaves the person wholly in place rather than half erased.
 */
export class PersonalData {
  readonly #owners: readonly PersonalDataOwner[]
  readonly #store: () => OwnersDatabase

  constructor(owners: readonly PersonalDataOwner[], store: () => OwnersDatabase) {
    this.#owners = owners
    this.#store = store
  }

  /** Every table an owner claims, with its owner. */
  tables(): Array<Owned<OwnedTable>> {
    return this.#owners.flatMap((owner) => owner.tables.map((table) => ({ ...table, owner: owner.owner })))
  }

  /** The person with this key, as every owner's records name them. */
  person(personKey: string): { person: Person; problems: OwnerProblem[] } {
    const problems: OwnerProblem[] = []
    const traits: PersonTraits[] = []
    for (const owner of this.#owners) {
      if (owner.identify === undefined) continue
      const answer = attempt(owner, () => owner.identify?.(personKey), problems)
      if (answer !== undefined) traits.push(answer)
    }
    return { person: { key: personKey, ...mergeTraits(...traits) }, problems }
  }

  describe(personKey: string): PersonalDataDescription {
    const { person, problems } = this.person(personKey)
    const holdings = this.#owners.flatMap((owner) =>
      (attempt(owner, () => owner.describe(person), problems) ?? [])
        .filter((holding) => holding.rows > 0)
        .map((holding) => ({ ...holding, owner: owner.owner }))
    )
    return { person, holdings, problems }
  }

  /**
   * A copy of what every owner holds about the person, about them only (GDPR art. 15(4)): each
   * owner's rows as stored, with the other people they name left out (rowsOnlyAbout). The words
   * of someone one owner's rows leave out are taken out of every owner's rows, so a chat answer's
   * third person is not named by the title of the chat either.
   */
  export(personKey: string): PersonalDataCopy {
    const { person, problems } = this.person(personKey)
    const tables = this.#owners.flatMap((owner) =>
      (attempt(owner, () => owner.export(person), problems) ?? [])
        .filter((table) => table.rows.length > 0)
        .map((table) => ({ ...table, owner: owner.owner }))
    )
    const rows = rowsOnlyAbout(
      tables.flatMap((table) => table.rows),
      person
    )
    let at = 0
    const onlyTheirs = tables.map((table) => {
      const own = rows.slice(at, at + table.rows.length)
      at += table.rows.length
      return { ...table, rows: own }
    })
    return { person, tables: onlyTheirs, problems }
  }

  /**
   * Forgets the person in every owner's tables, in one transaction. SQLite would otherwise keep the
   * deleted bytes in free space and in the write-ahead log: secure_delete zeroes them as they are
   * freed, and a checkpoint then moves the log into the file and truncates it.
   */
  erase(personKey: string, options: ErasureOptions = {}): PersonalDataErasure {
    const store = this.#store()
    const { db } = store.database
    const secureDelete = db.pragma('secure_delete', { simple: true }) as number
    db.pragma('secure_delete = ON')
    try {
      const erased = this.#eraseAll(store, personKey, options)
      if (!erased.ok) return erased
      const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>
      return { ...erased, checkpointed: checkpoint?.busy === 0 }
    } finally {
      db.pragma(`secure_delete = ${secureDelete}`)
    }
  }

  /**
   * Rebuilds the data file after erasing (VACUUM), then empties the write-ahead log into it. The
   * erase zeroes what it frees, but older copies of a person's rows stay in the file: space an
   * earlier update or delete freed (with secure_delete off, as it is outside an erase), inside
   * pages still in use and in free pages. VACUUM writes every live row into a new file, so none of
   * that remains. It holds the connection while it runs (main's thread: ~seconds on a large store,
   * docs/personal-data.md); false when it could not run now (a statement of this connection is
   * still reading, e.g. an export), with the reason.
   */
  compact(): { compacted: true } | { compacted: false; reason: string } {
    const { db } = this.#store().database
    try {
      db.exec('VACUUM')
      const [checkpoint] = db.pragma('wal_checkpoint(TRUNCATE)') as Array<{ busy: number }>
      return checkpoint?.busy === 0
        ? { compacted: true }
        : { compacted: false, reason: 'another connection was reading the data file' }
    } catch (error) {
      return { compacted: false, reason: errorMessage(error) }
    }
  }

  #eraseAll(store: OwnersDatabase, personKey: string, options: ErasureOptions): PersonalDataErasure {
    let failed: OwnerProblem | undefined
    try {
      return store.transaction(() => {
        const { person, problems } = this.person(personKey)
        // a person only partly known would be only partly erased: identify must succeed everywhere
        if (problems[0] !== undefined) {
          failed = problems[0]
          throw new Error(failed.message)
        }
        const erased: Array<Owned<ErasedRows>> = []
        for (const owner of this.#owners) {
          try {
            for (const rows of owner.erase(person))
              if (rows.deleted + rows.blanked > 0) erased.push({ ...rows, owner: owner.owner })
          } catch (error) {
            failed = { owner: owner.owner, message: errorMessage(error) }
            throw error
          }
        }
        try {
          options.within?.(person)
        } catch (error) {
          failed = { owner: 'personal-data', message: errorMessage(error) }
          throw error
        }
        return { ok: true as const, person, erased, checkpointed: false }
      })
    } catch (error) {
      return { ok: false, problem: failed ?? { owner: 'personal-data', message: errorMessage(error) } }
    }
  }
}

function attempt<T>(owner: PersonalDataOwner, fn: () => T, problems: OwnerProblem[]): T | undefined {
  try {
    return fn()
  } catch (error) {
    problems.push({ owner: owner.owner, message: errorMessage(error) })
    return undefined
  }
}
