import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadMainCodeInSteps, mainCodeSteps } from '../../../electron/host/main-code-steps'
import { expectOneStepPerTurn } from '../one-step-per-turn'

const root = join(import.meta.dirname, '../../..')
const names = mainCodeSteps.map(([name]) => name)
const channels = readdirSync(join(root, 'shared/ipc/channels'))
  .filter((file) => file.endsWith('.ts'))
  .map((file) => `../../shared/ipc/channels/${file}`)
const mainFolders = readdirSync(join(root, 'electron/main'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && existsSync(join(root, 'electron/main', entry.name, 'index.ts')))
  .map((entry) => `../main/${entry.name}/index.ts`)

describe("the browser host's main code, in steps (issue #36 item 12: the host's longest block after the link)", () => {
  it('loads every step in a turn of its own, the first too: none in the turn that asked', async () => {
    await expectOneStepPerTurn((steps, turn) =>
      loadMainCodeInSteps(
        steps.map((load, index) => [`step ${index}`, load] as const),
        turn
      )
    )
  })

  it("is every area of the contract, one a step, then the contract, then every folder of main's with an index, one a step (read from the folders: a new one too)", () => {
    expect(channels.length).toBeGreaterThan(20)
    expect(mainFolders.length).toBeGreaterThan(20)
    expect(names).toEqual([...channels.sort(), 'the contract', ...mainFolders.sort()])
  })
})
