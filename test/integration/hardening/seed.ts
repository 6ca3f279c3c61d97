import type fc from 'fast-check'

/**
 * One seed per test file, printed once: a failure prints it too (with fast-check's shrunk
 * counterexample and path), and `HARDENING_SEED=<n> npx vitest run test/integration/hardening`
 * replays the very same inputs.
 */
export function hardeningSeed(file: string): number {
  const fromEnv = process.env.HARDENING_SEED
  const seed =
    fromEnv !== undefined && fromEnv !== '' ? Number(fromEnv) : (Date.now() ^ (Math.random() * 0x7fffffff)) | 0
  if (!Number.isInteger(seed)) throw new Error(`HARDENING_SEED must be an integer, got “${fromEnv}”`)
  console.info(`[hardening] ${file}: seed ${seed} (replay with HARDENING_SEED=${seed})`)
  return seed
}

/** `HARDENING_SCALE=20` runs twenty times as many inputs (a deeper search, off CI). */
const scale = Number(process.env.HARDENING_SCALE ?? '1') || 1

/** fast-check parameters for `numRuns` inputs from `seed` (times HARDENING_SCALE). */
export function runs(seed: number, numRuns: number): fc.Parameters<unknown> {
  return { seed, numRuns: Math.ceil(numRuns * scale) }
}
