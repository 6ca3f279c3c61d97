import { existsSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { describe, expect, it } from 'vitest'
import { resolveSpec, root, sourceFiles as files } from './resolved-imports'

/**
 * No import circle anywhere in the app's code: a file's static imports (type imports too: a circle
 * of types is a circle of ideas) never lead back to it. Dynamic `import()` is how a section loads
 * late, so it is not an edge.
 */
const folders = ['electron', 'renderer/src', 'shared', 'sandbox']

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8')
  const found: string[] = []
  for (const match of text.matchAll(
    /^\s*(?:import|export)\s[^;]*?\sfrom\s+['"](\.{1,2}\/[^'"]+)['"]|^\s*import\s+['"](\.{1,2}\/[^'"]+)['"]/gm
  )) {
    const spec = match[1] ?? match[2]
    if (spec === undefined) continue
    const target = resolveSpec(file, spec)
    if (existsSync(target)) found.push(target)
  }
  return found
}

/** Every circle, each once, as the list of its files from the first one found. */
function circles(all: string[]): string[][] {
  const graph = new Map(all.map((file) => [file, importsOf(file)]))
  const state = new Map<string, 'open' | 'done'>()
  const stack: string[] = []
  const found: string[][] = []
  const visit = (file: string) => {
    state.set(file, 'open')
    stack.push(file)
    for (const next of graph.get(file) ?? []) {
      // a component that shows itself (a tree's branch) is recursion, not a circle
      if (next === file) continue
      if (state.get(next) === 'open') found.push(stack.slice(stack.indexOf(next)).map((f) => relative(root, f)))
      else if (!state.has(next)) visit(next)
    }
    stack.pop()
    state.set(file, 'done')
  }
  for (const file of all) if (!state.has(file)) visit(file)
  return found
}

describe('imports', () => {
  it('run in no circle', () => {
    const all = folders.flatMap((folder) => files(join(root, folder)))
    expect(all.length).toBeGreaterThan(200)
    expect(circles(all)).toEqual([])
  })
})
