import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Every folder and file the README and docs/architecture.md name in `code` exists on disk, and the
// README names every folder of main (a new feature or floor is said there the day it is made). The
// pages name paths from where their sentence stands (`api/partner-client.ts` in main's section,
// `app/start.ts` in the page's), so a name holds when some file or folder of the project ends
// with it; a file that moved or was renamed no longer does.

const root = resolve(import.meta.dirname, '../../..')
const pages = ['README.md', 'docs/architecture.md']
/** Built or installed, not the project's own. */
const skipped = new Set(['node_modules', 'out', 'dist', '.git', '.bench', 'artifacts'])
const fileLike = /\.(ts|js|mjs|cjs|svelte|md|json|ya?ml|html|css|sql)$/
/** Written like paths, but names of something else: the MCP methods. */
const notPaths = new Set(['tools/list', 'tools/call'])

function walk(dir: string, prefix: string, out: string[]): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (skipped.has(entry.name)) continue
    const path = prefix === '' ? entry.name : `${prefix}/${entry.name}`
    out.push(path)
    if (entry.isDirectory()) walk(join(dir, entry.name), path, out)
  }
  return out
}

const onDisk = walk(root, '', [])
const folderNames = new Set(onDisk.flatMap((path) => path.split('/').slice(0, -1)))

/** The `code` spans of a page that name a path: a file name, a folder (`x/`), or a/b under a known folder. */
export function namedPaths(markdown: string, folders: ReadonlySet<string>): string[] {
  const names = new Set<string>()
  for (const match of markdown.matchAll(/`([^`\s]+)`/g)) {
    const name = match[1]!
    if (!/^[\w.@-]+(\/[\w.@-]+)*\/?$/.test(name) || name.startsWith('out/') || notPaths.has(name)) continue
    const first = name.split('/')[0]!
    if (fileLike.test(name) || name.endsWith('/') || (name.includes('/') && folders.has(first))) names.add(name)
  }
  return [...names]
}

/** A name holds when a file or folder on disk is it, or ends with it at a folder boundary. */
export function missing(names: readonly string[], paths: readonly string[]): string[] {
  return names.filter((name) => {
    const bare = name.replace(/\/$/, '')
    return !paths.some((path) => path === bare || path.endsWith(`/${bare}`))
  })
}

/** The folders a page gives a line of their own: a list item that starts with the folder. */
export function linesOf(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^[-*] `([\w.-]+\/)`/gm)].map((match) => match[1]!))
}

describe('paths the README and the architecture page name', () => {
  it.each(pages)('%s: every named folder and file exists', (page) => {
    const names = namedPaths(readFileSync(join(root, page), 'utf8'), folderNames)
    expect(names.length).toBeGreaterThan(5)
    expect(missing(names, onDisk)).toEqual([])
  })

  it('README.md: every folder of electron/main/ has its own line, and the page stays short', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8')
    const folders = readdirSync(join(root, 'electron/main'), { withFileTypes: true })
      // an empty folder is not yet the project's (git keeps none): one being made right now
      .filter((entry) => entry.isDirectory() && readdirSync(join(root, 'electron/main', entry.name)).length > 0)
      .map((entry) => `${entry.name}/`)
    expect(folders.length).toBeGreaterThan(10)
    // a list item of its own: `- \`watches/\` — …`, not a name inside a long cell
    expect(folders.filter((folder) => !linesOf(readme).has(folder))).toEqual([])
    expect(readme.split('\n').length).toBeLessThanOrEqual(150)
  })

  it('would see a folder named only inside another line', () => {
    const page = '- `watches/` — the schedule\n| `electron/main/` | a folder per capability — `search/`, `chat/` |\n'
    expect([...linesOf(page)]).toEqual(['watches/'])
  })

  it('would see a folder or file that moved', () => {
    const text =
      'See `electron/main/store/`, `store/errors.ts`, `watches/`, `api/partner-client.ts`, `nowhere/` and `application/json`.'
    const names = namedPaths(text, new Set(['electron', 'store', 'api', 'watches']))
    expect(names).toEqual(['electron/main/store/', 'store/errors.ts', 'watches/', 'api/partner-client.ts', 'nowhere/'])
    expect(
      missing(names, [
        'electron/main/store',
        'electron/main/store/store-error.ts',
        'electron/main/api/partner-client.ts'
      ])
    ).toEqual(['store/errors.ts', 'watches/', 'nowhere/'])
  })
})
