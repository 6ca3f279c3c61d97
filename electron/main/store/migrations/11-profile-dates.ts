import type BetterSqlite3 from 'better-sqlite3'
import { profileDates, type ProfileDates } from '../../../../shared/data-age'

export const version = 11
export const name = 'how old saved data is: the profile’s own dates'

/**
 * Version 11: each member’s profile dates (last_refreshed, last_updated) read into columns, so a
 * list shows how old the data is without parsing every profile. Backfilled a page at a time, as
 * the location was; an unreadable profile keeps NULL (its save time dates it).
 */
export function up(db: BetterSqlite3.Database): void {
  db.exec(`ALTER TABLE members ADD COLUMN profile_refreshed_at TEXT;
    ALTER TABLE members ADD COLUMN profile_updated_at TEXT;`)
  const page = db.prepare('SELECT id, profile_json FROM members WHERE id > ? ORDER BY id LIMIT 500')
  const setDates = db.prepare('UPDATE members SET profile_refreshed_at = ?, profile_updated_at = ? WHERE id = ?')
  let after = 0
  for (;;) {
    const rows = page.all(after) as Array<{ id: number; profile_json: string }>
    if (rows.length === 0) break
    for (const row of rows) {
      const dates = datesOf(row.profile_json)
      if (dates.refreshedAt !== null || dates.updatedAt !== null)
        setDates.run(dates.refreshedAt, dates.updatedAt, row.id)
    }
    after = (rows.at(-1) as { id: number }).id
  }
}

function datesOf(profileJson: string): ProfileDates {
  try {
    const profile: unknown = JSON.parse(profileJson)
    if (profile !== null && typeof profile === 'object' && !Array.isArray(profile))
      return profileDates(profile as Record<string, unknown>)
  } catch {
    // a damaged profile: dated by its save
  }
  return { refreshedAt: null, updatedAt: null }
}
