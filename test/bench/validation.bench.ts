/**
 * Tolerant validation of WholePersonProfile arrays, as the Partner API client reads a Match
 * Profiles body: parseJson (JSON.parse; where a 16-digit run appears, the int64 tokens' digits
 * put back as BigInt, or the lossless parser when that is ambiguous),
 * the list shape, then each record's mismatches (a compiled yes/no, zod's full parse only for
 * a record it rejects). Interleaved with JSON.parse alone on the same text.
 * Run alone: npx tsx test/bench/validation.bench.ts [--quick]
 */
import { asList } from '../../electron/main/api/list-shape'
import { readJsonText } from '../../electron/main/api/response-body'
import { generateProfiles } from '../../sandbox/data/generate'
import { issuesOf, wholePersonProfileSchema } from '../../shared/api'
import { done, figure, interleave, median, progress, quick, report } from './lib/figures'

const RUNS = quick ? 2 : 5
const ARRAYS = quick ? 5 : 20
const PER_ARRAY = 100

/** What PartnerClient.matchProfiles does with a body (its `tolerant` for each record). */
function readProfiles(text: string): number {
  const { items } = asList(readJsonText(text))
  let mismatched = 0
  for (const item of items) if (issuesOf(wholePersonProfileSchema, item).length > 0) mismatched++
  return mismatched
}

const people = generateProfiles({ count: ARRAYS * PER_ARRAY, seed: 3 })
const bodies = Array.from({ length: ARRAYS }, (_, i) =>
  JSON.stringify(people.slice(i * PER_ARRAY, (i + 1) * PER_ARRAY))
)
// The same arrays where one record in twenty takes a liberty the spec does not allow (a year
// as words, an unknown field inside a strict object): those go through zod's full parse.
const liberal = bodies.map((body) =>
  JSON.stringify(
    (JSON.parse(body) as Array<Record<string, unknown>>).map((p, i) =>
      i % 20 === 3 ? { ...p, grad_year: 'twenty', cur_title: 42 } : p
    )
  )
)
// The same arrays where every record carries int64 ids beyond 2^53 (the spec's CoAuthor and
// Paper ids; some a few apart, as sequential ids are): parseJson keeps them exact.
const withIds = bodies.map((body, a) =>
  JSON.stringify(
    (JSON.parse(body) as Array<Record<string, unknown>>).map((p, i) => ({
      ...p,
      x_coauthor_ids: [0, 1, 2].map((k) => `@@${4611686018427387904n + BigInt(a * 1_000_000 + i * 7 + k)}@@`)
    }))
  ).replace(/"@@(\d+)@@"/g, '$1')
)
const mb = (texts: string[]) => texts.reduce((n, t) => n + Buffer.byteLength(t), 0) / 1e6
progress(
  `${ARRAYS} arrays of ${PER_ARRAY} profiles, ${(mb(bodies) / ARRAYS).toFixed(2)} MB each; mismatches in the liberal set: ${liberal.reduce((n, t) => n + readProfiles(t), 0)}`
)

for (const [id, label, texts] of [
  ['validation.profiles', 'WholePersonProfile arrays (100 each): parse + validate', bodies],
  ['validation.liberal', 'the same, 1 record in 20 mismatched (zod names the issues)', liberal],
  ['validation.int64', 'the same, each record with three int64 ids (kept exact as BigInt)', withIds]
] as const) {
  const rates: number[] = []
  const ratios: number[] = []
  const parseRates: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const a: number[] = []
    const b: number[] = []
    // every array once per pass, three passes: A (the client's read) and B (JSON.parse) side by side
    for (let pass = 0; pass < 3; pass++) {
      for (const text of texts) {
        const times = await interleave(
          () => readProfiles(text),
          () => JSON.parse(text) as unknown,
          { warmup: run === 0 && pass === 0 ? 2 : 0, rounds: 2 }
        )
        a.push(...times.a.map((ms) => ms / Buffer.byteLength(text)))
        b.push(...times.b.map((ms) => ms / Buffer.byteLength(text)))
      }
    }
    // ms per byte → MB/s
    rates.push(1 / (median(a) * 1e3))
    parseRates.push(1 / (median(b) * 1e3))
    ratios.push(median(a) / median(b))
    progress(`${id} run ${run + 1}: ${rates.at(-1)!.toFixed(0)} MB/s, ${ratios.at(-1)!.toFixed(2)}× JSON.parse's time`)
  }
  report(
    figure({
      id,
      label,
      unit: 'MB/s',
      values: rates,
      ratio: { against: 'JSON.parse alone (time)', values: ratios },
      ...(id === 'validation.profiles' ? { aim: { of: 'ratio', op: '<=', value: 2 } as const } : {}),
      note: 'median MB/s over the arrays of each run; the ratio is the time of parse + validate over JSON.parse alone on the same text'
    })
  )
  if (id === 'validation.profiles')
    report(
      figure({ id: 'validation.json-parse', label: 'JSON.parse alone, same arrays', unit: 'MB/s', values: parseRates })
    )
}
done('Validation')
