import type BetterSqlite3 from 'better-sqlite3'
import { migrationFiles } from './migrations/index'

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

/**
 * The files' migrations in order, refused (thrown at load, so no store opens) unless each file's
 * number is its version, and the versions run 1, 2, 3 … with none twice and none missing.
 */
export function migrationsFrom(files: readonly MigrationFile[]): Migration[] {
  const list = files
    .map(({ file, module }) => {
      const number = /^(\d+)-[a-z0-9-]+\.ts$/.exec(file)?.[1]
      if (number === undefined) throw new Error(`migration file ${file} is not named <number>-<name>.ts`)
      const { version, name, up } = module
      if (!Number.isInteger(version) || typeof name !== 'string' || name === '' || typeof up !== 'function')
        throw new Error(`migration file ${file} must export version, name and up(db)`)
      if (Number(number) !== version) throw new Error(`migration file ${file} says it is version ${version}`)
      return { version, name, up }
    })
    .sort((a, b) => a.version - b.version)
  list.forEach((migration, i) => {
    if (migration.version !== i + 1)
      throw new Error(
        `migration versions must run 1, 2, 3 … without gaps or repeats: found ${list.map((m) => m.version).join(', ')}`
      )
  })
  return list
}

export const migrations: readonly Migration[] = migrationsFrom(migrationFiles)

export function latestVersion(list: readonly Migration[] = migrations): number {
  return list.reduce((max, m) => Math.max(max, m.version), 0)
}
