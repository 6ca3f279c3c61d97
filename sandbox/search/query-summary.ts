import type { StructuredQuery } from '../../shared/api'

/** The words a chat answer uses to say what a structured query asks for. */

function pluralize(title: string): string {
  const of = title.indexOf(' of ')
  if (of > 0) return pluralize(title.slice(0, of)) + title.slice(of)
  const words = title.split(' ')
  const last = words[words.length - 1] ?? ''
  let plural: string
  if (/(s|sh|ch|x)$/.test(last)) plural = `${last}es`
  else if (/[^aeiou]y$/.test(last)) plural = `${last.slice(0, -1)}ies`
  else plural = `${last}s`
  if (['sales', 'marketing', 'research', 'product', 'data', 'security', 'operations'].includes(title))
    return `${title} people`
  words[words.length - 1] = plural
  return words.join(' ')
}

function orList(values: readonly string[], joiner = 'or'): string {
  if (values.length <= 1) return values[0] ?? ''
  return `${values.slice(0, -1).join(', ')} ${joiner} ${values[values.length - 1] as string}`
}

const seniorityWord = (s: string): string => (s === 'vp' ? 'VP' : s === 'cxo' ? 'C-level' : s)

/** One sentence describing a structured query, e.g. "Senior engineers with Python in Seattle, not at Acme Corp — 42 people". */
export function summarizeQuery(query: StructuredQuery, total?: number): string {
  const titles = query.titles ?? []
  const seniorities = (query.seniorities ?? []).map(seniorityWord)
  let who = titles.length > 0 ? orList(titles.map(pluralize)) : 'people'
  if (seniorities.length > 0) who = `${orList(seniorities)} ${who}`
  const parts: string[] = [who]
  if (query.skills?.length) parts.push(`with ${orList(query.skills, 'and')}`)
  if (query.companies?.length) parts.push(`at ${orList(query.companies)}`)
  if (query.locations?.length) parts.push(`in ${orList(query.locations)}`)
  if (query.schools?.length) parts.push(`from ${orList(query.schools)}`)
  if (query.keywords?.length)
    parts.push(
      `mentioning ${orList(
        query.keywords.map((k) => `"${k}"`),
        'and'
      )}`
    )
  const exclusions: string[] = []
  if (query.exclude_companies?.length) exclusions.push(`not at ${orList(query.exclude_companies)}`)
  if (query.exclude_locations?.length) exclusions.push(`not in ${orList(query.exclude_locations)}`)
  if (query.exclude_titles?.length) exclusions.push(`not ${orList(query.exclude_titles.map(pluralize))}`)
  if (query.exclude_skills?.length) exclusions.push(`without ${orList(query.exclude_skills)}`)
  let sentence = parts.join(' ')
  if (exclusions.length > 0) sentence += `, ${exclusions.join(', ')}`
  sentence = sentence.charAt(0).toUpperCase() + sentence.slice(1)
  if (titles.length === 0 && seniorities.length === 0 && parts.length === 1 && exclusions.length === 0)
    sentence = 'Everyone (no filters yet)'
  if (total !== undefined) sentence += ` — ${total.toLocaleString('en-US')} ${total === 1 ? 'person' : 'people'}`
  return `${sentence}.`
}
