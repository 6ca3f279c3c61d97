import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Electron's Node (the binary) and the environment that points main at native builds for its ABI. */
export interface ElectronNode {
  node: string
  version: string
  env: Record<string, string>
}

const root = resolve(import.meta.dirname, '../..')
const bindingVariables = ['TALENT_DESK_BETTER_SQLITE3_BINDING', 'TALENT_DESK_KEYTAR_BINDING']

/**
 * The Node the stand-in runs the built main under: Electron 39's own, 22.20.0, with better-sqlite3
 * and keytar built for its ABI — from scripts/electron-node.mjs (`ensureElectronNode`, issue 18
 * item 3), which installs and builds them once in a cache folder.
 *
 * TALENT_DESK_STANDIN_NODE overrides it (a path to a node binary; the binding variables then come
 * from this environment): for working on the stand-in itself. The flow checks the version it got.
 */
export async function electronNode(log: (line: string) => void): Promise<ElectronNode> {
  const override = process.env.TALENT_DESK_STANDIN_NODE
  if (override) {
    const env: Record<string, string> = {}
    for (const name of bindingVariables) if (process.env[name]) env[name] = process.env[name]!
    const version = execFileSync(override, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '')
    return { node: override, version, env }
  }
  const script = join(root, 'scripts/electron-node.mjs')
  if (!existsSync(script)) {
    throw new Error(
      'Electron’s Node (22.20.0) comes from scripts/electron-node.mjs, which this tree does not have. ' +
        'To work on the stand-in without it, set TALENT_DESK_STANDIN_NODE to a Node 22.20.0 binary and ' +
        'TALENT_DESK_BETTER_SQLITE3_BINDING / TALENT_DESK_KEYTAR_BINDING to builds of the two modules for it.'
    )
  }
  const { ensureElectronNode } = (await import(pathToFileURL(script).href)) as {
    ensureElectronNode(options: { log: (line: string) => void }): Promise<ElectronNode>
  }
  return ensureElectronNode({ log })
}
