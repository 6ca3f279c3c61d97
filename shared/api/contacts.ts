import { z } from 'zod'
import { contactRequestSchema } from './contact-request'
import {
  booleanSchema,
  dateTimeSchema,
  freeFormObjectSchema,
  integerSchema,
  opt,
  stringArraySchema,
  stringSchema
} from './primitives'

// Get Premium Contacts: contact results and everything inside them.

/** First query parameter of Get Premium Contacts (name not shown in the spec). */
export const contactTypeSchema = z.enum(['Email', 'Phone'])
export type ContactType = z.infer<typeof contactTypeSchema>
/** Second query parameter of Get Premium Contacts (name not shown in the spec). */
export const contactRequestTypeSchema = z.enum(['New', 'Polling', 'Existing'])
export type ContactRequestType = z.infer<typeof contactRequestTypeSchema>

// Provider identifiers: the spec names some (None, Multiple, Admin, FlatFile, StateBoard, …) and
// omits the vendors', so `provider` fields and dictionary keys accept any string.

/** source, contact_source, validation and sources are enumerated, sample values only: any string. */
export const emailEntrySchema = z.looseObject({
  email: opt(stringSchema),
  type: opt(stringSchema),
  confidence: opt(stringSchema),
  source: opt(stringSchema),
  contact_source: opt(stringSchema),
  validation: opt(stringSchema),
  score: opt(integerSchema),
  rank: opt(integerSchema),
  time_stamp: opt(dateTimeSchema),
  valid_since: opt(dateTimeSchema),
  last_updated: opt(dateTimeSchema),
  date_created: opt(dateTimeSchema),
  last_seen: opt(dateTimeSchema),
  preferred_email: opt(booleanSchema),
  bad_email: opt(booleanSchema),
  sources: opt(stringArraySchema)
})
export type EmailEntry = z.infer<typeof emailEntrySchema>

/** source is enumerated, sample value only (`None`): any string. */
export const phoneEntrySchema = z.looseObject({
  number: opt(stringSchema),
  type: opt(stringSchema),
  source: opt(stringSchema),
  valid_since: opt(dateTimeSchema),
  last_seen: opt(dateTimeSchema),
  time_stamp: opt(dateTimeSchema),
  rank: opt(integerSchema)
})
export type PhoneEntry = z.infer<typeof phoneEntrySchema>

export const contactProfileSchema = z.looseObject({
  source: opt(stringSchema),
  user_name: opt(stringSchema),
  network: opt(stringSchema),
  url: opt(stringSchema)
})

export const contactPhotoSchema = z.looseObject({
  source: opt(stringSchema),
  url: opt(stringSchema)
})

export const contactWebsiteSchema = z.looseObject({
  type: opt(stringSchema),
  url: opt(stringSchema)
})

export const providerStatusSchema = z.looseObject({
  exception: opt(stringSchema),
  stack: opt(stringSchema),
  traces: opt(stringArraySchema),
  tags: opt(stringArraySchema)
})

/** provider (identifier) and result_type (sample `Contacts`) accept any string. */
export const providerResultSchema = z.looseObject({
  succeeded: opt(booleanSchema),
  provider: opt(stringSchema),
  emails: opt(z.array(emailEntrySchema)),
  phone_numbers: opt(z.array(phoneEntrySchema)),
  profiles: opt(z.array(contactProfileSchema)),
  photos: opt(z.array(contactPhotoSchema)),
  websites: opt(z.array(contactWebsiteSchema)),
  result_type: opt(stringSchema),
  api_response: opt(stringSchema),
  request: opt(contactRequestSchema),
  status: opt(providerStatusSchema),
  gender: opt(stringSchema),
  age_range: opt(stringSchema),
  topics: opt(stringArraySchema),
  is_credit_used: opt(booleanSchema),
  is_result_valid: opt(booleanSchema),
  is_primary_provider: opt(booleanSchema),
  invalid_emails: opt(z.array(emailEntrySchema))
})
export type ProviderResult = z.infer<typeof providerResultSchema>

export const executionTraceSchema = z.looseObject({
  key: opt(stringSchema),
  profilenet_url: opt(stringSchema),
  time_taken: opt(integerSchema),
  ignored: opt(booleanSchema),
  provider_results: opt(z.array(providerResultSchema)),
  best_email: opt(emailEntrySchema),
  mismatched_profilenet_profile: opt(stringSchema),
  mismatched_codehost_profile: opt(stringSchema),
  error: opt(stringSchema),
  exceptions: opt(stringArraySchema),
  added_profilenet_profile: opt(booleanSchema)
})
export type ExecutionTrace = z.infer<typeof executionTraceSchema>

export const contactCardSchema = z.looseObject({
  name: opt(stringSchema),
  key: opt(stringSchema),
  url: opt(stringSchema),
  image_url: opt(stringSchema),
  profilenet_image_url: opt(stringSchema),
  location: opt(stringSchema),
  role: opt(stringSchema),
  company: opt(stringSchema),
  full_title: opt(stringSchema),
  title: opt(stringSchema),
  response: opt(stringSchema),
  updated: opt(dateTimeSchema),
  found: opt(booleanSchema)
})

export const emailStepStatusSchema = z.looseObject({
  email_status: opt(stringSchema),
  sent_timestamp: opt(dateTimeSchema)
})

export const emailDeliveryReportSchema = z.looseObject({
  email: opt(stringSchema),
  delivery_status: opt(stringSchema),
  date_created: opt(dateTimeSchema),
  source: opt(stringSchema),
  org_id: opt(stringSchema),
  company_id: opt(stringSchema),
  email_step_status_list: opt(z.array(emailStepStatusSchema))
})

export const phoneDeliveryReportSchema = z.looseObject({
  phone_number: opt(stringSchema),
  delivery_status: opt(stringSchema),
  date_created: opt(dateTimeSchema),
  source: opt(stringSchema),
  company_id: opt(stringSchema)
})

/** Value of provider_completion_data_dictionary (keyed by provider identifier). */
export const providerCompletionDataSchema = z.looseObject({
  LastUpdatedForEmail: opt(dateTimeSchema),
  LastUpdatedForPhone: opt(dateTimeSchema),
  isSuccessfulForEmail: opt(booleanSchema),
  isSuccessfulForPhone: opt(booleanSchema),
  isPrimaryProviderForEmail: opt(booleanSchema),
  isPrimaryProviderForPhone: opt(booleanSchema)
})

export const requestCompletionDataSchema = z.looseObject({
  emailCompletedTime: opt(dateTimeSchema),
  phoneCompletedTime: opt(dateTimeSchema),
  isEmailRequest: opt(booleanSchema),
  isPhoneRequest: opt(booleanSchema)
})

/**
 * One element of `results` in Get Premium Contacts; also a profile's `contacts` (UserContacts).
 * status is enumerated, sample value only (`NotStarted`): any string.
 */
export const contactResultSchema = z.looseObject({
  request: opt(contactRequestSchema),
  emails: opt(z.array(emailEntrySchema)),
  phone_numbers: opt(z.array(phoneEntrySchema)),
  profiles: opt(z.array(contactProfileSchema)),
  photos: opt(z.array(contactPhotoSchema)),
  websites: opt(z.array(contactWebsiteSchema)),
  topics: opt(stringArraySchema),
  dict_emails: opt(freeFormObjectSchema),
  emails_validity: opt(freeFormObjectSchema),
  status: opt(stringSchema),
  called_fallback_providers: opt(booleanSchema),
  last_updated: opt(dateTimeSchema),
  created_at: opt(dateTimeSchema),
  card: opt(contactCardSchema),
  gender: opt(stringSchema),
  age_range: opt(stringSchema),
  execution_trace: opt(executionTraceSchema),
  email_delivery_reports: opt(z.array(emailDeliveryReportSchema)),
  phone_delivery_reports: opt(z.array(phoneDeliveryReportSchema)),
  company_ids_requesting: opt(stringArraySchema),
  provider_completion_data_dictionary: opt(z.record(z.string(), providerCompletionDataSchema)),
  request_completion_data: opt(requestCompletionDataSchema),
  has_good_email: opt(booleanSchema),
  _etag: opt(stringSchema),
  id: opt(stringSchema),
  _rid: opt(stringSchema),
  _self: opt(stringSchema),
  // The spec types _ts as date-time (not the epoch number some stores use).
  _ts: opt(dateTimeSchema),
  ttl: opt(integerSchema)
})
export type ContactResult = z.infer<typeof contactResultSchema>

/** `count` in the Get Premium Contacts response: credits. */
export const countsSchema = z.looseObject({
  available: opt(integerSchema),
  used: opt(integerSchema),
  newRequestedCount: opt(integerSchema)
})
export type Counts = z.infer<typeof countsSchema>

/** 200 response of Get Premium Contacts. */
export const premiumContactsResponseSchema = z.looseObject({
  results: opt(z.array(contactResultSchema)),
  count: opt(countsSchema)
})
export type PremiumContactsResponse = z.infer<typeof premiumContactsResponseSchema>

/** Body of Get Premium Contacts: a JSON array of strings (meaning not shown in the spec). */
export const premiumContactsRequestSchema = z.array(stringSchema)
export type PremiumContactsRequest = z.infer<typeof premiumContactsRequestSchema>
