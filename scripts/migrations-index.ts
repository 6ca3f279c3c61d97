/*
 * Writes electron/main/store/migrations/index.ts from the numbered migration files: store's own
 * (electron/main/store/migrations/) and each feature's (electron/main/<feature>/migrations/, a
 * migration that touches that feature's tables alone), one import per migration in number order.
 * The numbers are one sequence across every folder (the runner refuses a gap or a repeat). The app
 * loads its migrations through that index rather than import.meta.glob because the same store code
 * also runs under `node --import tsx` (the bench, the workers started from source), which has no
 * glob. test/integration/store/migration-files.test.ts fails when the folders and the index
 * disagree. Run after adding a migration:
 *   node --import tsx scripts/migrations-index.ts
 */
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const MAIN_DIR = fileURLToPath(new URL('../electron/main/', import.meta.url))
export const MIGRATIONS_DIR = path.join(MAIN_DIR, 'store', 'migrations')
export const INDEX_FILE = path.join(MIGRATIONS_DIR, 'index.ts')

/** A migration file: its name (`<nn>-<name>.ts`) and the folder of electron/main/ it lives in. */
export interface MigrationFileOnDisk {
  file: string
  folder: string
}

const numbered = (file: string) => /^\d+-.+\.ts$/.test(file) && !file.endsWith('.test.ts')
const numberOf = (file: string) => Number(file.slice(0, file.indexOf('-')))

/** Every numbered migration file of every `electron/main/*\/migrations/` folder, in number order. */
export function migrationFilesOnDisk(mainDir: string = MAIN_DIR): MigrationFileOnDisk[] {
  const found: MigrationFileOnDisk[] = []
  for (const entry of fs.readdirSync(mainDir, { withFileTypes: true })) {
    const dir = path.join(mainDir, entry.name, 'migrations')
    if (!entry.isDirectory() || !fs.existsSync(dir)) continue
    for (const file of fs.readdirSync(dir)) if (numbered(file)) found.push({ file, folder: entry.name })
  }
  return found.sort((a, b) => numberOf(a.file) - numberOf(b.file) || a.file.localeCompare(b.file))
}

/** The migration files' names, in number order. */
export function migrationFileNames(mainDir: string = MAIN_DIR): string[] {
  return migrationFilesOnDisk(mainDir).map(({ file }) => file)
}

/** The index's text for these files. */
export function migrationsIndexSource(files: readonly MigrationFileOnDisk[]): string {
  const id = ({ file }: MigrationFileOnDisk) => `m${file.slice(0, file.indexOf('-'))}`
  const from = ({ file, folder }: MigrationFileOnDisk) =>
    `${folder === 'store' ? '.' : `../../${folder}/migrations`}/${file.replace(/\.ts$/, '')}`
  return [
    '// Written by scripts/migrations-index.ts from the numbered files of every electron/main/*/migrations/',
    '// folder; do not edit by hand. After adding a migration file: node --import tsx scripts/migrations-index.ts',
    "import type { MigrationFile } from '../migration-file'",
    ...files.map((file) => `import * as ${id(file)} from '${from(file)}'`),
    '',
    'export const migrationFiles: readonly MigrationFile[] = [',
    ...files.map((file, i) => `  { file: '${file.file}', module: ${id(file)} }${i === files.length - 1 ? '' : ','}`),
    ']',
    ''
  ].join('\n')
}

if (process.argv[1] !== undefined && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const files = migrationFilesOnDisk()
  fs.writeFileSync(INDEX_FILE, migrationsIndexSource(files))
  console.log(`wrote ${path.relative(process.cwd(), INDEX_FILE)} (${files.length} migrations)`)
}
