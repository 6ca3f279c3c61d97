import { z } from 'zod'

/**
 * The reviewed allow-list of the security scan (`security/allow-list.json`): every finding the
 * scanner reports must match an entry here, and every entry must still match a finding.
 */

/** One finding, normalised from electronegativity's report. */
export interface Finding {
  /** electronegativity's check id, e.g. `CONTEXT_ISOLATION_JS_CHECK`. */
  check: string
  /** Path relative to the scanned root (`electron/main/index.ts`), or `(global)` for a global check. */
  file: string
  line?: number
  column?: number
  severity: string
  confidence: string
  /** The flagged source line, trimmed (absent for global checks). */
  sample?: string
  description: string
  url?: string
}

/** What global checks (CSP, navigation limits, permission handler) report instead of a file. */
export const GLOBAL_FILE = '(global)'

const isoDate = /^\d{4}-\d{2}-\d{2}$/

const entrySchema = z.strictObject({
  check: z.string().regex(/^[A-Z0-9_]+$/, 'a check id such as CONTEXT_ISOLATION_JS_CHECK'),
  /** An exact path, a glob (`*` within a folder, `**` across folders, `?` one character), or `(global)`. */
  file: z.string().min(1),
  /** When given, the flagged source line must contain this text: pins the entry to one call. */
  match: z.string().min(1).optional(),
  reason: z
    .string()
    .refine((text) => text.trim().length >= 20, 'a reason of at least 20 characters saying why this is safe'),
  reviewed: z
    .string()
    .regex(isoDate, 'a date YYYY-MM-DD')
    .refine((text) => !Number.isNaN(Date.parse(text)), 'a real date')
    .optional()
})

export const allowListSchema = z.strictObject({
  $comment: z.string().optional(),
  allowed: z.array(entrySchema)
})

export type AllowEntry = z.infer<typeof entrySchema>
export type AllowList = z.infer<typeof allowListSchema>

export class AllowListError extends Error {
  override name = 'AllowListError'
}

/** Parses and checks the allow-list text; throws AllowListError naming each problem. */
export function parseAllowList(text: string): AllowList {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (error) {
    throw new AllowListError(`not valid JSON: ${(error as Error).message}`)
  }
  const parsed = allowListSchema.safeParse(json)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`)
    throw new AllowListError(problems.join('\n'))
  }
  return parsed.data
}

/** A glob as a RegExp: `**` spans folders, `*` and `?` stay within one; everything else is literal. */
export function globToRegExp(glob: string): RegExp {
  let source = ''
  for (let i = 0; i < glob.length; i++) {
    const char = glob[i]!
    if (char === '*' && glob[i + 1] === '*') {
      // `**/` matches zero or more folders; a bare `**` anything at all.
      if (glob[i + 2] === '/') {
        source += '(?:.*/)?'
        i += 2
      } else {
        source += '.*'
        i += 1
      }
    } else if (char === '*') source += '[^/]*'
    else if (char === '?') source += '[^/]'
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&')
  }
  return new RegExp(`^${source}$`)
}

export function entryMatches(entry: AllowEntry, finding: Finding): boolean {
  if (entry.check !== finding.check) return false
  if (!globToRegExp(entry.file).test(finding.file)) return false
  if (entry.match !== undefined && !(finding.sample ?? '').includes(entry.match)) return false
  return true
}

export interface Verdict {
  /** Findings with an allow-list entry, each with the entry that allows it. */
  allowed: { finding: Finding; entry: AllowEntry }[]
  /** Findings nobody reviewed: the scan fails. */
  unexpected: Finding[]
  /** Entries that match no finding any more: the scan fails too (an approval for code that is gone). */
  stale: { entry: AllowEntry; index: number }[]
}

export function judge(findings: readonly Finding[], list: AllowList): Verdict {
  const used = new Set<number>()
  const allowed: Verdict['allowed'] = []
  const unexpected: Finding[] = []
  for (const finding of findings) {
    const index = list.allowed.findIndex((entry) => entryMatches(entry, finding))
    if (index === -1) {
      unexpected.push(finding)
      continue
    }
    // Every entry that matches counts as used, so overlapping entries are not reported stale.
    list.allowed.forEach((entry, i) => entryMatches(entry, finding) && used.add(i))
    allowed.push({ finding, entry: list.allowed[index]! })
  }
  const stale = list.allowed.flatMap((entry, index) => (used.has(index) ? [] : [{ entry, index }]))
  return { allowed, unexpected, stale }
}
