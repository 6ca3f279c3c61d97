/**
 * Writes sandbox/data/collision-log.json again (after the generator changed and DATA_VERSION
 * moved): `npx tsx sandbox/data/write-collision-log.ts`.
 */
import { writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import * as prettier from 'prettier'
import { recordCollisionLog } from './collision-log'

const file = fileURLToPath(new URL('./collision-log.json', import.meta.url))
const log = recordCollisionLog(1, 20_000)
const options = (await prettier.resolveConfig(file)) ?? {}
writeFileSync(file, await prettier.format(JSON.stringify(log), { ...options, filepath: file }))
console.log(`wrote ${log.pairs.length / 2} collisions of seed ${log.seed} over ${log.count} people to ${file}`)
