import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runContractInSteps } from '../../../renderer/src/app/contract-steps'
import { expectOneStepPerTurn } from '../one-step-per-turn'

const stepsDir = join(import.meta.dirname, '../../../renderer/src/app/contract-steps')
const channelsDir = join(import.meta.dirname, '../../../shared/ipc/channels')

/** Each step file's glob of shared/ipc/channels, as a regular expression over a file name. */
const steps = readdirSync(stepsDir)
  .filter((file) => file.endsWith('.ts'))
  .map((file) => {
    const glob = /channels\/([^']+)'/.exec(readFileSync(join(stepsDir, file), 'utf8'))?.[1]
    if (glob === undefined) throw new Error(`${file} has no glob of shared/ipc/channels`)
    return { file, matches: new RegExp(`^${glob.replaceAll('.', '\\.').replaceAll('*', '.*')}$`) }
  })
const areas = readdirSync(channelsDir).filter((file) => file.endsWith('.ts'))
const stepOf = (area: string) => steps.filter((step) => step.matches.test(area)).map((step) => step.file)

describe("the contract's steps (issue #36 item 12: the page's longest task before the first row)", () => {
  it('runs every step in a task of its own, the first too: none in the task that asked', async () => {
    await expectOneStepPerTurn((steps, yieldTask) => runContractInSteps(steps, yieldTask))
  })

  it('builds every area of the contract in exactly one step, a new one too', () => {
    expect(areas.length).toBeGreaterThan(20)
    expect(areas.filter((area) => stepOf(area).length !== 1)).toEqual([])
  })

  it('builds the costly areas (contacts, team, tools: ~15–25 ms each in the trace) in steps apart', () => {
    const costly = ['contacts.ts', 'team.ts', 'tools.ts'].map((area) => stepOf(area)[0])
    expect(new Set(costly).size).toBe(3)
  })

  it("builds the first area (app: zod's first use, its code compiled as it first runs) apart from ats-send (the search and profile schemas it imports), and chat apart from contacts", () => {
    // a–b in one step was 20–34 ms of CPU (the V8 sampler in the first-result bench's trace), c 15–36
    expect(stepOf('app.ts')).not.toEqual(stepOf('ats-send.ts'))
    expect(stepOf('chat.ts')).not.toEqual(stepOf('contacts.ts'))
    // the first step to run (they run in the order of their file names) is app's alone
    const first = steps.map((step) => step.file).sort()[0]!
    expect(areas.filter((area) => stepOf(area)[0] === first)).toEqual(['app.ts'])
  })
})
