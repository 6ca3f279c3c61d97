import type { AtsPerson } from '../ats-people'
import { fnv1a } from '../../data/hash'

/**
 * What a fake ATS does after it has made a record (tests of a send's exactly-once): answer 500
 * for the next `failAfterCreate` creates although the record was made, and wait for
 * `afterCreate(id)` before answering (a test kills the sender there).
 */
export interface AtsCreateFaults {
  failAfterCreate: number
  afterCreate: ((id: string) => Promise<void> | void) | null
}

/** Harvest v1 records, with the field names of its reference (a subset of each object's fields). */
export interface HarvestApplication {
  id: number
  candidate_id: number
  prospect: boolean
  applied_at: string
  rejected_at: string | null
  last_activity_at: string
  location: null
  source: { id: number; public_name: string } | null
  credited_to: { id: number; name: string } | null
  rejection_reason: null
  jobs: { id: number; name: string }[]
  status: 'active' | 'rejected' | 'hired'
  current_stage: { id: number; name: string } | null
}

export interface HarvestCandidate {
  id: number
  first_name: string
  last_name: string
  company: string | null
  title: string | null
  created_at: string
  updated_at: string
  last_activity: string
  is_private: boolean
  photo_url: null
  attachments: never[]
  application_ids: number[]
  phone_numbers: { value: string; type: string }[]
  addresses: never[]
  email_addresses: { value: string; type: string }[]
  website_addresses: { value: string; type: string }[]
  social_media_addresses: { value: string }[]
  recruiter: null
  coordinator: null
  can_email: boolean
  tags: string[]
  applications: HarvestApplication[]
  educations: never[]
  employments: never[]
  custom_fields: Record<string, unknown>
  keyed_custom_fields: Record<string, unknown>
}

export interface HarvestUser {
  id: number
  name: string
  first_name: string
  last_name: string
  primary_email_address: string
  emails: string[]
  disabled: boolean
  site_admin: boolean
}

export interface HarvestJob {
  id: number
  name: string
  status: 'open' | 'closed'
  stages: { id: number; name: string; priority: number }[]
}

const STAGE_NAMES = ['Application Review', 'Recruiter Screen', 'Hiring Manager Screen', 'Onsite', 'Offer']
const JOB_NAMES = ['Software Engineer', 'Data Scientist', 'Product Manager', 'Account Executive', 'Registered Nurse']
const DAY_MS = 86_400_000

export const SANDBOX_SOURCE = { id: 4_000_101, public_name: 'Talent Desk' }

/** A source candidates are credited to (Harvest's GET /v1/sources). */
export interface HarvestSource {
  id: number
  name: string
  type: { id: number; name: string }
}

/** The fake Greenhouse's records: candidates (prospects are candidates whose applications are prospects), jobs, users. */
export class HarvestStore {
  readonly candidates: HarvestCandidate[] = []
  readonly #byId = new Map<number, HarvestCandidate>()
  readonly users: HarvestUser[] = [
    {
      id: 4_080_001,
      name: 'Sam Sandbox',
      first_name: 'Sam',
      last_name: 'Sandbox',
      primary_email_address: 'sam.sandbox@agency.example',
      emails: ['sam.sandbox@agency.example'],
      disabled: false,
      site_admin: true
    },
    {
      id: 4_080_002,
      name: 'Dana Departed',
      first_name: 'Dana',
      last_name: 'Departed',
      primary_email_address: 'dana.departed@agency.example',
      emails: ['dana.departed@agency.example'],
      disabled: true,
      site_admin: false
    }
  ]
  readonly jobs: HarvestJob[] = JOB_NAMES.map((name, j) => ({
    id: 4_050_001 + j,
    name,
    status: 'open',
    stages: STAGE_NAMES.map((stage, s) => ({ id: 4_060_001 + j * 10 + s, name: stage, priority: s }))
  }))
  /**
   * The account's sources (GET /v1/sources): "Talent Desk" among them, as an admin adds it for an
   * integration; a test removes it to see a send without one.
   */
  readonly sources: HarvestSource[] = [
    { id: SANDBOX_SOURCE.id, name: SANDBOX_SOURCE.public_name, type: { id: 4_000_201, name: 'Prospecting' } },
    { id: 4_000_102, name: 'LinkedIn', type: { id: 4_000_201, name: 'Prospecting' } },
    { id: 4_000_103, name: 'Referral', type: { id: 4_000_202, name: 'Referral' } }
  ]
  /** Notes written with a create (`activity_feed_notes`), by candidate. */
  readonly notes: { candidateId: number; userId: number; body: string; visibility: string }[] = []
  /** Test switches for the creates (POST /v1/candidates, /v1/prospects): see AtsCreateFaults. */
  readonly faults: AtsCreateFaults = { failAfterCreate: 0, afterCreate: null }
  /** Who each record made through the API was made by (its On-Behalf-Of user), by candidate id. */
  readonly createdBy = new Map<number, number>()
  /** How many requests were refused with 429 (rate window passed). */
  refused = 0
  #nextCandidateId = 10_000_001
  #nextApplicationId = 20_000_001

  constructor(people: readonly AtsPerson[], startedAt: number) {
    for (const person of people) {
      const hash = fnv1a(`greenhouse:${person.key ?? person.emails[0] ?? ''}`)
      const job = this.jobs[hash % this.jobs.length] as HarvestJob
      const stage = job.stages.find((s) => s.name === person.stage) ?? job.stages[hash % job.stages.length] ?? null
      this.add(
        {
          first_name: person.firstName,
          last_name: person.lastName,
          company: person.company,
          title: person.title,
          email_addresses: person.emails.map((value, i) => ({ value, type: i === 0 ? 'work' : 'personal' })),
          phone_numbers: person.phones.map((value) => ({ value, type: 'mobile' })),
          social_media_addresses: person.links.map((value) => ({ value })),
          // about one in twenty said they must not be emailed
          can_email: hash % 20 !== 7,
          tags: person.partnerCandidateId === null ? [] : ['Partner API match']
        },
        { job, stage, prospect: person.stage === null, source: null },
        new Date(startedAt - person.createdDaysAgo * DAY_MS).toISOString(),
        new Date(startedAt - person.updatedDaysAgo * DAY_MS).toISOString()
      )
    }
  }

  get(id: number): HarvestCandidate | undefined {
    return this.#byId.get(id)
  }

  user(id: number): HarvestUser | undefined {
    return this.users.find((u) => u.id === id)
  }

  job(id: number): HarvestJob | undefined {
    return this.jobs.find((j) => j.id === id)
  }

  /** Adds a candidate (with one application, or a prospect's) at `createdAt`; answers it. */
  add(
    fields: Pick<
      HarvestCandidate,
      | 'first_name'
      | 'last_name'
      | 'company'
      | 'title'
      | 'email_addresses'
      | 'phone_numbers'
      | 'social_media_addresses'
      | 'can_email'
      | 'tags'
    > & { website_addresses?: HarvestCandidate['website_addresses'] },
    application: {
      job: HarvestJob | null
      stage: { id: number; name: string } | null
      prospect: boolean
      source: HarvestApplication['source']
    } | null,
    createdAt: string,
    updatedAt = createdAt
  ): HarvestCandidate {
    const id = this.#nextCandidateId++
    const applications: HarvestApplication[] =
      application === null
        ? []
        : [
            {
              id: this.#nextApplicationId++,
              candidate_id: id,
              prospect: application.prospect,
              applied_at: createdAt,
              rejected_at: null,
              last_activity_at: updatedAt,
              location: null,
              source: application.source,
              credited_to: null,
              rejection_reason: null,
              jobs: application.job === null ? [] : [{ id: application.job.id, name: application.job.name }],
              status: 'active',
              current_stage: application.prospect ? null : (application.stage ?? application.job?.stages[0] ?? null)
            }
          ]
    const candidate: HarvestCandidate = {
      id,
      ...fields,
      website_addresses: fields.website_addresses ?? [],
      created_at: createdAt,
      updated_at: updatedAt,
      last_activity: updatedAt,
      is_private: false,
      photo_url: null,
      attachments: [],
      application_ids: applications.map((a) => a.id),
      addresses: [],
      recruiter: null,
      coordinator: null,
      applications,
      educations: [],
      employments: [],
      custom_fields: {},
      keyed_custom_fields: {}
    }
    this.candidates.push(candidate)
    this.#byId.set(id, candidate)
    return candidate
  }

  /** A new application of a candidate on a job, at a stage (its first when none), credited to a source. */
  addApplication(
    candidate: HarvestCandidate,
    job: HarvestJob,
    stage: { id: number; name: string } | null,
    source: HarvestApplication['source'],
    at: string
  ): HarvestApplication {
    const application: HarvestApplication = {
      id: this.#nextApplicationId++,
      candidate_id: candidate.id,
      prospect: false,
      applied_at: at,
      rejected_at: null,
      last_activity_at: at,
      location: null,
      source,
      credited_to: null,
      rejection_reason: null,
      jobs: [{ id: job.id, name: job.name }],
      status: 'active',
      current_stage: stage ?? job.stages[0] ?? null
    }
    candidate.applications.push(application)
    candidate.application_ids.push(application.id)
    Object.assign(candidate, { updated_at: at, last_activity: at })
    return application
  }

  /** Deletes a candidate (what Harvest's DELETE /v1/candidates/{id} or a merge does): reads of it answer 404. */
  remove(id: number): void {
    const at = this.candidates.findIndex((c) => c.id === id)
    if (at < 0) throw new Error(`no candidate ${id}`)
    this.candidates.splice(at, 1)
    this.#byId.delete(id)
  }

  /** Marks a candidate changed at `at` (tests and benches: what a recruiter's edit in Greenhouse does). */
  touch(id: number, at: string, change: Partial<Pick<HarvestCandidate, 'can_email' | 'title' | 'company'>> = {}): void {
    const candidate = this.#byId.get(id)
    if (candidate === undefined) throw new Error(`no candidate ${id}`)
    Object.assign(candidate, change, { updated_at: at, last_activity: at })
  }
}
