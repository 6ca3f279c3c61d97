import { createHash } from 'node:crypto'
import type { AtsPerson } from '../ats-people'
import { fnv1a } from '../../data/hash'
import type { AtsCreateFaults } from '../greenhouse/harvest-store'

/** A Lever opportunity, with the field names of its reference (a subset). Times are ms since the epoch. */
export interface LeverOpportunity {
  id: string
  name: string
  headline: string
  contact: string
  emails: string[]
  phones: { type: string; value: string }[]
  confidentiality: 'non-confidential'
  location: string
  links: string[]
  archived: null
  createdAt: number
  updatedAt: number
  lastInteractionAt: number
  lastAdvancedAt: number
  snoozedUntil: null
  stage: string
  stageChanges: { toStageId: string; toStageIndex: number; updatedAt: number; userId: string }[]
  owner: string
  followers: string[]
  tags: string[]
  sources: string[]
  origin: string
  sourcedBy: string | null
  applications: string[]
  urls: { list: string; show: string }
  isAnonymized: boolean
  dataProtection: null
}

export interface LeverUser {
  id: string
  name: string
  username: string
  email: string
  accessRole: 'super admin' | 'admin' | 'team member' | 'limited team member' | 'interviewer'
  deactivatedAt: number | null
}

const DAY_MS = 86_400_000
const uuid = (label: string): string => {
  const h = createHash('sha256').update(`lever-sandbox:${label}`).digest('hex')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`
}

export const LEVER_STAGES = [
  'New lead',
  'Reached out',
  'Responded',
  'New applicant',
  'Recruiter screen',
  'Phone interview',
  'On-site interview',
  'Offer'
].map((text) => ({ id: uuid(`stage:${text}`), text }))

/** The fake Lever's records: opportunities (grouped into contacts by email), users, postings, stages. */
export class LeverStore {
  readonly opportunities: LeverOpportunity[] = []
  readonly #byId = new Map<string, LeverOpportunity>()
  /** email (lower case) → contact id: an opportunity with a known email joins that contact. */
  readonly #contactByEmail = new Map<string, string>()
  readonly users: LeverUser[] = [
    {
      id: uuid('user:sam'),
      name: 'Sam Sandbox',
      username: 'sam.sandbox',
      email: 'sam.sandbox@agency.example',
      accessRole: 'super admin',
      deactivatedAt: null
    },
    {
      id: uuid('user:dana'),
      name: 'Dana Departed',
      username: 'dana.departed',
      email: 'dana.departed@agency.example',
      accessRole: 'team member',
      deactivatedAt: Date.parse('2025-06-30T00:00:00Z')
    }
  ]
  readonly postings = ['Software Engineer', 'Data Scientist', 'Product Manager', 'Account Executive'].map((text) => ({
    id: uuid(`posting:${text}`),
    text,
    state: 'published' as const
  }))
  /** Notes added to opportunities (POST /v1/opportunities/:id/notes). */
  readonly notes: { id: string; opportunityId: string; user: string; value: string; createdAt: number }[] = []
  /** Test switches for the creates (POST /v1/opportunities): see AtsCreateFaults. */
  readonly faults: AtsCreateFaults = { failAfterCreate: 0, afterCreate: null }
  /** How many requests were refused with 429 (rate window passed). */
  refused = 0
  #serial = 0

  constructor(people: readonly AtsPerson[], startedAt: number) {
    const owner = (this.users[0] as LeverUser).id
    for (const person of people) {
      const hash = fnv1a(`lever:${person.key ?? person.emails[0] ?? ''}`)
      const stage = LEVER_STAGES[hash % LEVER_STAGES.length] as (typeof LEVER_STAGES)[number]
      this.add(
        {
          name: `${person.firstName} ${person.lastName}`,
          headline: [person.title, person.company].filter(Boolean).join(' at '),
          emails: person.emails,
          phones: person.phones.map((value) => ({ type: 'mobile', value })),
          links: person.links,
          tags: [],
          sources: ['Sourced'],
          origin: 'sourced',
          stage: stage.id,
          owner,
          location: ''
        },
        startedAt - person.createdDaysAgo * DAY_MS,
        startedAt - person.updatedDaysAgo * DAY_MS
      )
    }
  }

  get(id: string): LeverOpportunity | undefined {
    return this.#byId.get(id)
  }

  user(id: string): LeverUser | undefined {
    return this.users.find((u) => u.id === id)
  }

  /** The posting each application is for (an opportunity's `applications` are these ids). */
  readonly applicationPosting = new Map<string, string>()

  /** Whether a contact id is one of this Lever's. */
  hasContact(contact: string): boolean {
    return this.opportunities.some((o) => o.contact === contact)
  }

  /**
   * A new opportunity. Its contact is the one given (an existing contact's new opportunity), else
   * the one an email of it already belongs to (Lever keeps one contact per person across their
   * opportunities), else a new one. Each posting gives it an application.
   */
  add(
    fields: Pick<
      LeverOpportunity,
      | 'name'
      | 'headline'
      | 'emails'
      | 'phones'
      | 'links'
      | 'tags'
      | 'sources'
      | 'origin'
      | 'stage'
      | 'owner'
      | 'location'
    >,
    createdAt: number,
    updatedAt = createdAt,
    link: { contact?: string; postings?: readonly string[] } = {}
  ): LeverOpportunity {
    const serial = this.#serial++
    const id = uuid(`opportunity:${serial}`)
    const known = fields.emails.map((e) => this.#contactByEmail.get(e.toLowerCase())).find((c) => c !== undefined)
    const contact = link.contact ?? known ?? uuid(`contact:${serial}`)
    const applications = (link.postings ?? []).map((posting, i) => {
      const application = uuid(`application:${serial}:${i}`)
      this.applicationPosting.set(application, posting)
      return application
    })
    for (const email of fields.emails) this.#contactByEmail.set(email.toLowerCase(), contact)
    const opportunity: LeverOpportunity = {
      id,
      ...fields,
      contact,
      confidentiality: 'non-confidential',
      archived: null,
      createdAt,
      updatedAt,
      lastInteractionAt: updatedAt,
      lastAdvancedAt: updatedAt,
      snoozedUntil: null,
      stageChanges: [{ toStageId: fields.stage, toStageIndex: 0, updatedAt: createdAt, userId: fields.owner }],
      followers: [fields.owner],
      sourcedBy: fields.origin === 'sourced' ? fields.owner : null,
      applications,
      urls: { list: 'https://hire.lever.co/candidates', show: `https://hire.lever.co/candidates/${id}` },
      isAnonymized: false,
      dataProtection: null
    }
    this.opportunities.push(opportunity)
    this.#byId.set(id, opportunity)
    return opportunity
  }

  /** Marks an opportunity changed at `at` (tests: what an edit in Lever does). */
  touch(id: string, at: number, change: Partial<Pick<LeverOpportunity, 'headline' | 'stage'>> = {}): void {
    const opportunity = this.#byId.get(id)
    if (opportunity === undefined) throw new Error(`no opportunity ${id}`)
    Object.assign(opportunity, change, { updatedAt: at, lastInteractionAt: at })
  }
}
