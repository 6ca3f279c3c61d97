import type { ProfileChange } from './ipc/channels/shortlists'

/** The changes that are news: everything but a field the service stopped sending. */
export function newsworthy(changes: readonly ProfileChange[]): ProfileChange[] {
  return changes.filter((change) => change.kind !== 'no_longer_sent')
}

/**
 * One sentence for the Activity list and its notice: "Ana Peña moved Acme → Globex; now Staff
 * Engineer (was Senior Engineer)". Seniority is said only when the title is not (it is read from
 * the title's words, so a new title already says it).
 */
export function changeSentence(name: string, changes: readonly ProfileChange[]): string {
  const news = newsworthy(changes)
  const byField = (field: ProfileChange['field']) => news.filter((change) => change.field === field)
  const parts: string[] = []
  for (const change of byField('company')) parts.push(`moved ${change.from} → ${change.to}`)
  for (const change of byField('title'))
    parts.push(`${parts.length === 0 ? 'is now' : 'now'} ${change.to} (was ${change.from})`)
  if (byField('title').length === 0) {
    for (const change of byField('seniority'))
      parts.push(`${parts.length === 0 ? 'is now' : 'now'} ${change.to} level (was ${change.from})`)
  }
  for (const change of byField('location')) parts.push(`moved to ${change.to} (was ${change.from})`)
  for (const change of byField('education')) parts.push(`added ${change.to}`)
  for (const change of byField('open_to_work'))
    parts.push(change.to === 'Likely to switch' ? 'looks open to a move' : 'no longer looks open to a move')
  return parts.length === 0 ? `${name}: no change` : `${name} ${parts.join('; ')}`
}
