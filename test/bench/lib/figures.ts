/**
 * The one shape every bench reports in, and the helpers to measure it. Every figure is a
 * statistic of one run (a time, a p99, a rate, a ratio measured inside the run) repeated over
 * `runs` runs: the figure is the median of those, with their min and max. A comparison is
 * measured side by side inside each run (A and B interleaved, see `interleave`); the figure's
 * `ratio` is the median over runs of each run's median(A) / median(B).
 *
 * A bench run by test/bench/run.ts prints each figure as one `BENCH-FIGURE {json}` line on
 * stdout (anything else it prints is progress, shown on stderr); run alone
 * (`npx tsx test/bench/x.bench.ts`) it prints its own table.
 */
import { formatTable } from './table'

export const quick = process.argv.includes('--quick')
/** Set by test/bench/run.ts: figures go to it as JSON lines, not to a table here. */
const underRunner = process.env['TD_BENCH_RUNNER'] === '1'

export type AimOp = '<=' | '<' | '>='

export interface Figure {
  /** Stable name, e.g. `client.path.5`: results.json is compared run to run by it. */
  id: string
  label: string
  unit: string
  median: number
  min: number
  max: number
  runs: number
  /** This figure against another measured side by side in the same runs. */
  ratio?: { against: string; value: number; min: number; max: number }
  /** What the issue aims for; `of` says whether it is the figure's median or its ratio. */
  aim?: { of: 'median' | 'ratio'; op: AimOp; value: number; met: boolean }
  note?: string
}

export interface FigureSpec {
  id: string
  label: string
  unit: string
  /** One value per run. */
  values: readonly number[]
  ratio?: { against: string; values: readonly number[] }
  aim?: { of?: 'median' | 'ratio'; op: AimOp; value: number }
  note?: string
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  return sorted[rank]!
}

const met = (value: number, op: AimOp, target: number): boolean =>
  op === '<=' ? value <= target : op === '<' ? value < target : value >= target

export function figure(spec: FigureSpec): Figure {
  const values = spec.values.filter((v) => Number.isFinite(v))
  const result: Figure = {
    id: spec.id,
    label: spec.label,
    unit: spec.unit,
    median: median(values),
    min: Math.min(...values),
    max: Math.max(...values),
    runs: values.length
  }
  if (spec.ratio) {
    const ratios = spec.ratio.values.filter((v) => Number.isFinite(v))
    result.ratio = {
      against: spec.ratio.against,
      value: median(ratios),
      min: Math.min(...ratios),
      max: Math.max(...ratios)
    }
  }
  if (spec.aim) {
    const of = spec.aim.of ?? 'median'
    const value = of === 'ratio' ? (result.ratio?.value ?? NaN) : result.median
    result.aim = { of, op: spec.aim.op, value: spec.aim.value, met: met(value, spec.aim.op, spec.aim.value) }
  }
  if (spec.note !== undefined) result.note = spec.note
  return result
}

const reported: Figure[] = []

/** Hands figures to the runner (or keeps them for this bench's own table). */
export function report(...figures: Figure[]): void {
  for (const f of figures) {
    if (underRunner) process.stdout.write(`BENCH-FIGURE ${JSON.stringify(f)}\n`)
    reported.push(f)
  }
}

/** Ends a bench run alone: prints the table of what it reported. */
export function done(title: string): void {
  if (!underRunner) console.log(`\n${title}\n${formatTable(reported)}`)
}

/** Progress for the person waiting: stderr, so it never mixes with the figures. */
export function progress(message: string): void {
  process.stderr.write(`  ${message}\n`)
}

/**
 * A and B side by side: `warmup` unmeasured rounds, then `rounds` rounds of one A and one B,
 * the order swapped every round so neither always runs first (on a warmer cache, or just after
 * the garbage the other left). Returns each side's times in ms.
 */
export async function interleave(
  a: () => Promise<unknown> | unknown,
  b: () => Promise<unknown> | unknown,
  { warmup, rounds }: { warmup: number; rounds: number }
): Promise<{ a: number[]; b: number[] }> {
  const times = { a: [] as number[], b: [] as number[] }
  for (let i = 0; i < warmup + rounds; i++) {
    for (const side of i % 2 === 0 ? (['a', 'b'] as const) : (['b', 'a'] as const)) {
      const t0 = performance.now()
      await (side === 'a' ? a() : b())
      const ms = performance.now() - t0
      if (i >= warmup) times[side].push(ms)
    }
  }
  return times
}

/** Runs `gc()` twice (when node runs with --expose-gc, as the runner starts it). */
export function gc(): void {
  const collect = (globalThis as { gc?: () => void }).gc
  collect?.()
  collect?.()
}

/** Repeats `run` `runs` times and returns its results in order. */
export async function repeat<T>(runs: number, run: (index: number) => Promise<T> | T): Promise<T[]> {
  const out: T[] = []
  for (let i = 0; i < runs; i++) out.push(await run(i))
  return out
}
