/** Seniority levels, lowest first, as a title's words say them. */
export const SENIORITY_LEVELS = [
  'Entry',
  'Mid',
  'Senior',
  'Staff',
  'Principal',
  'Manager',
  'Director',
  'VP',
  'C-level'
] as const
export type Seniority = (typeof SENIORITY_LEVELS)[number]

/** Highest rule first: a "Senior Director" is a director, a "VP of Engineering" a VP. */
const RULES: ReadonlyArray<[RegExp, Seniority]> = [
  [/\b(chief\s+\w+(\s+\w+)?\s+officer|c[etoifm]o|founder|co-founder|(?<!vice\s)president)\b/i, 'C-level'],
  [/\b(svp|evp|vp|vice\s+president)\b/i, 'VP'],
  [/\b(director|head\s+of)\b/i, 'Director'],
  [/\b(manager|mgr)\b/i, 'Manager'],
  [/\bprincipal\b/i, 'Principal'],
  [/\b(staff|lead)\b/i, 'Staff'],
  [/\b(senior|sr\.?)(?=\s|$)/i, 'Senior'],
  [/\b(junior|jr\.?|intern|trainee|graduate|associate|entry[-\s]level)(?=\s|$)/i, 'Entry']
]

/** The level a title's words say; "Mid" when they name none; null for no title. */
export function seniorityOf(title: string): Seniority | null {
  const text = title.trim()
  if (text === '') return null
  return RULES.find(([pattern]) => pattern.test(text))?.[1] ?? 'Mid'
}
