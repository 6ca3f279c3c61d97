// `npm run bench`: runs every test/bench/*.bench.ts in its own process, one after another (so
// each measures time and memory without the others' heap), collects the figures they report
// (test/bench/lib/figures.ts), prints ONE table and writes bench/results.json; a full run also
// puts the table at the end of bench/README.md, which explains each figure.
//
//   npm run bench                       everything (a few minutes on 2 cores)
//   npm run bench -- --quick            a smoke run: smaller data, fewer rounds
//   npm run bench -- client renderer    only the benches whose file name contains a word
//   npm run bench -- --out file.json    the results there instead
//
// A quick or partial run writes bench/results.partial.json instead, and leaves bench/README.md alone.
import { spawn, spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import { join, resolve } from 'node:path'
import { createInterface } from 'node:readline'
import * as prettier from 'prettier'
import { formatMarkdown, formatTable, type ReportedFigure } from './lib/table'

const dir = import.meta.dirname
const root = resolve(dir, '../..')
const args = process.argv.slice(2)
const quick = args.includes('--quick')
const outAt = args.indexOf('--out')
const out = outAt === -1 ? undefined : args[outAt + 1]
const only = args.filter((arg, i) => !arg.startsWith('--') && (outAt === -1 || i !== outAt + 1))

/** The order of the table: the issue's figures first, then today's store and sandbox benches. */
const ORDER = [
  'first-result',
  'client-path',
  'validation',
  'bridge',
  'renderer',
  'saved-search',
  'memory',
  'store',
  'restore',
  'sandbox-start',
  'sandbox-http',
  'sandbox-data',
  'index-vs-scan'
]
const rank = (file: string) => {
  const i = ORDER.indexOf(file.replace(/\.bench\.ts$/, ''))
  return i === -1 ? ORDER.length : i
}
const files = readdirSync(dir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => only.length === 0 || only.some((filter) => name.includes(filter)))
  .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))

interface BenchRun {
  bench: string
  ok: boolean
  seconds: number
}

function runBench(file: string): Promise<{ figures: ReportedFigure[]; run: BenchRun }> {
  const bench = file.replace(/\.bench\.ts$/, '')
  const figures: ReportedFigure[] = []
  const t0 = performance.now()
  process.stderr.write(`\n▶ ${bench}\n`)
  const child = spawn(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', join(dir, file), ...(quick ? ['--quick'] : [])],
    { cwd: root, env: { ...process.env, TD_BENCH_RUNNER: '1' }, stdio: ['ignore', 'pipe', 'inherit'] }
  )
  createInterface({ input: child.stdout }).on('line', (line) => {
    if (line.startsWith('BENCH-FIGURE ')) {
      const f = JSON.parse(line.slice('BENCH-FIGURE '.length)) as ReportedFigure
      figures.push({ bench, ...f })
    } else {
      process.stderr.write(`  ${line}\n`)
    }
  })
  return new Promise((done) => {
    child.on('close', (code) => {
      const seconds = Math.round((performance.now() - t0) / 100) / 10
      process.stderr.write(
        `  (${bench}: ${figures.length} figures, ${seconds} s${code === 0 ? '' : `, FAILED (${code})`})\n`
      )
      done({ figures, run: { bench, ok: code === 0, seconds } })
    })
  })
}

function git(...gitArgs: string[]): string {
  const out = spawnSync('git', gitArgs, { cwd: root, encoding: 'utf8' })
  return out.status === 0 ? out.stdout.trim() : ''
}

const startedAt = new Date()
const loadBefore = os.loadavg()
const figures: ReportedFigure[] = []
const runs: BenchRun[] = []
for (const file of files) {
  const result = await runBench(file)
  figures.push(...result.figures)
  runs.push(result.run)
}

const cpus = os.cpus()
const machine = {
  cpu: cpus[0]?.model.trim() ?? 'unknown',
  cores: cpus.length,
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  os: `${os.type()} ${os.release()} ${os.arch()}`,
  node: process.version,
  /** 1-minute load average before and after the run: how busy the machine was. */
  load: { before: round1(loadBefore[0]), after: round1(os.loadavg()[0]) }
}
const dirty = git('status', '--porcelain', '--untracked-files=no').length > 0
const results = {
  date: startedAt.toISOString(),
  machine,
  commit: `${git('rev-parse', '--short', 'HEAD')}${dirty ? ' (with uncommitted changes)' : ''}`,
  quick,
  only: only.length > 0 ? only : undefined,
  seconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  benches: runs,
  figures
}
function round1(n: number | undefined): number {
  return Math.round((n ?? 0) * 10) / 10
}

const complete = !quick && only.length === 0 && runs.every((r) => r.ok)
const outFile =
  out !== undefined ? resolve(out) : join(root, 'bench', complete ? 'results.json' : 'results.partial.json')
writeFileSync(outFile, `${JSON.stringify(results, null, 2)}\n`)

const missed = figures.filter((f) => f.aim && !f.aim.met)
const aimed = figures.filter((f) => f.aim)
const about = `${startedAt.toISOString().slice(0, 10)}, ${machine.cores} × ${machine.cpu}, ${machine.memoryGb} GB, Node ${machine.node}, load ${machine.load.before} → ${machine.load.after}, commit ${results.commit}${quick ? ', --quick' : ''}`
console.log(`\nTalent Desk bench — ${about}\n`)
console.log(formatTable(figures))
console.log(
  `\n${aimed.length - missed.length} of ${aimed.length} aims met${missed.length > 0 ? ` (not met: ${missed.map((f) => f.id).join(', ')})` : ''}; ` +
    `${runs.filter((r) => r.ok).length} of ${runs.length} benches ran in ${results.seconds} s; wrote ${outFile.startsWith(root) ? outFile.slice(root.length + 1) : outFile}`
)
if (complete && out === undefined) await updateBenchPage(about)
for (const r of runs.filter((run) => !run.ok)) console.log(`FAILED: ${r.bench}`)
process.exit(runs.every((r) => r.ok) ? 0 : 1)

/** Replaces the table between bench/README.md's markers with this run's (then prettier, as `npm run format` would). */
async function updateBenchPage(aboutRun: string): Promise<void> {
  const readme = join(root, 'bench', 'README.md')
  const text = readFileSync(readme, 'utf8')
  const start = '<!-- bench:start -->'
  const end = '<!-- bench:end -->'
  const from = text.indexOf(start)
  const to = text.indexOf(end)
  if (from === -1 || to < from) return
  const body = `${start}\n\nLatest full run: ${aboutRun}; ${results.seconds} s.\n\n${formatMarkdown(figures)}\n\n${end}`
  const updated = text.slice(0, from) + body + text.slice(to + end.length)
  const options = (await prettier.resolveConfig(readme)) ?? {}
  writeFileSync(readme, await prettier.format(updated, { ...options, filepath: readme }))
  console.log('updated the latest full run in bench/README.md')
}
