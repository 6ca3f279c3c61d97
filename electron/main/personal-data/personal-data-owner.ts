import type { Store } from '../store'

/**
 * The personal-data contribution point. Every feature that stores anything about a person owns the
 * tables (and files) it writes, and answers for them through one PersonalDataOwner: what it holds
 * about a person, a copy of it, and forgetting it. A person is named by the Partner API's profile
 * key (`profile_key` / `key` in the spec), the one identifier every table that holds a person uses.
 *
 * Some records name a person otherwise: a refresh job by handle, a search or a spreadsheet row by
 * email or name, an Activity entry by the name it was written with. So a request runs in two steps:
 * every owner first says which names, emails, phones and handles its records give the person
 * (`identify`), and the owners are then asked with the whole Person. Erasing reads them all before
 * anything is deleted, so an owner never depends on another's rows still being there.
 *
 * The owners are listed by the features' contributions; nothing here names a feature.
 */

/** Who a person is, as the tables name them. */
export interface Person {
  /** The Partner API's profile key. */
  key: string
  /** Full names as stored profiles give them ("Ana Peña"). Never enough on their own to erase a row. */
  names: string[]
  /** Email addresses, lower-cased. */
  emails: string[]
  /** Phone numbers as received. */
  phones: string[]
  /** Handles a refresh names the person by (li_urls' …/in/<handle>, codehost, Q&A site). */
  handles: string[]
}

/** What one owner's records add to a Person (each list may be empty). */
export type PersonTraits = Omit<Person, 'key'>

/** What an owner holds about one person, table by table (how many rows name them). */
export interface PersonalDataHolding {
  /** The SQLite table (or a file kind such as "export-log") the data is in. */
  table: string
  /** What the recruiter would call it: "profile snapshots", "bought email addresses"… */
  label: string
  rows: number
}

/** One table's rows about a person, as stored (column → value), for an access export. */
export interface PersonalDataExport {
  table: string
  label: string
  rows: Record<string, unknown>[]
}

/**
 * What erasing did in one table: rows deleted, or kept with the person taken out of them (a ledger
 * line keeps its spend but no longer the key; an Activity entry about several people loses one).
 */
export interface ErasedRows {
  table: string
  deleted: number
  blanked: number
}

/** A table an owner writes: about people, or not (and then why not). */
export type OwnedTable = { table: string; personal: true } | { table: string; personal: false; why: string }

export interface PersonalDataOwner {
  /** The owner's name (its feature folder), for messages and the test that lists the owners. */
  owner: string
  /**
   * Every table this owner writes, and whether it holds data about a person. A table that holds
   * none says why (the test that lists every table in the store fails on a table nobody claims).
   */
  tables: readonly OwnedTable[]
  /** The names, emails, phones and handles this owner's records give the person with this key. */
  identify?(personKey: string): PersonTraits
  describe(person: Person): PersonalDataHolding[]
  export(person: Person): PersonalDataExport[]
  /**
   * Forgets the person in this owner's tables, inside the caller's transaction; returns the rows
   * deleted or blanked, per table. Nothing of the person may stay in a row it keeps (JSON text included).
   */
  erase(person: Person): ErasedRows[]
}

/**
 * What each `electron/main/<feature>/personal-data.ts` exports as `personalDataOwner`: the owner,
 * over the store as it is when asked (it may be reopened, e.g. after a restore).
 */
export type PersonalDataOwnerFactory = (store: () => Store) => PersonalDataOwner
