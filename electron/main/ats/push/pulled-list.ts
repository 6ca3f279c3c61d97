import { atsListName } from '../../../../shared/ipc/channels/ats-pull'
import type { AtsTarget, KnownPeoplePort } from '../../platform/ports'
import { atsNames } from '../ats-client'
import type { PulledList } from './find-in-ats'

/*
 * The send's look at the pulled list of "Known people, live" (ats/pull keeps it current): the same
 * list the "In your ATS" marks read, so the preview and the marks give one answer.
 */

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })

/**
 * The connection's ready pulled list, or null (never pulled, its first pull still running or
 * failed, no known-people here). Lever's pulled list keeps no company (its headline is free
 * text), so names and companies there are still matched by reading the records.
 */
export function pulledListOf(
  knownPeople: (() => Pick<KnownPeoplePort, 'atsList' | 'check'>) | undefined,
  target: AtsTarget
): PulledList | null {
  if (target.kind !== 'greenhouse' || knownPeople === undefined) return null
  const known = knownPeople()
  const held = known.atsList(atsListName(target.name), target.connectionId)
  if (held === null) return null
  return {
    listId: held.listId,
    pulledAt: held.pulledAt,
    check: (people) => known.check(people, target.connectionId)
  }
}

/** What the preview says of how it looked (Looked.pulledAt: null when every record was read). */
export function lookNote(kind: AtsTarget['kind'], pulledAt: string | null | undefined, now: Date): string {
  const atsName = atsNames[kind]
  if (pulledAt === null || pulledAt === undefined) {
    const why = kind === 'lever' ? 'Lever’s pulled list keeps no company' : 'no pulled list yet'
    return `Profile links and names were matched by reading every record of ${atsName} (${why}).`
  }
  const minutes = Math.max(0, Math.round((now.getTime() - Date.parse(pulledAt)) / 60_000))
  const ago =
    minutes === 0
      ? 'just now'
      : minutes < 60
        ? relative.format(-minutes, 'minute')
        : minutes < 48 * 60
          ? relative.format(-Math.round(minutes / 60), 'hour')
          : relative.format(-Math.round(minutes / 1440), 'day')
  return `Profile links and names were matched against the list pulled from ${atsName} ${ago} and the changes since.`
}
