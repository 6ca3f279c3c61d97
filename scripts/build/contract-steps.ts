import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'

const VIRTUAL_ID = 'virtual:contract-steps'
const RESOLVED_ID = `\0${VIRTUAL_ID}`

/** A channel file's runtime imports of other channel files (`from './search'`; `import type` is gone at run time). */
const channelImport = /^(?:import|export)\s+(?!type\s)[^'"]*?\sfrom\s+'\.\/([\w.-]+?)(?:\.ts)?'/gm

/**
 * The contract's areas (every `*.ts` of `channelsDir`, shared/ipc/channels) in the order the page
 * builds them: an area after every area it imports, so that each step builds one area's own
 * schemas and not those of the areas it needs too (contacts, built before known-people,
 * do-not-contact, personal-data and export, took them all in its task: 15–20 ms of CPU). Areas
 * that need none of the others that are left come in the order of their names; a cycle (none
 * today) is broken the same way.
 */
export function contractStepOrder(channelsDir: string): string[] {
  const areas = readdirSync(channelsDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort()
  const needs = new Map(
    areas.map((area) => {
      const source = readFileSync(join(channelsDir, `${area}.ts`), 'utf8')
      const imported = [...source.matchAll(channelImport)].map((found) => found[1]!)
      return [area, new Set(imported.filter((other) => other !== area && areas.includes(other)))]
    })
  )
  const order: string[] = []
  const left = new Set(areas)
  while (left.size > 0) {
    const ready = [...left].find((area) => [...needs.get(area)!].every((other) => !left.has(other)))
    const next = ready ?? [...left][0]!
    order.push(next)
    left.delete(next)
  }
  return order.map((area) => `${area}.ts`)
}

/*
 * `virtual:contract-steps`: one loader per area of the contract, in contractStepOrder's order, for
 * renderer/src/app/contract-steps.ts to run one per task. Each is a dynamic import, so the build
 * gives each area a file of a few bytes that runs its module (the modules themselves are in the
 * contract's chunk, each run when first imported: strictExecutionOrder); index.html preloads them
 * with the entry (preload-first-screen.ts).
 */
export function contractSteps(channelsDir: string): Plugin {
  return {
    name: 'talent-desk:contract-steps',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined
      this.addWatchFile(channelsDir)
      const loaders = contractStepOrder(channelsDir).map(
        (file) => `  () => import(${JSON.stringify(join(channelsDir, file))})`
      )
      return `export const contractSteps = [\n${loaders.join(',\n')}\n]\n`
    }
  }
}
