import { z } from 'zod'
import { healthcareProfileSchema } from './healthcare'
import { booleanSchema, dateTimeSchema, int32Schema, opt, stringArraySchema, stringSchema } from './primitives'

// NurseProfile (value of a profile's nurse_profile) and its licenses.

export const businessAddressSchema = z.looseObject({
  address_line_1: opt(stringSchema),
  address_line_2: opt(stringSchema),
  address_line_3: opt(stringSchema),
  address_line_4: opt(stringSchema),
  city: opt(stringSchema),
  state: opt(stringSchema),
  postal_code: opt(stringSchema),
  country_code: opt(stringSchema),
  phone_num: opt(stringSchema),
  phone_ext: opt(stringSchema),
  fax_num: opt(stringSchema),
  email: opt(stringSchema)
})

export const providerAgencyInfoSchema = z.looseObject({
  agency_name: opt(stringSchema),
  business_address: opt(businessAddressSchema)
})

export const nurseLicenseSchema = z.looseObject({
  state_code: opt(stringSchema),
  state_name: opt(stringSchema),
  license_num: opt(stringSchema),
  license_title: opt(stringSchema),
  license_status: opt(stringSchema),
  degrees_earned: opt(stringSchema),
  practice_details: opt(stringSchema),
  speciality: opt(stringSchema),
  position: opt(stringSchema),
  prescriptive_authority: opt(stringSchema),
  disciplined_status: opt(stringSchema),
  other_licenses: opt(stringSchema),
  license_validity: opt(stringSchema),
  issue_date: opt(dateTimeSchema),
  expiry_date: opt(dateTimeSchema),
  provider_agency_info: opt(providerAgencyInfoSchema)
})
export type NurseLicense = z.infer<typeof nurseLicenseSchema>

/**
 * The HealthcareProfile fields (same names, types and nested objects) without provider_name
 * and practice_address, plus the nurse-specific fields.
 */
export const nurseProfileSchema = healthcareProfileSchema.omit({ provider_name: true, practice_address: true }).extend({
  has_valid_license: opt(int32Schema),
  years_with_license: opt(int32Schema),
  is_current_nurse: opt(int32Schema),
  power_filter_count: opt(int32Schema),
  license_issue_year: opt(int32Schema),
  is_prior_nurse: opt(booleanSchema),
  disciplined_status: opt(booleanSchema),
  issue_date: opt(dateTimeSchema),
  public_profile_nurse_type: opt(stringArraySchema),
  nurse_license_state: opt(stringArraySchema),
  nurse_license_number: opt(stringArraySchema),
  license_title: opt(stringArraySchema),
  license_status: opt(stringArraySchema),
  nurse_type: opt(stringArraySchema),
  degrees_earned: opt(stringArraySchema),
  license_status_desc: opt(stringSchema),
  license_validity_type: opt(stringSchema),
  nurse_license_info: opt(z.array(nurseLicenseSchema))
})
export type NurseProfile = z.infer<typeof nurseProfileSchema>
