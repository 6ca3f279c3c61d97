import { readdirSync } from 'node:fs'
import { ESLint } from 'eslint'
// @ts-expect-error the lint config is plain JavaScript, without types
import { sandboxFloors } from '../../../eslint.config.js'
import { describe, expect, it } from 'vitest'

// The Sandbox's floors (eslint.config.js): a folder imports only those below it. Prove the rule
// fires for every folder that reaches up or sideways, and stays quiet for the floors below.
const eslint = new ESLint({ cwd: new URL('../../..', import.meta.url).pathname })
const floors = sandboxFloors as Record<string, string[]>

async function refusals(filePath: string, from: string): Promise<number> {
  const [result] = await eslint.lintText(`import { x } from '${from}'\nexport { x }\n`, { filePath })
  const fatal = result!.messages.find((message) => message.fatal)
  if (fatal) throw new Error(fatal.message)
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').length
}

describe('lint: the Sandbox’s floors', () => {
  it('places every folder of sandbox/', () => {
    const folders = readdirSync(new URL('../../../sandbox/', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort()
    expect(folders).toEqual(Object.keys(floors).sort())
  })

  it('refuses an import of a folder that is not below, and of the root files', async () => {
    for (const [folder, below] of Object.entries(floors)) {
      for (const other of Object.keys(floors)) {
        if (other === folder) continue
        const expected = below.includes(other) ? 0 : 1
        expect(await refusals(`sandbox/${folder}/x.ts`, `../${other}/y`), `${folder} -> ${other}`).toBe(expected)
        // from a subfolder too (sandbox/server/partner/ → sandbox/mcp/)
        expect(await refusals(`sandbox/${folder}/sub/x.ts`, `../../${other}/y`), `${folder}/sub -> ${other}`).toBe(
          expected
        )
      }
      for (const root of ['index', 'cli', 'sandbox-server']) {
        expect(await refusals(`sandbox/${folder}/x.ts`, `../${root}`), `${folder} -> ${root}`).toBe(1)
      }
      expect(await refusals(`sandbox/${folder}/x.ts`, './y')).toBe(0)
      expect(await refusals(`sandbox/${folder}/x.ts`, '../../shared/api')).toBe(0)
    }
  })

  it('lets the root files put every floor together', async () => {
    for (const folder of Object.keys(floors)) {
      expect(await refusals('sandbox/sandbox-server.ts', `./${folder}/y`)).toBe(0)
    }
  })
})
