import type BetterSqlite3 from 'better-sqlite3'
import {
  RETENTION_NOTICE_DAYS,
  type RetentionDue,
  type RetentionSettings
} from '../../../shared/ipc/channels/retention'

export const DAY_MS = 86_400_000

/** One person the records hold: their latest activity, whether an active shortlist holds them. */
interface HeldPerson {
  key: string
  name: string
  last: string
  active: number
  bought: number
}

/**
 * Everyone held (saved in a shortlist, in Recently deleted or a deleted shortlist, or with a
 * bought contact), named as a shortlist or the contact result (its card, its request) names them, with the latest of: saved or changed in a shortlist, removed from one, a
 * contact bought or fetched, kept or opened by the recruiter. `active`: a shortlist not deleted holds them
 * now, so no period runs. Read-only SQL over the tables the shortlists and contacts features
 * write (store/ is shared infrastructure; no feature is imported).
 */
const HELD = `
  WITH marks AS (
    SELECT m.profile_key AS key, m.name AS name,
      MAX(m.updated_at, COALESCE(m.removed_at, ''), COALESCE(s.deleted_at, '')) AS at,
      CASE WHEN m.removed_at IS NULL AND s.deleted_at IS NULL THEN 1 ELSE 0 END AS active,
      0 AS bought, 1 AS held
    FROM members m JOIN shortlists s ON s.id = m.shortlist_id
    UNION ALL
    SELECT profile_key, '', bought_at, 0, 1, 1 FROM contact_purchases
    UNION ALL
    SELECT profile_key,
      CASE WHEN json_valid(result_json) THEN COALESCE(json_extract(result_json, '$.card.name'),
        json_extract(result_json, '$.request.full_name'), json_extract(result_json, '$.request.name'), '') ELSE '' END,
      fetched_at, 0, 0, 1
    FROM contact_results WHERE profile_key IS NOT NULL
    UNION ALL
    SELECT profile_key, '', kept_at, 0, 0, 0 FROM retention_people WHERE kept_at IS NOT NULL
    UNION ALL
    SELECT profile_key, '', opened_at, 0, 0, 0 FROM retention_people WHERE opened_at IS NOT NULL
  )
  SELECT key, MAX(name) AS name, MAX(at) AS last, MAX(active) AS active, MAX(bought) AS bought
  FROM marks GROUP BY key HAVING MAX(held) = 1`

/**
 * Who goes and when under `settings`, soonest first: a person on no active shortlist goes
 * `inactiveDays` after their last activity; one with a bought contact `contactDays` after it, if
 * that comes first. Off (both null): no one.
 */
export function dueByRetention(db: BetterSqlite3.Database, settings: RetentionSettings, now: number): RetentionDue[] {
  if (settings.inactiveDays === null && settings.contactDays === null) return []
  const due: RetentionDue[] = []
  for (const person of db.prepare(HELD).iterate() as Iterable<HeldPerson>) {
    if (person.active === 1) continue
    const last = Date.parse(person.last)
    if (Number.isNaN(last)) continue
    const rules: Array<{ rule: RetentionDue['rule']; at: number }> = []
    if (settings.inactiveDays !== null) rules.push({ rule: 'inactive', at: last + settings.inactiveDays * DAY_MS })
    if (settings.contactDays !== null && person.bought === 1)
      rules.push({ rule: 'contacts', at: last + settings.contactDays * DAY_MS })
    const first = rules.reduce((a, b) => (b.at < a.at ? b : a))
    due.push({
      key: person.key,
      name: person.name,
      lastActivityAt: new Date(last).toISOString(),
      dueAt: new Date(first.at).toISOString(),
      rule: first.rule,
      soon: first.at - now <= RETENTION_NOTICE_DAYS * DAY_MS
    })
  }
  return due.sort((a, b) => a.dueAt.localeCompare(b.dueAt) || a.key.localeCompare(b.key))
}
