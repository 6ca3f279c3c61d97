import type { Store } from '../store'
import {
  jsonWithoutPerson,
  mayMention,
  parseOrUndefined,
  textWithoutPerson,
  withoutPerson
} from '../personal-data/person-match'
import type { Person, PersonalDataOwner, PersonalDataOwnerFactory } from '../personal-data/personal-data-owner'

interface JobRow {
  job_id: string
  label: string
  message: string | null
  requested_handles: string
  start_json: string | null
  status_json: string | null
  outcome_json: string | null
  [column: string]: unknown
}

/** The columns that name people by handle (the request, the start and status answers). */
const HANDLE_COLUMNS = ['requested_handles', 'start_json', 'status_json'] as const

/** Whether one of the job's handle lists holds a handle of theirs (their name in the text is not enough). */
const asksFor = (row: JobRow, person: Person) =>
  HANDLE_COLUMNS.some(
    (column) => mayMention(row[column], person) && withoutPerson(parseOrUndefined(row[column]), person).removed > 0
  )

/**
 * Refresh jobs name people by handle, not key: the handles asked for, those the service said it
 * refreshed or failed, and (outcome) the members it changed, by name. A job is the person's when
 * one of its handle lists holds a handle of theirs; erasing keeps the job (its counts and dates)
 * and takes them out of every list, and out of its outcome (by name: only within their own jobs).
 */
export const personalDataOwner: PersonalDataOwnerFactory = (store: () => Store): PersonalDataOwner => {
  const db = () => store().database.db
  const jobsOf = (person: Person): JobRow[] => {
    if (person.handles.length === 0) return []
    // a job at a time: a big store keeps thousands, each with its status answer
    const jobs: JobRow[] = []
    for (const row of db()
      .prepare('SELECT * FROM refresh_jobs ORDER BY created_at, job_id')
      .iterate() as Iterable<JobRow>)
      if (asksFor(row, person)) jobs.push(row)
    return jobs
  }
  return {
    owner: 'refresh',
    tables: [{ table: 'refresh_jobs', personal: true }],

    describe(person: Person) {
      return [{ table: 'refresh_jobs', label: 'profile refreshes that asked for them', rows: jobsOf(person).length }]
    },

    export(person: Person) {
      return [{ table: 'refresh_jobs', label: 'profile refreshes that asked for them', rows: jobsOf(person) }]
    },

    erase(person: Person) {
      const jobs = jobsOf(person)
      const update = db().prepare(
        `UPDATE refresh_jobs SET requested_handles = ?, start_json = ?, status_json = ?, outcome_json = ?, label = ?,
           message = ? WHERE job_id = ?`
      )
      for (const job of jobs) {
        update.run(
          jsonWithoutPerson(job.requested_handles, person),
          jsonWithoutPerson(job.start_json, person),
          jsonWithoutPerson(job.status_json, person),
          jsonWithoutPerson(job.outcome_json, person, true),
          textWithoutPerson(job.label, person),
          job.message === null ? null : textWithoutPerson(job.message, person),
          job.job_id
        )
      }
      return [{ table: 'refresh_jobs', deleted: 0, blanked: jobs.length }]
    }
  }
}
