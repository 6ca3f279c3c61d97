import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// Facts the pages and comments repeat from the code, derived from the code so they cannot go stale
// while someone adds a port or moves where channels are handled: the ports docs/architecture.md
// lists are the keys of `Ports` (platform/ports.ts), and every "implement it in …" hint names paths
// that exist and that do handle channels.

const root = resolve(import.meta.dirname, '../../..')
const read = (path: string) => readFileSync(join(root, path), 'utf8')
const skipped = new Set(['node_modules', 'out', 'dist', '.git', '.bench', 'artifacts'])

function walk(dir: string, prefix = ''): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (skipped.has(entry.name)) return []
    const path = `${dir}/${entry.name}`
    return entry.isDirectory() ? [path, ...walk(path, prefix)] : [path]
  })
}

/** The keys of `interface Ports`: every port, by name. */
export function portNames(portsTs: string): string[] {
  const body = /export interface Ports \{([\s\S]*?)\n\}/.exec(portsTs)?.[1] ?? ''
  return [...body.matchAll(/^\s*(\w+)\??\s*:/gm)].map((match) => match[1]!)
}

/** The ports a page lists: the `code` spans in the parenthesis after `platform/ports.ts`:. */
export function listedPorts(markdown: string): string[] {
  const list = /`platform\/ports\.ts`:([^)]*)\)/.exec(markdown)?.[1] ?? ''
  return [...list.matchAll(/`(\w+)`/g)].map((match) => match[1]!)
}

/** Each "implement it in …" hint of a text: the `code` spans of its sentence. */
export function hints(text: string): string[][] {
  const flat = text.replace(/\n\s*(\*|\/\/)\s?/g, '\n').replace(/\s+/g, ' ')
  return [...flat.matchAll(/implement (?:it|them|the channel|a channel) in (.*?)(?:\.\s|\.$|$)/gi)].map((match) =>
    [...match[1]!.matchAll(/`([^`\s]+)`/g)].map((span) => span[1]!)
  )
}

const channels = [...read('shared/ipc/names.ts').matchAll(/^\s*'(\w+)',?$/gm)].map((match) => match[1]!)
/** A file that handles a channel: it maps one of the contract's names to a call. */
const handlesChannels = (text: string) =>
  channels.some((name) => new RegExp(`(^|[\\s{,])${name}\\s*:\\s*(async\\s*)?\\(`, 'm').test(text))

/**
 * The paths a hint names that do not lead to a channel's handlers: a name is a path from the root,
 * or a file's own name (`handlers.ts`); `<feature>` stands for any folder. A file must handle a
 * channel; a folder must hold one that does.
 */
export function wrongHints(names: readonly string[], paths: readonly string[], textOf: (path: string) => string) {
  return names.filter((name) => {
    const bare = name.replace(/\/$/, '')
    const pattern = new RegExp(
      `(^|/)${bare
        .split(/(<[^>]+>)/)
        .map((part) => (/^<.+>$/.test(part) ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
        .join('')}$`
    )
    const matches = paths.filter((path) => pattern.test(path))
    const files = matches.flatMap((path) =>
      statSync(join(root, path)).isDirectory()
        ? paths.filter((p) => p.startsWith(`${path}/`) && p.endsWith('.ts'))
        : [path]
    )
    return !files.some((file) => handlesChannels(textOf(file)))
  })
}

describe('facts the pages repeat from the code', () => {
  it('docs/architecture.md lists every port of platform/ports.ts, and no other', () => {
    const ports = portNames(read('electron/main/platform/ports.ts'))
    expect(ports.length).toBeGreaterThan(10)
    expect([...listedPorts(read('docs/architecture.md'))].sort()).toEqual([...ports].sort())
  })

  it('every "implement it in …" hint, in a page or a comment, names where channels are handled', () => {
    const paths = ['electron', 'shared', 'renderer', 'sandbox', 'scripts', 'docs'].flatMap((dir) => walk(dir))
    const texts = [
      'README.md',
      ...paths.filter((path) => /\.(md|ts|svelte|mjs)$/.test(path) && existsSync(join(root, path)))
    ]
    const found = texts.flatMap((path) => hints(read(path)).map((names) => ({ path, names })))
    // the contract's comment and the README's "Adding a channel" at least
    expect(found.map((hint) => hint.path)).toEqual(expect.arrayContaining(['README.md', 'shared/ipc/contract.ts']))
    for (const { path, names } of found) {
      expect(names.length, `${path}: a hint names no path`).toBeGreaterThan(0)
      expect(wrongHints(names, paths, read), path).toEqual([])
    }
  })

  it('would see a port left out and a hint to a file that handles no channel', () => {
    const portsTs = 'export interface Ports {\n  connections: ConnectionsPort\n  budgets?: BudgetsPort\n}\n'
    expect(portNames(portsTs)).toEqual(['connections', 'budgets'])
    expect(listedPorts('a **port** (`platform/ports.ts`: `connections`), read')).toEqual(['connections'])
    const old =
      "/**\n * name to names.ts, implement it in `electron/main/compose.ts`'s handlers.\n */\n" +
      "implement it in the feature's `handlers.ts` (`electron/main/<feature>/`). The preload"
    expect(hints(old)).toEqual([['electron/main/compose.ts'], ['handlers.ts', 'electron/main/<feature>/']])
    const paths = ['electron/main/compose.ts', 'electron/main/shortlists', 'electron/main/shortlists/handlers.ts']
    const text = (path: string) => (path.endsWith('handlers.ts') ? 'return {\n    listShortlists: () => s.list(),' : '')
    expect(wrongHints(['electron/main/compose.ts'], paths, text)).toEqual(['electron/main/compose.ts'])
    expect(wrongHints(['handlers.ts', 'electron/main/<feature>/'], paths, text)).toEqual([])
    expect(wrongHints(['electron/main/nowhere.ts'], paths, text)).toEqual(['electron/main/nowhere.ts'])
  })
})
