import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
// @ts-expect-error the lint config is plain JavaScript, without types
import { rendererFloors, rendererSections } from '../../../eslint.config.js'
import { describe, expect, it } from 'vitest'

// The renderer's floors are a lint rule: prove it fires on every import that runs back up.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname })

async function messages(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result!.messages.find((message) => message.fatal)
  if (fatal) throw new Error(fatal.message)
  return result!.messages.map((message) => message.message)
}
/** The messages that name the floors: the import rule, static and dynamic. */
const upward = async (filePath: string, code: string) =>
  (await messages(filePath, code)).filter((message) => message.includes('rendererFloors')).length
/** The messages of a section importing another. */
const sideways = async (filePath: string, code: string) =>
  (await messages(filePath, code)).filter((message) => message.includes('A section imports no other section')).length

const floors: string[] = rendererFloors
const folders = readdirSync(new URL('../../../renderer/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)

describe('lint: the renderer’s floors', () => {
  it('names every folder of renderer/src as a floor (a new one counts as the top until it is placed)', () => {
    expect([...folders].sort()).toEqual([...floors].sort())
    // the order that holds today: app knows the sections, sections use components and lib
    expect(floors.indexOf('lib')).toBeLessThan(floors.indexOf('components'))
    expect(floors.indexOf('components')).toBeLessThan(floors.indexOf('sections'))
    expect(floors.indexOf('sections')).toBeLessThan(floors.indexOf('app'))
  })

  it('refuses an import from any floor to one above it, static or dynamic, at any depth', async () => {
    for (const [index, floor] of floors.entries()) {
      if (floor === 'styles') continue // CSS only
      for (const above of floors.slice(index + 1)) {
        const code = `import { x } from '../${above}/anything'\nexport { x }\n`
        expect(await upward(`renderer/src/${floor}/x.ts`, code), `${floor} → ${above}`).toBe(1)
        const deeper = `import { x } from '../../${above}/anything/y'\nexport { x }\n`
        expect(await upward(`renderer/src/${floor}/nested/x.ts`, deeper), `${floor}/nested → ${above}`).toBe(1)
        const dynamic = `export const load = () => import('../${above}/anything')\n`
        expect(await upward(`renderer/src/${floor}/x.ts`, dynamic), `${floor} → import(${above})`).toBe(1)
      }
    }
  })

  it('refuses the upward imports the renderer had (lib/app-state knew the sections; a lib test imported search)', async () => {
    const appState = "import { SearchState } from '../sections/search/search-state.svelte'\nexport { SearchState }\n"
    expect(await upward('renderer/src/lib/app-state.svelte.ts', appState)).toBe(1)
    const tools = "export const tools = () => import('../sections/tools/tools-state.svelte')\n"
    expect(await upward('renderer/src/lib/app-state.svelte.ts', tools)).toBe(1)
    expect(await upward('renderer/src/lib/result-row.svelte.test.ts', appState)).toBe(1)
    const shellState = "import type { AppState } from '../../app/app-state.svelte'\nexport type { AppState }\n"
    expect(await upward('renderer/src/sections/search/SearchScreen.ts', shellState)).toBe(1)
    const section = "import type { X } from '../../sections/activity/activity-state.svelte'\nexport type { X }\n"
    expect(await upward('renderer/src/components/watches/x.ts', section)).toBe(1)
  })

  it('lets a floor import itself and the floors below', async () => {
    const lib = "import { formatNumber } from '../../lib/format'\nexport { formatNumber }\n"
    expect(await upward('renderer/src/sections/search/x.ts', lib)).toBe(0)
    const component = "import { x } from '../../components/watches/search-name'\nexport { x }\n"
    expect(await upward('renderer/src/sections/chat/x.ts', component)).toBe(0)
    const state = "import { x } from './search-state.svelte'\nexport { x }\n"
    expect(await upward('renderer/src/sections/search/x.ts', state)).toBe(0)
    const section = "export const load = () => import('../sections/search/SearchScreen.svelte')\n"
    expect(await upward('renderer/src/app/x.ts', section)).toBe(0)
    expect(await upward('renderer/src/lib/x.ts', "import { x } from './load'\nexport { x }\n")).toBe(0)
  })

  it('refuses a section importing another section, every folder of sections/ on disk', async () => {
    const sections: string[] = rendererSections
    const onDisk = readdirSync(new URL('../../../renderer/src/sections/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
    expect([...sections].sort()).toEqual([...onDisk].sort())
    expect(sections).toEqual(expect.arrayContaining(['search', 'shortlists', 'activity', 'import']))
    for (const section of sections) {
      for (const other of sections.filter((name) => name !== section)) {
        const code = `import { x } from '../${other}/anything'\nexport { x }\n`
        expect(await sideways(`renderer/src/sections/${section}/x.ts`, code), `${section} → ${other}`).toBe(1)
      }
      const dynamic = `export const load = () => import('../${section === 'search' ? 'chat' : 'search'}/x')\n`
      expect(await sideways(`renderer/src/sections/${section}/x.ts`, dynamic), `${section} → import()`).toBe(1)
      // its own folder, and the floors below, are its to import
      const own = `import { x } from './y'\nimport { z } from '../${section}/w'\nimport { f } from '../../lib/format'\nexport { x, z, f }\n`
      expect(await sideways(`renderer/src/sections/${section}/x.ts`, own), section).toBe(0)
      expect(await upward(`renderer/src/sections/${section}/x.ts`, own), section).toBe(0)
    }
    // the sideways imports the renderer had: Search took Shortlists' export dialog, Chat Search's shortlist dialog
    const exportDialog = "import ExportDialog from '../shortlists/ExportDialog.svelte'\nexport { ExportDialog }\n"
    expect(await sideways('renderer/src/sections/search/SearchScreen.ts', exportDialog)).toBe(1)
    // a section still may not reach up into app/
    const shell = "import { x } from '../../app/app-state.svelte'\nexport { x }\n"
    expect(await upward('renderer/src/sections/chat/x.ts', shell)).toBe(1)
  })

  it('keeps the renderer’s other rules on every floor (no Node built-ins, no electron)', async () => {
    for (const floor of floors.filter((name) => name !== 'styles')) {
      const [result] = await eslint.lintText("import fs from 'node:fs'\nexport { fs }\n", {
        filePath: `renderer/src/${floor}/x.ts`
      })
      expect(
        result!.messages.filter((message) => message.ruleId === 'no-restricted-imports'),
        floor
      ).toHaveLength(1)
    }
  })
})
