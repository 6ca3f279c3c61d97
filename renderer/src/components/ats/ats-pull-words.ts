import type { AtsPullStatus } from '../../../../shared/ipc/channels/ats-pull'
import { formatCount, formatDateTime, formatWhole } from '../../lib/format'
import { plain } from '../../lib/user-text'

/** What the ATS pull status block says: a headline, the lines under it, and the error in words. */
export interface AtsPullWords {
  headline: string
  lines: string[]
  error: string | null
  /** The pill: one colour each across the app (pulling blue, done green, failed red, cancelled amber). */
  pill: { text: string; tone: 'idle' | 'running' | 'ok' | 'bad' | 'warn' }
  pulling: boolean
}

const people = (n: number) => formatCount(n, 'person', 'people')

/** The status of a connection's pull in the recruiter's words (Settings → ATS). */
export function atsPullWords(status: AtsPullStatus | null): AtsPullWords {
  if (status === null) {
    return { headline: 'Loading…', lines: [], error: null, pill: { text: 'Loading', tone: 'idle' }, pulling: false }
  }
  const list = status.list
  const lines: string[] = []
  if (list === null) lines.push('Not pulled yet: Pull now reads everyone in your ATS into “People you already have”.')
  else lines.push(`${plain(list.name)}: ${people(list.people)}, last pulled ${formatDateTime(list.pulledAt)}`)
  const what = status.mode === 'incremental' ? 'Changes' : 'Everyone'
  if (status.state === 'pulling') {
    lines.push(
      `${status.mode === null ? 'Starting' : `${what}: page ${formatWhole(status.pages)}`}, ${people(status.people)} read so far`
    )
  } else if (status.state !== 'idle') {
    const counts = [`${people(status.people)} read`]
    if (status.mode === 'incremental')
      counts.push(`${formatWhole(status.added)} new, ${formatWhole(status.updated)} changed`)
    if (status.doNotContactAdded > 0)
      counts.push(`${formatWhole(status.doNotContactAdded)} emails put on do-not-contact`)
    if (status.doNotContactRemoved > 0)
      counts.push(`${formatWhole(status.doNotContactRemoved)} taken off do-not-contact`)
    lines.push(`Last pull (${status.mode === 'incremental' ? 'changes' : 'full'}): ${counts.join(', ')}`)
  }
  const pill: AtsPullWords['pill'] =
    status.state === 'pulling'
      ? { text: 'Pulling', tone: 'running' }
      : status.state === 'done'
        ? { text: 'Up to date', tone: 'ok' }
        : status.state === 'failed'
          ? { text: 'Failed', tone: 'bad' }
          : status.state === 'cancelled'
            ? { text: 'Cancelled', tone: 'warn' }
            : { text: list === null ? 'Not pulled' : 'Pulled', tone: 'idle' }
  return {
    headline: 'People you already have, from this ATS',
    lines,
    error: status.state === 'failed' ? status.error : null,
    pill,
    pulling: status.state === 'pulling'
  }
}
