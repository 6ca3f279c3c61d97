import {
  RETENTION_NOTICE_DAYS,
  type RetentionDue,
  type RetentionOverview,
  type RetentionSettings
} from '../../../shared/ipc/channels/retention'
import { errorMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import type { ActivityPort, PeopleEraserPort } from '../platform/ports'
import type { Store } from '../store'
import type { Clock } from '../store/clock'
import type { StoreAccess } from '../store/store-access'
import { DAY_MS, dueByRetention } from './retention-due'
import { readLastPurge, readRetentionSettings, writeLastPurge, writeRetentionSettings } from './retention-settings'

/** forgetPeople takes at most this many keys at once. */
const ERASE_BATCH = 500

/**
 * How long people are held: the periods, who would go and when, keeping someone (their clock
 * starts again), and the purge, which forgets those due through the same erase as forgetPeople
 * (the `peopleEraser` port) with the reason `retention-period`.
 */
export class RetentionService {
  constructor(
    private readonly deps: {
      stores: StoreAccess
      clock: Clock
      /** Read when a purge runs: the privacy feature provides it. */
      eraser: () => PeopleEraserPort
      /** Where "Deleting soon" is said (the activity feature). */
      activity: () => ActivityPort
      logger: Logger
    }
  ) {}

  /** Who would go under the saved periods, or under `typed` ones (a preview: nothing is saved). */
  overview(limit: number, typed?: RetentionSettings): RetentionOverview {
    const store = this.#store()
    const saved = readRetentionSettings(store)
    const settings = typed ?? saved
    const due = dueByRetention(store.database.db, settings, this.#now())
    const unsaved = settings.inactiveDays !== saved.inactiveDays || settings.contactDays !== saved.contactDays
    return {
      settings,
      due: due.slice(0, limit),
      total: due.length,
      lastPurge: readLastPurge(store),
      ...(unsaved ? { unsaved } : {})
    }
  }

  setSettings(settings: RetentionSettings, limit: number): RetentionOverview {
    writeRetentionSettings(this.#store(), settings)
    return this.overview(limit)
  }

  /** The recruiter keeps them: their last activity is now, so none of them goes before a full period. */
  keep(keys: readonly string[], limit: number): RetentionOverview {
    const db = this.#store().database.db
    const at = new Date(this.#now()).toISOString()
    const upsert = db.prepare(
      `INSERT INTO retention_people (profile_key, kept_at) VALUES (?, ?)
         ON CONFLICT (profile_key) DO UPDATE SET kept_at = excluded.kept_at, warned_due_at = NULL`
    )
    db.transaction(() => {
      for (const key of new Set(keys)) upsert.run(key, at)
    })()
    return this.overview(limit)
  }

  /**
   * The recruiter opened this person: that is activity, so their clock starts again (one write
   * per open). Someone not held gains no period by it: only the held are ever due.
   */
  opened(key: string): void {
    this.#store()
      .database.db.prepare(
        `INSERT INTO retention_people (profile_key, opened_at) VALUES (?, ?)
           ON CONFLICT (profile_key) DO UPDATE SET opened_at = excluded.opened_at`
      )
      .run(key, new Date(this.#now()).toISOString())
  }

  /** When the next pass has something to do: someone to announce or to forget (null: no one, or retention is off). */
  nextDueAt(): number | null {
    const now = this.#now()
    let next: number | null = null
    for (const person of this.#due(now)) {
      const due = Date.parse(person.dueAt)
      const announce = due - RETENTION_NOTICE_DAYS * DAY_MS
      const at = announce > now ? announce : due
      if (next === null || at < next) next = at
    }
    return next
  }

  /**
   * One pass: says "Deleting soon" for whoever is due within the notice days and was not told
   * for that date (one Activity entry per day they go), then forgets whoever is due now.
   */
  pass(): number {
    const now = this.#now()
    const due = this.#due(now)
    try {
      this.#announce(due.filter((person) => person.soon && Date.parse(person.dueAt) > now))
    } catch (error) {
      // the notice is told again on the next pass (nothing was marked); the purge must still run
      this.deps.logger.warn('retention.announce_failed', { error: errorMessage(error) })
    }
    return this.#purge(
      due.filter((person) => Date.parse(person.dueAt) <= now).map((person) => person.key),
      now
    )
  }

  #due(now: number): RetentionDue[] {
    const store = this.#store()
    return dueByRetention(store.database.db, readRetentionSettings(store), now)
  }

  #announce(soon: readonly RetentionDue[]): void {
    if (soon.length === 0) return
    const db = this.#store().database.db
    const told = new Map(
      (
        db
          .prepare('SELECT profile_key, warned_due_at FROM retention_people WHERE warned_due_at IS NOT NULL')
          .all() as Array<{
          profile_key: string
          warned_due_at: string
        }>
      ).map((row) => [row.profile_key, row.warned_due_at])
    )
    const byDay = new Map<string, RetentionDue[]>()
    for (const person of soon) {
      if (told.get(person.key) === person.dueAt) continue
      const day = person.dueAt.slice(0, 10)
      byDay.set(day, [...(byDay.get(day) ?? []), person])
    }
    const mark = db.prepare(
      `INSERT INTO retention_people (profile_key, warned_due_at) VALUES (?, ?)
         ON CONFLICT (profile_key) DO UPDATE SET warned_due_at = excluded.warned_due_at`
    )
    for (const [day, people] of byDay) {
      const first = people.reduce((a, b) => (b.dueAt < a.dueAt ? b : a))
      // the marks below keep a later pass from telling them again; keeping someone clears theirs
      this.deps.activity().deletingSoon({
        count: people.length,
        dueAt: first.dueAt,
        sourceKey: `retention:${day}:${this.#now()}`
      })
      db.transaction(() => {
        for (const person of people) mark.run(person.key, person.dueAt)
      })()
    }
  }

  /** Forgets `keys` (due now); answers how many were forgotten. */
  #purge(keys: readonly string[], now: number): number {
    if (keys.length === 0) return 0
    const store = this.#store()
    let forgotten = 0
    for (let at = 0; at < keys.length; at += ERASE_BATCH) {
      const result = this.deps.eraser().forget(keys.slice(at, at + ERASE_BATCH), 'retention-period')
      forgotten += result.forgotten.length
      // left whole (an owner could not answer): tried again on the next pass; no one is named in the log
      if (result.failed.length > 0)
        this.deps.logger.warn('retention.purge_incomplete', { failed: result.failed.length })
    }
    writeLastPurge(store, { at: new Date(now).toISOString(), forgotten })
    this.deps.logger.info('retention.purged', { forgotten })
    return forgotten
  }

  #now(): number {
    return this.deps.clock.now().getTime()
  }

  #store(): Store {
    return this.deps.stores.get()
  }
}
