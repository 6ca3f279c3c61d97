import type { Migration, MigrationFile } from './migration-file'
import { migrationFiles } from './migrations/index'

export type { Migration, MigrationFile } from './migration-file'

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
