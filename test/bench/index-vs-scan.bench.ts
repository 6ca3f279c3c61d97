// Why the sandbox indexes: Match Profiles through ProfileIndex versus the simplest linear scan
// that could answer the same exact name+company question, side by side in one run, at 20k and
// 100k profiles. The scan does strictly less work per profile than the index's scoring (exact
// string equality only), so the ratio understates the index's advantage.
// Run: npx tsx test/bench/index-vs-scan.bench.ts
import type { WholePersonProfile } from '../../shared/api'
import { generateProfiles } from '../../sandbox/data/generate'
import { Random } from '../../sandbox/data/random'
import { ProfileIndex } from '../../sandbox/search/profile-index'

const SIZES = [20_000, 100_000]
const QUERIES = 400

function scan(profiles: readonly WholePersonProfile[], name: string, company: string): WholePersonProfile[] {
  const hits: WholePersonProfile[] = []
  for (const profile of profiles) {
    if (profile.full_name === name && profile.cur_company === company) hits.push(profile)
  }
  return hits
}

const rows: string[] = []
for (const size of SIZES) {
  const profiles = generateProfiles({ count: size, seed: 1 })
  const index = new ProfileIndex(profiles)
  const random = new Random(42)
  const targets = Array.from({ length: QUERIES }, () => profiles[random.int(0, size - 1)] as WholePersonProfile)
  const queries = targets.map((p) => ({ name: p.full_name as string, company: p.cur_company as string, key: p.key }))

  // Warm both paths once, then time them alternately in rounds so machine noise hits both.
  for (const q of queries.slice(0, 20)) {
    index.match({ name: q.name, company: q.company }, { max: 5 })
    scan(profiles, q.name, q.company)
  }
  let indexMs = 0
  let scanMs = 0
  let indexFound = 0
  let scanFound = 0
  for (const q of queries) {
    let t0 = performance.now()
    const byIndex = index.match({ name: q.name, company: q.company }, { max: 5 })
    indexMs += performance.now() - t0
    t0 = performance.now()
    const byScan = scan(profiles, q.name, q.company)
    scanMs += performance.now() - t0
    if (byIndex.some((p) => p.key === q.key)) indexFound += 1
    if (byScan.some((p) => p.key === q.key)) scanFound += 1
  }
  rows.push(
    [
      size.toLocaleString('en-US').padStart(8),
      (indexMs / QUERIES).toFixed(3).padStart(10),
      (scanMs / QUERIES).toFixed(3).padStart(10),
      `${(scanMs / indexMs).toFixed(1)}×`.padStart(8),
      `${indexFound}/${QUERIES}`.padStart(9),
      `${scanFound}/${QUERIES}`.padStart(9)
    ].join('  ')
  )
}

console.log('Match Profiles (name + company), mean ms per query, same queries, one run')
console.log(
  [
    'profiles'.padStart(8),
    'index ms'.padStart(10),
    'scan ms'.padStart(10),
    'scan/idx'.padStart(8),
    'idx found'.padStart(9),
    'scan found'.padStart(9)
  ].join('  ')
)
for (const row of rows) console.log(row)
