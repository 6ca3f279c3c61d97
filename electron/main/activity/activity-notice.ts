import type { ActivityEntry, ActivityNotice } from '../../../shared/ipc/channels/watches'

/** How many sentences a notice's body carries before "and N more". */
const BODY_LINES = 3

/**
 * One desktop notification for a batch of news (one, not fifty): the sentence itself when there
 * is one entry, else a count with the first few. `focus` is the one item it is about, so the page
 * can keep quiet when the recruiter is already looking at it.
 */
export function activityNotice(
  entries: readonly ActivityEntry[],
  context: { shortlistName?: string | null; searchName?: string | null } = {}
): ActivityNotice | null {
  const news = entries.filter((entry) => entry.kind !== 'refresh_ended')
  if (news.length === 0) return null
  const shortlistIds = new Set(news.map((entry) => entry.shortlistId))
  const shortlistId = shortlistIds.size === 1 ? (news[0]?.shortlistId ?? null) : null
  if (news.length === 1) {
    const only = news[0]!
    const names = only.people.map((person) => person.name).filter((name) => name !== '')
    return {
      title: only.text,
      body: only.kind === 'new_people' ? moreOf(names, 5) : (context.shortlistName ?? ''),
      focus: only.link,
      shortlistId
    }
  }
  const changed = news.filter((entry) => entry.kind === 'person_changed').length
  const where = context.shortlistName ? ` in ‘${context.shortlistName}’` : ''
  const title =
    changed === news.length ? `${changed} people changed${where}` : `${news.length} updates from your watches`
  return {
    title,
    body: moreOf(
      news.map((entry) => entry.text),
      BODY_LINES
    ),
    focus: null,
    shortlistId
  }
}

function moreOf(lines: readonly string[], keep: number): string {
  const shown = lines.slice(0, keep)
  const rest = lines.length - shown.length
  return rest > 0 ? `${shown.join('\n')}\nand ${rest} more` : shown.join('\n')
}
