/**
 * The saved-people search as the recruiter types: 100,000+ saved people, each word typed a
 * letter at a time, every keystroke one `searchSaved` call through the router (limit 500, as
 * the Shortlists screen asks). p50 and p99 of the keystrokes of each run, for common words
 * (every prefix matches thousands) and rare ones (surnames 100, 20 and 1 of them have).
 * Run alone: npx tsx test/bench/saved-search.bench.ts [--quick]
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openStore } from '../../electron/main/store'
import { makeProfile } from '../integration/store/fixtures/profiles'
import { done, figure, gc, median, percentile, progress, quick, report } from './lib/figures'
import { sender, startMain } from './lib/main'

const PEOPLE = quick ? 20_000 : 100_000
const RUNS = quick ? 2 : 5
const COMMON = ['rust', 'engineer', 'kowalski', 'lisbon', 'staff engineer']
// Rare from the first letter: no fixture word starts with q, x or v.
const RARE = ['quennell', 'xiomara', 'vasquez']

// Seed: the store bench's people, with two rare surnames among them.
const dataDir = mkdtempSync(join(tmpdir(), 'td-bench-saved-'))
{
  const t0 = performance.now()
  const store = openStore({ dataDir })
  const list = store.shortlists.create('everyone')
  for (let i = 0; i < PEOPLE; i += 5000) {
    store.members.addMany(
      list.id,
      Array.from({ length: Math.min(5000, PEOPLE - i) }, (_, j) => {
        const n = i + j
        const profile = makeProfile(n, 13)
        const rare = n % 5000 === 4321 ? 'Quennell' : n % 1000 === 123 ? 'Vasquez' : n === 7777 ? 'Xiomara' : null
        if (rare !== null)
          Object.assign(profile, { last_name: rare, full_name: `${String(profile['first_name'])} ${rare}` })
        return { profile }
      })
    )
  }
  store.close()
  progress(`seeded ${PEOPLE.toLocaleString('en')} saved people in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
}

const app = await startMain({ dataDir })
gc()
const hits = new Map<string, number>()
async function keystrokes(words: readonly string[]): Promise<number[]> {
  const times: number[] = []
  for (const word of words) {
    for (let end = 1; end <= word.length; end++) {
      const query = word.slice(0, end)
      const t0 = performance.now()
      const reply = await app.main.router.handle('searchSaved', { query, limit: 500 }, sender)
      times.push(performance.now() - t0)
      if (process.env.TD_TRACE) progress(`${query}: ${(performance.now() - t0).toFixed(1)} ms`)
      if (!reply.ok) throw new Error(JSON.stringify(reply.error))
      if (end === word.length) hits.set(word, (reply.data as unknown[]).length)
    }
  }
  return times
}

await keystrokes([...COMMON, ...RARE]) // warm: statements prepared, pages cached
const stats = {
  common: { p50: [] as number[], p99: [] as number[] },
  rare: { p50: [] as number[], p99: [] as number[] }
}
let commonCount = 0
let rareCount = 0
for (let run = 0; run < RUNS; run++) {
  // each word twice a run, the two kinds alternating
  const common = [...(await keystrokes(COMMON)), ...(await keystrokes(COMMON.toReversed()))]
  const rare = [...(await keystrokes(RARE)), ...(await keystrokes(RARE.toReversed()))]
  commonCount = common.length
  rareCount = rare.length
  stats.common.p50.push(median(common))
  stats.common.p99.push(percentile(common, 99))
  stats.rare.p50.push(median(rare))
  stats.rare.p99.push(percentile(rare, 99))
  progress(
    `run ${run + 1}: common p50 ${median(common).toFixed(1)} / p99 ${percentile(common, 99).toFixed(1)} ms, rare p50 ${median(rare).toFixed(1)} / p99 ${percentile(rare, 99).toFixed(1)} ms`
  )
}
const about = (words: readonly string[], n: number) =>
  `${n} keystrokes a run typing ${words.map((w) => `"${w}" (${hits.get(w)} hits)`).join(', ')}`
const people = `${PEOPLE.toLocaleString('en')} saved people`
report(
  figure({
    id: 'saved-search.common.p99',
    label: `saved-people search as you type, common words, p99 (${people})`,
    unit: 'ms',
    values: stats.common.p99,
    aim: { op: '<', value: 16 },
    note: about(COMMON, commonCount)
  }),
  figure({
    id: 'saved-search.common.p50',
    label: 'saved-people search as you type, common words, p50',
    unit: 'ms',
    values: stats.common.p50
  }),
  figure({
    id: 'saved-search.rare.p99',
    label: 'saved-people search as you type, rare words, p99',
    unit: 'ms',
    values: stats.rare.p99,
    aim: { op: '<', value: 16 },
    note: about(RARE, rareCount)
  }),
  figure({
    id: 'saved-search.rare.p50',
    label: 'saved-people search as you type, rare words, p50',
    unit: 'ms',
    values: stats.rare.p50
  })
)
await app.close()
rmSync(dataDir, { recursive: true, force: true })
done('Saved-people search')
