// Why the sandbox indexes: Match Profiles through ProfileIndex versus the simplest linear scan
// that could answer the same exact name+company question, side by side in one run, at 20k and
// 100k profiles. The scan does strictly less work per profile than the index's scoring (exact
// string equality only), so the ratio understates the index's advantage.
// The queries are split into five runs: per run, the index's and the scan's mean per query.
// Run: npx tsx test/bench/index-vs-scan.bench.ts [--quick]
import type { WholePersonProfile } from '../../shared/api'
import { generateProfiles } from '../../sandbox/data/generate'
import { Random } from '../../sandbox/data/random'
import { ProfileIndex } from '../../sandbox/search/profile-index'
import { done, figure, progress, quick, report } from './lib/figures'

const SIZES = quick ? [2_000, 20_000] : [20_000, 100_000]
const QUERIES = 400
const RUNS = 5

function scan(profiles: readonly WholePersonProfile[], name: string, company: string): WholePersonProfile[] {
  const hits: WholePersonProfile[] = []
  for (const profile of profiles) {
    if (profile.full_name === name && profile.cur_company === company) hits.push(profile)
  }
  return hits
}

for (const size of SIZES) {
  const profiles = generateProfiles({ count: size, seed: 1 })
  const index = new ProfileIndex(profiles)
  const random = new Random(42)
  const targets = Array.from({ length: QUERIES }, () => profiles[random.int(0, size - 1)] as WholePersonProfile)
  const queries = targets.map((p) => ({ name: p.full_name as string, company: p.cur_company as string, key: p.key }))

  // Warm both paths once, then time them alternately, query by query, so machine noise hits both.
  for (const q of queries.slice(0, 20)) {
    index.match({ name: q.name, company: q.company }, { max: 5 })
    scan(profiles, q.name, q.company)
  }
  const indexMs: number[] = []
  const ratios: number[] = []
  let indexFound = 0
  let scanFound = 0
  const per = QUERIES / RUNS
  for (let run = 0; run < RUNS; run++) {
    let byIndexMs = 0
    let byScanMs = 0
    for (const q of queries.slice(run * per, (run + 1) * per)) {
      let t0 = performance.now()
      const byIndex = index.match({ name: q.name, company: q.company }, { max: 5 })
      byIndexMs += performance.now() - t0
      t0 = performance.now()
      const byScan = scan(profiles, q.name, q.company)
      byScanMs += performance.now() - t0
      if (byIndex.some((p) => p.key === q.key)) indexFound += 1
      if (byScan.some((p) => p.key === q.key)) scanFound += 1
    }
    indexMs.push(byIndexMs / per)
    ratios.push(byIndexMs / byScanMs)
  }
  const people = `${(size / 1000).toLocaleString('en')}k`
  progress(`${people}: index found ${indexFound}/${QUERIES}, scan found ${scanFound}/${QUERIES}`)
  report(
    figure({
      id: `index-vs-scan.${size}`,
      label: `Match Profiles (name + company) through the index, ${people} profiles, mean per query`,
      unit: 'ms',
      values: indexMs,
      ratio: { against: 'a linear scan for exact name + company', values: ratios },
      note: `found the person: index ${indexFound}/${QUERIES}, scan ${scanFound}/${QUERIES}`
    })
  )
}
done('Index vs scan')
