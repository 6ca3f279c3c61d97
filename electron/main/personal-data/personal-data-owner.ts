/**
 * The personal-data contribution point. Every feature that stores anything about a person owns the
 * tables (and files) it writes, and answers for them through one PersonalDataOwner: what it holds
 * about a person, a copy of it, and forgetting it. A person is named by the Partner API's profile
 * key (`profile_key` / `key` in the spec), the one identifier every table that holds a person uses.
 *
 * The owners are listed by the features' contributions; nothing here names a feature.
 */

/** What an owner holds about one person, table by table (a row count, and when it was last written). */
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
  describe(personKey: string): PersonalDataHolding[]
  export(personKey: string): PersonalDataExport[]
  /** Forgets the person in this owner's tables; returns the rows removed or blanked, per table. */
  erase(personKey: string): { table: string; rows: number }[]
}
