// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after another, so
// each measures time and memory without the others' heap. Each prints its own table.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const dir = import.meta.dirname
const only = process.argv.slice(2)
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort()

let failed = 0
for (const file of files) {
  console.log(`\n=== ${file} ===`)
  const result = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(dir, file)], { stdio: 'inherit' })
  if (result.status !== 0) failed += 1
}
console.log(`\n${files.length - failed} benches ran, ${failed} failed`)
process.exit(failed === 0 ? 0 : 1)
