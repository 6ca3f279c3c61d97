import { z } from 'zod'
import { addressSchema } from './common'
import { educationSchema } from './position'
import { booleanSchema, dateTimeSchema, integerSchema, opt, stringArraySchema, stringSchema } from './primitives'

/**
 * ContactRequest: the request record echoed inside a contact result and a provider result.
 * jobType, req_type, contact_type and contact_level are enumerated on the server, but the
 * spec gives only sample values (`Unknown`, `PublicProfiles`, `Email`, `Basic`): any string.
 */
export const contactRequestSchema = z.looseObject({
  jobId: opt(stringSchema),
  userId: opt(stringSchema),
  recruiterId: opt(stringSchema),
  recruiterEmail: opt(stringSchema),
  callerId: opt(stringSchema),
  callbackKey: opt(stringSchema),
  key: opt(stringSchema),
  url: opt(stringSchema),
  profilenet_url: opt(stringSchema),
  npi_number: opt(stringSchema),
  li_id: opt(stringSchema),
  first_name: opt(stringSchema),
  last_name: opt(stringSchema),
  full_name: opt(stringSchema),
  company: opt(stringSchema),
  domain: opt(stringSchema),
  index: opt(stringSchema),
  location: opt(stringSchema),
  continent: opt(stringSchema),
  country: opt(stringSchema),
  city: opt(stringSchema),
  state: opt(stringSchema),
  department: opt(stringSchema),
  industry: opt(stringSchema),
  profilenet_industry: opt(stringSchema),
  company_id_requesting: opt(stringSchema),
  // "UUID string": z.guid() checks the 8-4-4-4-12 hex form without insisting on RFC 9562
  // version/variant bits, which .NET Guids do not always carry.
  guid: opt(z.guid()),
  jobType: opt(stringSchema),
  req_type: opt(stringSchema),
  contact_type: opt(stringSchema),
  contact_level: opt(stringSchema),
  emails: opt(stringArraySchema),
  past_domains: opt(stringArraySchema),
  diversity: opt(stringArraySchema),
  past_companies: opt(stringArraySchema),
  nurse_types: opt(stringArraySchema),
  primary_providers: opt(stringArraySchema),
  secondary_providers: opt(stringArraySchema),
  alt_keys: opt(stringArraySchema),
  alt_urls: opt(stringArraySchema),
  addresses: opt(z.array(addressSchema)),
  educations: opt(z.array(educationSchema)),
  is_large_company: opt(booleanSchema),
  high_pri: opt(booleanSchema),
  use_cache: opt(booleanSchema),
  is_test: opt(booleanSchema),
  has_public_profile: opt(booleanSchema),
  graduation_year: opt(integerSchema),
  contact_quality: opt(integerSchema),
  queued_time: opt(dateTimeSchema)
})
export type ContactRequest = z.infer<typeof contactRequestSchema>
