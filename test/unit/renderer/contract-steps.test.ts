import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runContractInSteps } from '../../../renderer/src/app/contract-steps'
import { contractStepOrder } from '../../../scripts/build/contract-steps'
import { expectOneStepPerTurn } from '../one-step-per-turn'

const channelsDir = join(import.meta.dirname, '../../../shared/ipc/channels')
const areas = readdirSync(channelsDir).filter((file) => file.endsWith('.ts'))
const order = contractStepOrder(channelsDir)

/** The channel files an area's module runs first: its value imports of `./x`, read here by line. */
function areasImportedBy(area: string): string[] {
  return readFileSync(join(channelsDir, area), 'utf8')
    .split('\n')
    .filter((line) => /^(import|export) /.test(line) && !/^import type /.test(line))
    .flatMap((line) => /from '\.\/([^']+)'/.exec(line)?.[1] ?? [])
    .map((name) => `${name}.ts`)
}

describe("the contract's steps (issue #36 item 12: the page's longest task before the first row)", () => {
  it('runs every step in a task of its own, the first too: none in the task that asked', async () => {
    await expectOneStepPerTurn((steps, yieldTask) => runContractInSteps(steps, yieldTask))
  })

  it('builds every area of the contract in a step of its own, a new one too', () => {
    expect(areas.length).toBeGreaterThan(20)
    expect([...order].sort()).toEqual([...areas].sort())
  })

  it('builds each area after every area it imports, so that no step builds another area too', () => {
    // contacts before known-people, do-not-contact, personal-data and export was 15–20 ms of CPU in one task
    const late = order.flatMap((area, index) =>
      areasImportedBy(area)
        .filter((needed) => order.indexOf(needed) > index)
        .map((needed) => `${area} before ${needed}`)
    )
    expect(late).toEqual([])
    expect(areasImportedBy('contacts.ts')).toContain('known-people.ts')
    expect(order.indexOf('do-not-contact.ts')).toBeLessThan(order.indexOf('contacts.ts'))
  })

  it('reads a multi-line import and leaves out an import of types only', () => {
    const dir = mkdtempSync(join(tmpdir(), 'contract-steps-'))
    try {
      writeFileSync(join(dir, 'a.ts'), "import {\n  bSchema,\n  cSchema\n} from './b'\nimport type { D } from './d'\n")
      writeFileSync(join(dir, 'b.ts'), "import { z } from 'zod'\nexport { cSchema } from './c'\n")
      writeFileSync(join(dir, 'c.ts'), '')
      writeFileSync(join(dir, 'd.ts'), "import { aSchema } from './a'\n")
      writeFileSync(join(dir, 'b.test.ts'), "import { bSchema } from './b'\n")
      expect(contractStepOrder(dir)).toEqual(['c.ts', 'b.ts', 'a.ts', 'd.ts'])
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
