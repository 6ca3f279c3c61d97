import type { Comparison } from './record-linkage'

/*
 * A comparison in the recruiter's words: "same name and employer", "name close (Isbaella ~
 * Isabella), same employer", "same name, different employer and city", "same email".
 */

const IDENTIFIER_WORDS = { key: 'profile key', email: 'email', handle: 'profile link' } as const

/** "a", "a and b", "a, b and c". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? ''
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`
}

export function reasonOf(comparison: Comparison): string {
  const same: string[] = []
  const different: string[] = []
  const segments: string[] = []
  if (comparison.identifier !== null) same.push(IDENTIFIER_WORDS[comparison.identifier])
  if (comparison.otherKey) different.push('profile key')
  const { name } = comparison
  if (name.level === 'exact') same.push('name')
  else if (name.level === 'close' && name.pair !== null) segments.push(`name close (${name.pair[0]} ~ ${name.pair[1]})`)
  else if (name.level === 'part' && name.pair !== null)
    segments.push(`only part of the name (${name.pair[0]} of ${name.pair[1]})`)
  else if (name.level === 'partial' && name.pair !== null) different.push(`name (${name.pair[0]} ≠ ${name.pair[1]})`)
  else if (name.level === 'different') different.push('name')
  if (comparison.employer === 'current') same.push('employer')
  if (comparison.employer === 'different') different.push('employer')
  if (comparison.title === 'same') same.push('title')
  if (comparison.title === 'different') different.push('title')
  const { place } = comparison
  if (place.level === 'city' || place.level === 'region' || place.level === 'country') same.push(place.level)
  if (place.level === 'different') different.push(place.kind)
  if (comparison.school === 'same') same.push('school')
  if (comparison.school === 'different') different.push('school')
  const past = [
    ...(comparison.employer === 'past' ? ['employer'] : []),
    ...(comparison.title === 'past' ? ['title'] : [])
  ]
  // the name first, whether it agrees, is close or is only a part
  const out = [...segments]
  if (same.length > 0) out.push(`same ${listOf(same)}`)
  if (past.length > 0) out.push(`a past ${listOf(past)} of theirs`)
  if (different.length > 0) out.push(`different ${listOf(different)}`)
  return out.length > 0 ? out.join(', ') : 'nothing to compare but the service’s word'
}
