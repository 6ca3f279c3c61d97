/*
 * Writes electron/main/store/migrations/index.ts from the files in that folder, one import per
 * migration in file-name order. The app loads its migrations through that index rather than
 * import.meta.glob because the same store code also runs under `node --import tsx` (the bench, the
 * workers started from source), which has no glob. test/integration/store/migration-files.test.ts
 * fails when the folder and the index disagree. Run after adding a migration:
 *   node --import tsx scripts/migrations-index.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const MIGRATIONS_DIR = fileURLToPath(new URL('../electron/main/store/migrations/', import.meta.url))
export const INDEX_FILE = path.join(MIGRATIONS_DIR, 'index.ts')

/** The migration files in the folder (every `<nn>-<name>.ts`), in file-name order. */
export function migrationFileNames(dir: string = MIGRATIONS_DIR): string[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d+-.+\.ts$/.test(file) && !file.endsWith('.test.ts'))
    .sort()
}

/** The index's text for these files. */
export function migrationsIndexSource(files: readonly string[]): string {
  const id = (file: string) => `m${file.slice(0, file.indexOf('-'))}`
  return [
    '// Written by scripts/migrations-index.ts from the files in this folder; do not edit by hand.',
    '// After adding a migration file: node --import tsx scripts/migrations-index.ts',
    "import type { MigrationFile } from '../migration-file'",
    ...files.map((file) => `import * as ${id(file)} from './${file.replace(/\.ts$/, '')}'`),
    '',
    'export const migrationFiles: readonly MigrationFile[] = [',
    ...files.map((file, i) => `  { file: '${file}', module: ${id(file)} }${i === files.length - 1 ? '' : ','}`),
    ']',
    ''
  ].join('\n')
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  fs.writeFileSync(INDEX_FILE, migrationsIndexSource(migrationFileNames()))
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)} (${migrationFileNames().length} migrations)`)
}
