import { z } from 'zod'

/**
 * Fault SPEC grammar (also in sandbox/README.md): comma-separated `name=value` items.
 *   latency=MIN-MAX | latency=MS   added delay in ms, uniform in [MIN, MAX]
 *   500=P 503=P 429=P              share (0..1) of requests answered with that status
 *   malformed=P truncated=P drop=P share answered with invalid JSON, with a cut body, or with a destroyed socket
 *   stall=P                        share whose answer is held back stallMs (the handler has run: a client's time-out)
 *   stallMs=MS                     how long a stalled request is held (default 30000)
 *   retryAfter=S                   Retry-After seconds sent with 429 (default 1)
 *   rate=N                         at most N requests in any second (a sliding window); the rest answered 429
 *   seed=N                         PRNG seed (default 1)
 *   oauth=1 mcp=1                  also apply to /api/oauth/token and /mcp (off by default)
 * The shares together must not exceed 1.
 */
// New kinds go last: a SPEC without them draws the same sequence as before.
export const faultKinds = ['500', '503', '429', 'malformed', 'truncated', 'drop', 'stall'] as const
export type FaultKind = (typeof faultKinds)[number]

const share = z.coerce.number().min(0).max(1)

export const faultConfigSchema = z
  .strictObject({
    latencyMin: z.number().int().min(0).max(60_000),
    latencyMax: z.number().int().min(0).max(60_000),
    shares: z.strictObject({
      '500': share,
      '503': share,
      '429': share,
      malformed: share,
      truncated: share,
      drop: share,
      stall: share
    }),
    stallMs: z.number().int().min(0).max(600_000),
    retryAfterSeconds: z.number().int().min(0).max(3600),
    /** Requests let through in any second (0: no limit). */
    ratePerSecond: z.number().int().min(0).max(100_000),
    seed: z.number().int(),
    applyToOAuth: z.boolean(),
    applyToMcp: z.boolean()
  })
  .refine((c) => c.latencyMin <= c.latencyMax, { message: 'latency MIN must not exceed MAX', path: ['latency'] })
  .refine((c) => Object.values(c.shares).reduce((a, b) => a + b, 0) <= 1 + 1e-9, {
    message: 'fault shares add up to more than 1',
    path: ['shares']
  })
export type FaultConfig = z.infer<typeof faultConfigSchema>

export class FaultSpecError extends Error {}

const intText = z
  .string()
  .regex(/^-?\d+$/)
  .transform(Number)

/** Parses a SPEC string; throws FaultSpecError naming the bad item. An empty SPEC means no faults. */
export function parseFaultSpec(spec: string): FaultConfig {
  const raw = {
    latencyMin: 0,
    latencyMax: 0,
    shares: { '500': 0, '503': 0, '429': 0, malformed: 0, truncated: 0, drop: 0, stall: 0 } as Record<
      FaultKind,
      number
    >,
    stallMs: 30_000,
    retryAfterSeconds: 1,
    ratePerSecond: 0,
    seed: 1,
    applyToOAuth: false,
    applyToMcp: false
  }
  for (const item of spec
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
    const [name = '', value = '', ...rest] = item.split('=')
    if (rest.length > 0 || value === '') throw new FaultSpecError(`fault item "${item}" is not name=value`)
    const int = (v: string): number => {
      const parsed = intText.safeParse(v)
      if (!parsed.success) throw new FaultSpecError(`fault item "${item}": "${v}" is not an integer`)
      return parsed.data
    }
    if (name === 'latency') {
      const range = value.split('-')
      raw.latencyMin = int(range[0] ?? '')
      raw.latencyMax = range.length > 1 ? int(range[1] ?? '') : raw.latencyMin
    } else if ((faultKinds as readonly string[]).includes(name)) {
      const p = share.safeParse(value)
      if (!p.success || value.trim() === '')
        throw new FaultSpecError(`fault item "${item}": share must be a number in 0..1`)
      raw.shares[name as FaultKind] = p.data
    } else if (name === 'seed') raw.seed = int(value)
    else if (name === 'retryAfter') raw.retryAfterSeconds = int(value)
    else if (name === 'rate') raw.ratePerSecond = int(value)
    else if (name === 'stallMs') raw.stallMs = int(value)
    else if (name === 'oauth') raw.applyToOAuth = value === '1' || value === 'true'
    else if (name === 'mcp') raw.applyToMcp = value === '1' || value === 'true'
    else throw new FaultSpecError(`unknown fault item "${name}"`)
  }
  const parsed = faultConfigSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new FaultSpecError(`fault SPEC "${spec}": ${issue?.path.join('.')} ${issue?.message}`)
  }
  return parsed.data
}

export const hasFaults = (c: FaultConfig): boolean =>
  c.latencyMax > 0 || c.ratePerSecond > 0 || Object.values(c.shares).some((p) => p > 0)
