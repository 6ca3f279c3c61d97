import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'

/**
 * Where an import leads, not how it is spelled: every module a file names — static `import`,
 * `export … from`, dynamic `import()` (type positions too) and `require()` — read by TypeScript's
 * own scanner (comments and strings are not imports), a relative one resolved to the file it opens
 * the way the bundler does. The import-cycle and the boundary tests share it.
 */
export const root = resolve(import.meta.dirname, '../../..')
const suffixes = ['', '.ts', '.svelte.ts', '.svelte', '.js', '.mjs', '.cjs', '/index.ts']

/** The project's source files under a folder: .ts, .svelte, .mjs, .cjs (tests only when asked). */
export function sourceFiles(dir: string, { tests = false } = {}): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name)
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full, { tests })
    return /\.(ts|svelte|mjs|cjs)$/.test(entry.name) && (tests || !/\.test\.ts$/.test(entry.name)) ? [full] : []
  })
}

export interface ImportedModule {
  /** As written. */
  spec: string
  /** A relative spec: the file it opens (absolute), or the path it names when no file is there. */
  resolved?: string
}

/** The code of a file as TypeScript sees it: a Svelte component's <script> blocks only. */
function code(file: string, text: string): string {
  if (!file.endsWith('.svelte')) return text
  return [...text.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]).join('\n')
}

/** Resolve a relative spec from a file, as the bundler does (extensions, a folder's index.ts). */
export function resolveSpec(fromFile: string, spec: string): string {
  const base = resolve(dirname(fromFile), spec)
  return suffixes.map((suffix) => base + suffix).find((path) => existsSync(path) && statSync(path).isFile()) ?? base
}

/** Every module `text` (as if it were `file`) names, relative ones resolved. */
export function modulesIn(file: string, text: string): ImportedModule[] {
  const { importedFiles } = ts.preProcessFile(code(file, text), true, true)
  return importedFiles.map(({ fileName: spec }) =>
    spec.startsWith('./') || spec.startsWith('../') ? { spec, resolved: resolveSpec(file, spec) } : { spec }
  )
}

/** Every module a file on disk names. */
export function modulesOf(file: string): ImportedModule[] {
  return modulesIn(file, readFileSync(file, 'utf8'))
}

/** A path relative to the project's root, with forward slashes. */
export const fromRoot = (path: string) => relative(root, path).split(sep).join('/')
