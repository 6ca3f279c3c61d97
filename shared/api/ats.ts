import { z } from 'zod'
import { booleanSchema, dateTimeSchema, integerSchema, opt, stringArraySchema, stringSchema } from './primitives'

// Applicant-tracking-system data attached to a profile.

/** {value, type}: ATS phone numbers, addresses, email/website/social addresses. */
export const atsTypedValueSchema = z.looseObject({
  value: opt(stringSchema),
  type: opt(stringSchema)
})

export const atsAttachmentSchema = z.looseObject({
  file_name: opt(stringSchema),
  path: opt(stringSchema),
  text: opt(stringSchema),
  is_resume: opt(booleanSchema)
})

export const applicationJobSchema = z.looseObject({
  id: opt(stringSchema),
  name: opt(stringSchema),
  status: opt(stringSchema),
  recruiter: opt(stringSchema)
})

export const applicationAnswerSchema = z.looseObject({
  question: opt(stringSchema),
  answer: opt(stringSchema)
})

export const applicationSchema = z.looseObject({
  id: opt(stringSchema),
  rejection_reason: opt(stringSchema),
  status: opt(stringSchema),
  sub_status: opt(stringSchema),
  withdrawal_reason: opt(stringSchema),
  current_stage: opt(stringSchema),
  current_state_id: opt(stringSchema),
  current_step: opt(stringSchema),
  current_step_id: opt(stringSchema),
  prospect: opt(booleanSchema),
  referral: opt(booleanSchema),
  applied_at: opt(dateTimeSchema),
  rejected_at: opt(dateTimeSchema),
  last_activity_at: opt(dateTimeSchema),
  jobs: opt(z.array(applicationJobSchema)),
  answers: opt(z.array(applicationAnswerSchema))
})

export const atsDataSchema = z.looseObject({
  candidate_id: opt(stringSchema),
  recruiter: opt(stringSchema),
  current_stage: opt(stringSchema),
  is_matched: opt(booleanSchema),
  last_activity: opt(dateTimeSchema),
  resume_experience_caption: opt(stringArraySchema),
  resume_education_caption: opt(stringArraySchema),
  attachment_caption: opt(stringArraySchema),
  phone_numbers: opt(z.array(atsTypedValueSchema)),
  addresses: opt(z.array(atsTypedValueSchema)),
  email_addresses: opt(z.array(atsTypedValueSchema)),
  website_addresses: opt(z.array(atsTypedValueSchema)),
  social_media_addresses: opt(z.array(atsTypedValueSchema)),
  attachments: opt(z.array(atsAttachmentSchema)),
  applications: opt(z.array(applicationSchema)),
  alternate_applications: opt(z.array(applicationSchema)),
  application_count: opt(integerSchema)
})
export type AtsData = z.infer<typeof atsDataSchema>
