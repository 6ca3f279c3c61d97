import type BetterSqlite3 from 'better-sqlite3'

/**
 * Ordered schema migrations, one a file in migrations/ (`<nn>-<name>.ts`, each exporting its
 * version, name and up(db)). `PRAGMA user_version` holds the number of the last one applied.
 * Never edit a released migration: add a file. Each runs in its own transaction together with the
 * user_version bump, so a failed migration leaves the previous version intact (database.ts).
 */
export interface Migration {
  version: number
  name: string
  up(db: BetterSqlite3.Database): void
}

/** A file of migrations/ as its index (written by scripts/migrations-index.ts) lists it. */
export interface MigrationFile {
  file: string
  module: Migration
}
