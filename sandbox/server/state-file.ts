import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { z } from 'zod'

/**
 * The organisation's state as the sandbox keeps it between runs (credits, purchases, refresh
 * jobs, call log, conversations, workspaces), so it behaves like a service that lives on while
 * its client is closed. Times are absolute, so lookups and jobs move on while nobody watches.
 */
export const STATE_VERSION = 1

const purchase = z.object({
  key: z.string(),
  contactType: z.enum(['Email', 'Phone']),
  guid: z.string(),
  requestedAt: z.number(),
  willFail: z.boolean()
})
const run = z.object({
  handle: z.string(),
  finishAt: z.number(),
  profileKey: z.string().optional(),
  error: z.string().optional(),
  applied: z.boolean()
})
const job = z.object({ jobId: z.string(), createdAt: z.number(), saveToStorage: z.boolean(), runs: z.array(run) })
const transaction = z.object({
  at: z.number(),
  record: z.object({
    id: z.string(),
    request: z.string(),
    response: z.string(),
    request_date: z.string(),
    response_date: z.string(),
    request_type: z.enum([
      'MatchProfiles',
      'ConversationalSearch',
      'GetPremiumContacts',
      'RefreshProfiles',
      'GetJobStatus',
      'GetJobData'
    ]),
    partner_name: z.string()
  })
})
const conversation = z.object({
  id: z.string(),
  query: z.record(z.string(), z.unknown()),
  turns: z.number(),
  updatedAt: z.number()
})
const workspace = z.object({
  id: z.string(),
  name: z.string(),
  keys: z.array(z.string()),
  created_at: z.string(),
  updated_at: z.string()
})

export const sandboxStateSchema = z.object({
  version: z.literal(STATE_VERSION),
  credits: z.object({ available: z.number().int(), used: z.number().int() }),
  purchases: z.array(purchase),
  jobs: z.array(job),
  transactions: z.array(transaction),
  conversations: z.array(conversation),
  workspaces: z.array(z.object({ userId: z.string(), workspaces: z.array(workspace) })),
  /**
   * When this sandbox's state began (ISO time): late arrivals join the index counted from it
   * (sandbox/server/arrivals.ts). Absent in older files, which still load (the version stays 1):
   * the sandbox then takes its clock's now and saves it. An unreadable time is treated as absent.
   */
  epoch: z.string().optional()
})
export type SandboxState = z.infer<typeof sandboxStateSchema>

/**
 * Reads the state file. Missing: null (a fresh start). Unreadable or of another version: it is
 * moved aside (never deleted) and null is returned with a sentence saying so.
 */
export function loadState(
  file: string,
  now: () => Date = () => new Date()
): { state: SandboxState | null; note: string | null } {
  if (!existsSync(file)) return { state: null, note: null }
  try {
    const parsed = sandboxStateSchema.safeParse(JSON.parse(readFileSync(file, 'utf8')))
    if (parsed.success) return { state: parsed.data, note: null }
  } catch {
    // not JSON: set aside below
  }
  const aside = `${file}.damaged-${now().toISOString().replace(/[:.]/g, '-')}`
  try {
    renameSync(file, aside)
  } catch {
    // The folder refuses the rename: start afresh anyway, and the next save writes over it.
    return {
      state: null,
      note: 'The sandbox’s saved state could not be read or set aside, so it started afresh (full credits, no purchases or jobs).'
    }
  }
  return {
    state: null,
    note: 'The sandbox’s saved state could not be read, so it started afresh (full credits, no purchases or jobs). The old file was kept beside it.'
  }
}

/**
 * Writes atomically (a temporary file renamed over the old one), readable by this user only.
 * Not flushed with fsync: a killed sandbox loses nothing written, a power cut might (fsync cost
 * 5–8 ms more per purchase on a loaded machine, for a local test peer).
 */
export function saveStateSync(file: string, state: SandboxState): void {
  const temp = `${file}.tmp-${process.pid}`
  writeFileSync(temp, JSON.stringify(state), { mode: 0o600 })
  renameSync(temp, file)
}
