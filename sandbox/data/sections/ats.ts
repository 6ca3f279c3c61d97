/** Applicant-tracking data: a candidate record with one or two applications to open jobs. */
import type { AtsData, WholePersonProfile } from '../../../shared/api'
import type { Person } from '../context'
import { isoDay } from '../dates'
import { firstNames, lastNames } from '../vocab/names'

type Application = NonNullable<AtsData['applications']>[number]

const stages = ['Applied', 'Recruiter Screen', 'Hiring Manager Screen', 'Onsite', 'Offer', 'Hired', 'Rejected'] as const

export function applyAts(p: Person, out: WholePersonProfile, emails: readonly string[]): void {
  const { rng, career } = p
  const recruiter = `${rng.pick(firstNames)} ${rng.pick(lastNames)}`
  const apps: Application[] = []
  let lastActivity = p.now - 240
  for (let i = 0, n = rng.int(1, 2); i < n; i++) {
    const applied = p.now - rng.int(1, 36)
    const last = Math.min(p.now - 1, applied + rng.int(0, 3))
    lastActivity = Math.max(lastActivity, last)
    const stage = rng.pick(stages)
    const app: Application = {
      id: `app_${p.index.toString(36)}_${i}`,
      status: stage === 'Hired' ? 'hired' : stage === 'Rejected' ? 'rejected' : 'active',
      current_stage: stage,
      prospect: rng.chance(0.2),
      referral: rng.chance(0.15),
      applied_at: isoDay(applied, rng.int(1, 28)),
      last_activity_at: isoDay(last, 28),
      jobs: [
        {
          id: `job_${rng.int(100, 999)}`,
          name: career.title.replace(/^(Junior|Senior|Staff|Lead|Principal) /, ''),
          status: 'open',
          recruiter
        }
      ]
    }
    if (stage === 'Rejected') {
      app.rejection_reason = rng.pick([
        'Position filled',
        'Not enough experience',
        'Candidate withdrew',
        'Compensation mismatch'
      ])
      app.rejected_at = isoDay(last, 28)
    }
    apps.push(app)
  }
  const email = emails[0]
  out.ats_data = {
    candidate_id: `cand_${(p.index + 1).toString(36)}`,
    recruiter,
    current_stage: apps[0]?.current_stage ?? undefined,
    is_matched: true,
    last_activity: isoDay(lastActivity, 28),
    resume_experience_caption: [`${career.title} at ${career.company.name}`],
    resume_education_caption: career.educations.map((e) => `${e.degree as string}, ${e.school as string}`),
    ...(email ? { email_addresses: [{ value: email, type: 'personal' }] } : {}),
    applications: apps,
    application_count: apps.length
  }
}
