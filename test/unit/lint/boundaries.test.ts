import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
// @ts-expect-error the lint config is plain JavaScript, without types
import { mainInfrastructure } from '../../../eslint.config.js'
import { describe, expect, it } from 'vitest'

// The process boundaries are lint rules; prove each one fires on the folder it guards.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname })

async function restrictedImports(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result!.messages.find((message) => message.fatal)
  if (fatal) throw new Error(fatal.message)
  return result!.messages.filter(
    (message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax'
  ).length
}

describe('lint: process boundaries', () => {
  it('shared/ imports only zod and itself', async () => {
    expect(
      await restrictedImports('shared/api/x.ts', "import { z } from 'zod'\nimport { a } from './b'\nexport { z, a }\n")
    ).toBe(0)
    expect(
      await restrictedImports('shared/api/x.ts', "import { readFile } from 'node:fs'\nexport { readFile }\n")
    ).toBe(1)
    expect(await restrictedImports('shared/api/x.ts', "import { request } from 'undici'\nexport { request }\n")).toBe(1)
    expect(
      await restrictedImports('shared/api/x.ts', "import { x } from '../../electron/main/compose'\nexport { x }\n")
    ).toBe(1)
    expect(await restrictedImports('shared/api/x.ts', "export const load = () => import('node:fs')\n")).toBe(1)
    expect(await restrictedImports('shared/api/x.ts', "export const load = () => import('undici')\n")).toBe(1)
    expect(await restrictedImports('shared/api/x.ts', "export const load = () => import('./y')\n")).toBe(0)
  })

  it('renderer/ never imports electron, Node built-ins or main-process code', async () => {
    expect(
      await restrictedImports('renderer/src/x.ts', "import { ipcRenderer } from 'electron'\nexport { ipcRenderer }\n")
    ).toBe(1)
    expect(await restrictedImports('renderer/src/x.ts', "import fs from 'fs'\nexport { fs }\n")).toBe(1)
    expect(await restrictedImports('renderer/src/x.ts', "import path from 'node:path'\nexport { path }\n")).toBe(1)
    expect(
      await restrictedImports(
        'renderer/src/x.ts',
        "import { composeMain } from '../../electron/main/compose'\nexport { composeMain }\n"
      )
    ).toBe(1)
    expect(
      await restrictedImports(
        'renderer/src/x.ts',
        "import { startSandbox } from '../../sandbox/index'\nexport { startSandbox }\n"
      )
    ).toBe(1)
    expect(
      await restrictedImports(
        'renderer/src/x.ts',
        "import { channels } from '../../shared/ipc/contract'\nexport { channels }\n"
      )
    ).toBe(0)
    expect(await restrictedImports('renderer/src/x.ts', "export const load = () => import('electron')\n")).toBe(1)
    expect(await restrictedImports('renderer/src/x.ts', "export const load = () => import('node:fs/promises')\n")).toBe(
      1
    )
    expect(await restrictedImports('renderer/src/x.ts', "export const load = () => import('fs')\n")).toBe(1)
    expect(
      await restrictedImports('renderer/src/x.ts', "export const load = () => import('./bridge/http-bridge')\n")
    ).toBe(0)
  })

  it('only the Electron shell and the preload import electron', async () => {
    const code = "import { app } from 'electron'\nexport { app }\n"
    expect(await restrictedImports('electron/main/index.ts', code)).toBe(0)
    expect(await restrictedImports('electron/preload/index.ts', code)).toBe(0)
    expect(await restrictedImports('electron/main/compose.ts', code)).toBe(1)
    expect(await restrictedImports('sandbox/server/x.ts', code)).toBe(1)
    expect(
      await restrictedImports('electron/main/compose.ts', "import { app } from 'electron/main'\nexport { app }\n")
    ).toBe(1)
    expect(await restrictedImports('electron/main/compose.ts', "export const load = () => import('electron')\n")).toBe(
      1
    )
    expect(
      await restrictedImports('electron/main/compose.ts', "export const load = () => import('electron/main')\n")
    ).toBe(1)
  })

  it("main's infrastructure never imports a feature: every folder on disk that is not infrastructure is guarded", async () => {
    const infrastructure: string[] = mainInfrastructure
    const folders = readdirSync(new URL('../../../electron/main/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    const features = folders.filter((name) => !infrastructure.includes(name))
    // the folders the old hand-typed list left out are among them
    expect(features).toEqual(expect.arrayContaining(['imports', 'watches', 'search', 'export']))
    for (const feature of features) {
      const code = `import { x } from '../${feature}/anything'\nexport { x }\n`
      expect(await restrictedImports('electron/main/store/x.ts', code), feature).toBe(1)
      expect(await restrictedImports('electron/main/api/x.ts', code), feature).toBe(1)
      expect(await restrictedImports('electron/main/pace/x.ts', code), feature).toBe(1)
    }
    // the layer below imports itself freely; a feature imports the infrastructure
    expect(
      await restrictedImports('electron/main/api/x.ts', "import { x } from '../store/index'\nexport { x }\n")
    ).toBe(0)
    expect(
      await restrictedImports('electron/main/imports/x.ts', "import { x } from '../store/index'\nexport { x }\n")
    ).toBe(0)
  })

  it('a feature never imports another feature: every pair of feature folders on disk is refused, both ways', async () => {
    const infrastructure: string[] = mainInfrastructure
    const features = readdirSync(new URL('../../../electron/main/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !infrastructure.includes(entry.name))
      .map((entry) => entry.name)
    // the pairs that imported each other before features became units are among them
    expect(features).toEqual(
      expect.arrayContaining(['imports', 'export', 'connections', 'tools', 'watches', 'refresh'])
    )
    const importOf = (path: string) => `import { x } from '${path}'\nexport { x }\n`
    for (const feature of features) {
      for (const other of features.filter((name) => name !== feature)) {
        expect(
          await restrictedImports(`electron/main/${feature}/x.ts`, importOf(`../${other}/anything`)),
          `${feature} → ${other}`
        ).toBe(1)
      }
      // deeper in the folder too, and its index as much as its insides
      const other = features.find((name) => name !== feature)!
      expect(await restrictedImports(`electron/main/${feature}/deep/x.ts`, importOf(`../../${other}/anything`))).toBe(1)
      expect(await restrictedImports(`electron/main/${feature}/x.ts`, importOf(`../${other}`))).toBe(1)
      // its own files, the infrastructure and the shared contract stay open to it
      expect(await restrictedImports(`electron/main/${feature}/x.ts`, importOf('./y'))).toBe(0)
      expect(await restrictedImports(`electron/main/${feature}/x.ts`, importOf('../platform/ports'))).toBe(0)
      expect(
        await restrictedImports(`electron/main/${feature}/x.ts`, importOf('../../../shared/ipc/channels/export'))
      ).toBe(0)
    }
    // the list of features (compose's) imports every feature's index
    expect(await restrictedImports('electron/main/features.ts', importOf('./imports'))).toBe(0)
    // outside its folder, a feature is its index only: the list, the options and the shells
    for (const feature of features) {
      expect(await restrictedImports('electron/main/compose.ts', importOf(`./${feature}/anything`)), feature).toBe(1)
      expect(await restrictedImports('electron/host/cli.ts', importOf(`../main/${feature}/anything`)), feature).toBe(1)
      expect(await restrictedImports('electron/main/main-options.ts', importOf(`./${feature}`)), feature).toBe(0)
      expect(await restrictedImports('electron/host/cli.ts', importOf(`../main/${feature}`)), feature).toBe(0)
    }
    expect(await restrictedImports('electron/main/compose.ts', importOf('./store/store-access'))).toBe(0)
  })

  it('no folder of electron/main imports the root files that put the folders together', async () => {
    const importOf = (path: string) => `import { x } from '${path}'\nexport { x }\n`
    // read from the disk, as the rule reads them: every .ts file at main's root, and every folder
    const root = new URL('../../../electron/main/', import.meta.url)
    const rootFiles = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
      .map((entry) => entry.name.slice(0, -'.ts'.length))
    const folders = readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect(rootFiles).toEqual(expect.arrayContaining(['compose', 'features', 'index', 'main-options']))
    for (const folder of folders) {
      for (const file of rootFiles) {
        expect(
          await restrictedImports(`electron/main/${folder}/x.ts`, importOf(`../${file}`)),
          `${folder} → ${file}`
        ).toBe(1)
      }
      // its own files and a folder below stay open to it
      expect(await restrictedImports(`electron/main/${folder}/x.ts`, importOf('./y'))).toBe(0)
      expect(await restrictedImports(`electron/main/${folder}/x.ts`, importOf('../store/clock'))).toBe(0)
    }
  })
})
