import { readdirSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { join } from 'node:path'
// @ts-expect-error the lint config is plain JavaScript, without types
import { mainInfrastructure, rendererFloors, rendererSections, sandboxFloors } from '../../../eslint.config.js'
import { describe, expect, it } from 'vitest'
import { fromRoot, modulesIn, modulesOf, root, sourceFiles, type ImportedModule } from './resolved-imports'

/**
 * The process and layer boundaries, checked on where each import LEADS: the lint rules read the
 * spelling, so `'../../main/contacts/x'`, `'./../shortlists/x'` or an `await import()` slipped past
 * them. The folder lists are the lint config's (read from the disk there); each rule is checked for
 * static imports, `export … from`, dynamic `import()` and `require()` alike.
 */
const infrastructure: string[] = mainInfrastructure
const floors: string[] = rendererFloors
const sections: string[] = rendererSections
const sandbox: Record<string, string[]> = sandboxFloors
const mainDir = join(root, 'electron/main')
const mainFeatures = readdirSync(mainDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !infrastructure.includes(entry.name))
  .map((entry) => entry.name)
const builtins = new Set([...builtinModules, ...builtinModules.map((name) => `node:${name}`)])
const isBuiltin = (spec: string) => builtins.has(spec) || builtins.has(spec.split('/')[0]!)
const isElectron = (spec: string) => spec === 'electron' || spec.startsWith('electron/')

/** What the main-process path is: a root file (compose.ts, features.ts…), a feature or infrastructure. */
function mainPart(
  path: string
): { kind: 'root' | 'feature' | 'infrastructure'; name: string; rest: string } | undefined {
  const match = /^electron\/main\/(?:([^/]+)\/(.+)|([^/]+)\.ts)$/.exec(path)
  if (!match) return undefined
  if (match[3] !== undefined) return { kind: 'root', name: match[3], rest: '' }
  const name = match[1]!
  return { kind: infrastructure.includes(name) ? 'infrastructure' : 'feature', name, rest: match[2]! }
}

/** Each rule the import of `module` by `file` (both from the root) breaks, in words. */
export function breaches(file: string, module: ImportedModule): string[] {
  const out: string[] = []
  const target = module.resolved === undefined ? undefined : fromRoot(module.resolved)
  const from = mainPart(file)
  const to = target === undefined ? undefined : mainPart(target)
  // only the Electron shell and the preload import electron
  if (isElectron(module.spec) && file !== 'electron/main/index.ts' && !file.startsWith('electron/preload/'))
    out.push('imports electron (only the shell and the preload may)')
  // main: no feature imports another; infrastructure imports no feature; no folder imports a root file
  if (from !== undefined && from.kind !== 'root' && to !== undefined) {
    if (to.kind === 'root') out.push(`a folder of main imports ${target} (a file that puts the folders together)`)
    // the migrations' index may import a feature's numbered migration files (and nothing else of it)
    const migrationIndexed =
      file === 'electron/main/store/migrations/index.ts' && /^migrations\/\d+-[a-z0-9-]+\.ts$/.test(to.rest)
    if (to.kind === 'feature' && to.name !== from.name && !migrationIndexed)
      out.push(`${from.kind} ${from.name} imports the feature ${to.name}`)
  }
  // outside its folder a feature is its index only (the root files and the browser host)
  if ((from?.kind === 'root' || file.startsWith('electron/host/')) && to?.kind === 'feature' && to.rest !== 'index.ts')
    out.push(`reaches into the feature ${to.name} past its index (${target})`)
  // shared/ imports zod, lossless-json and itself
  if (file.startsWith('shared/')) {
    if (target === undefined ? !['zod', 'lossless-json'].includes(module.spec) : !target.startsWith('shared/'))
      out.push(`shared/ imports ${target ?? module.spec}`)
  }
  if (file.startsWith('renderer/')) {
    // a page in Chromium's renderer sandbox: no electron, no Node, nothing of main or the Sandbox
    if (target === undefined && (isElectron(module.spec) || isBuiltin(module.spec)))
      out.push(`the renderer imports ${module.spec}`)
    if (target !== undefined && !target.startsWith('renderer/') && !target.startsWith('shared/'))
      out.push(`the renderer imports ${target}`)
    // its floors: a folder imports itself and the floors below; a section no other section
    const own = /^renderer\/src\/([^/]+)\//.exec(file)?.[1]
    const theirs = target === undefined ? undefined : /^renderer\/src\/([^/]+)\//.exec(target)?.[1]
    if (own !== undefined && theirs !== undefined && own !== theirs) {
      const level = (folder: string) => (floors.includes(folder) ? floors.indexOf(folder) : floors.length)
      if (level(theirs) > level(own)) out.push(`renderer/src/${own}/ imports ${target}, a floor above it`)
    }
    const ownSection = /^renderer\/src\/sections\/([^/]+)\//.exec(file)?.[1]
    const theirSection = target === undefined ? undefined : /^renderer\/src\/sections\/([^/]+)\//.exec(target)?.[1]
    if (
      ownSection !== undefined &&
      theirSection !== undefined &&
      ownSection !== theirSection &&
      sections.includes(ownSection)
    )
      out.push(`the section ${ownSection} imports the section ${theirSection}`)
  }
  // the Sandbox's floors
  const ownFloor = /^sandbox\/([^/]+)\//.exec(file)?.[1]
  if (ownFloor !== undefined && target !== undefined && target.startsWith('sandbox/')) {
    const theirs = /^sandbox\/([^/]+)\//.exec(target)?.[1]
    const allowed = [ownFloor, ...(sandbox[ownFloor] ?? [])]
    if (theirs === undefined || !allowed.includes(theirs))
      out.push(`sandbox/${ownFloor}/ imports ${target}, not a floor below it`)
  }
  return out
}

/** The breaches of `code` written in `file`. */
const check = (file: string, code: string) =>
  modulesIn(join(root, file), code).flatMap((module) => breaches(file, module))

describe('boundaries, on the resolved path', () => {
  it('hold everywhere in the code (tests included)', () => {
    const files = ['electron', 'renderer/src', 'shared', 'sandbox'].flatMap((folder) =>
      sourceFiles(join(root, folder), { tests: true })
    )
    expect(files.length).toBeGreaterThan(300)
    const found = files.flatMap((file) =>
      modulesOf(file).flatMap((module) => breaches(fromRoot(file), module).map((why) => `${fromRoot(file)}: ${why}`))
    )
    expect(found).toEqual([])
  })

  it('refuse the spellings that slipped past the lint rules', () => {
    expect(mainFeatures).toEqual(expect.arrayContaining(['contacts', 'shortlists']))
    const failing: [file: string, code: string][] = [
      // a dynamic import of another feature
      [
        'electron/main/shortlists/x.ts',
        "export const load = async () => await import('../contacts/contacts-service')\n"
      ],
      // through main's own folder name, from deeper, or with a ./ in front
      ['electron/main/shortlists/x.ts', "import { x } from '../../main/contacts/contacts-service'\nexport { x }\n"],
      ['electron/main/shortlists/deep/x.ts', "import { x } from '../../../main/contacts/index'\nexport { x }\n"],
      ['electron/main/contacts/x.ts', "import { x } from './../shortlists/shortlists-service'\nexport { x }\n"],
      // a root file of main, spelled through main
      ['electron/main/contacts/x.ts', "import { x } from '../../main/compose'\nexport { x }\n"],
      // re-exported, or required
      ['electron/main/contacts/x.ts', "export { x } from '../shortlists/index'\n"],
      ['electron/main/contacts/x.ts', "export * from './../shortlists'\n"],
      ['electron/main/contacts/x.ts', "const s = require('../shortlists/index')\nexport { s }\n"],
      // infrastructure reaching up, spelled the long way
      ['electron/main/store/x.ts', "import { x } from '../../main/contacts'\nexport { x }\n"],
      ['electron/main/store/x.ts', "export const load = () => import('./../features')\n"],
      // the renderer: a section into another, and into main
      ['renderer/src/sections/chat/x.ts', "import { x } from '../../sections/search/chat-words'\nexport { x }\n"],
      ['renderer/src/sections/chat/x.ts', "export const load = () => import('./../search/chat-words')\n"],
      ['renderer/src/sections/chat/x.ts', "export { x } from '../../../src/sections/search/chat-words'\n"],
      ['renderer/src/lib/x.ts', "export const load = () => import('../../src/app/App.svelte')\n"],
      ['renderer/src/lib/x.ts', "import { x } from '../../../electron/main/compose'\nexport { x }\n"],
      ['renderer/src/lib/x.ts', "const fs = require('node:fs')\nexport { fs }\n"],
      // electron outside the shell, however loaded
      ['electron/main/store/x.ts', "const { app } = require('electron')\nexport { app }\n"],
      ['sandbox/server/x.ts', "export const load = () => import('electron')\n"],
      // shared/ beyond zod and itself
      ['shared/api/x.ts', "export { x } from '../../electron/main/compose'\n"],
      ['shared/api/x.ts', "const fs = require('node:fs')\nexport { fs }\n"],
      // the Sandbox's floors
      ['sandbox/data/x.ts', "export const load = () => import('../server/../search/catalog')\n"]
    ]
    for (const [file, code] of failing) expect(check(file, code), `${file}: ${code}`).toHaveLength(1)
  })

  it('let through what the rules allow', () => {
    const passing: [file: string, code: string][] = [
      ['electron/main/contacts/x.ts', "import { x } from './contacts-service'\nexport { x }\n"],
      ['electron/main/contacts/x.ts', "import type { Ports } from '../platform/ports'\nexport type { Ports }\n"],
      ['electron/main/contacts/x.ts', "export const load = () => import('../../main/store/index')\n"],
      ['electron/main/contacts/x.ts', "export { x } from '../../../shared/ipc/channels/contacts'\n"],
      ['electron/main/features.ts', "export { contribution } from './contacts'\n"],
      ['electron/main/index.ts', "import { app } from 'electron'\nexport { app }\n"],
      ['renderer/src/sections/chat/x.ts', "export const load = () => import('../../components/Dialog.svelte')\n"],
      ['renderer/src/app/x.ts', "export const load = () => import('../sections/search/chat-words')\n"],
      ['shared/api/x.ts', "import { z } from 'zod'\nexport { x } from '../ipc/contract'\nexport { z }\n"],
      ['sandbox/server/x.ts', "export const load = () => import('../search/catalog')\n"]
    ]
    for (const [file, code] of passing) expect(check(file, code), `${file}: ${code}`).toEqual([])
  })
})
