import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'

// `npm run bench` end to end, on its quickest bench: the runner starts the bench in a process
// of its own, collects its figures, prints one table and writes the results file.
const root = resolve(import.meta.dirname, '../../..')

describe('npm run bench', () => {
  it('runs a bench with --quick, prints the table and writes every figure in the one shape', () => {
    const dir = mkdtempSync(join(tmpdir(), 'td-bench-test-'))
    try {
      const out = join(dir, 'results.json')
      const run = spawnSync(
        process.execPath,
        ['--import', 'tsx', 'test/bench/run.ts', '--quick', 'validation', '--out', out],
        { cwd: root, encoding: 'utf8', timeout: 60_000 }
      )
      expect(run.status, run.stderr).toBe(0)
      expect(run.stdout).toMatch(/^figure +median +min–max +unit +runs/m)
      expect(run.stdout).toContain('[validation]')
      const results = JSON.parse(readFileSync(out, 'utf8')) as {
        date: string
        machine: { cpu: string; cores: number; node: string }
        commit: string
        quick: boolean
        figures: Array<Record<string, unknown>>
      }
      expect(results.quick).toBe(true)
      expect(results.machine.cores).toBeGreaterThan(0)
      expect(results.machine.node).toBe(process.version)
      expect(results.commit).not.toBe('')
      const figure = results.figures.find((f) => f['id'] === 'validation.profiles')
      expect(figure).toMatchObject({
        bench: 'validation',
        unit: 'MB/s',
        ratio: { against: 'JSON.parse alone (time)' },
        aim: { of: 'ratio', op: '<=', value: 2 }
      })
      for (const f of results.figures) {
        expect(f['median']).toBeTypeOf('number')
        expect(f['min'] as number).toBeLessThanOrEqual(f['median'] as number)
        expect(f['max'] as number).toBeGreaterThanOrEqual(f['median'] as number)
        expect(f['runs'] as number).toBeGreaterThan(0)
      }
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  }, 30_000)
})
