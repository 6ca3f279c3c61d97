import { z } from 'zod'
import { paperSchema } from './academic'
import { addressSchema, keyMatchSchema, powerFilterMatchSchema } from './common'
import { salaryDataSchema } from './enterprise'
import { educationSchema, positionSchema } from './position'
import {
  booleanSchema,
  dateTimeSchema,
  doubleSchema,
  int32Schema,
  opt,
  stringArraySchema,
  stringMapSchema,
  stringSchema
} from './primitives'

// HealthcareProfile (value of a profile's healthcare_profile) and its nested objects.
// The spec names the fields of the nested objects without types; they are taken as strings
// (the spec's default wording for this section), except where a type is given.

export const providerNameSchema = z.looseObject({
  org_name: opt(stringSchema),
  full_name: opt(stringSchema),
  last_name: opt(stringSchema),
  first_name: opt(stringSchema),
  middle_name: opt(stringSchema),
  name_prefix: opt(stringSchema),
  name_suffix: opt(stringSchema)
})

export const practiceAddressSchema = z.looseObject({
  address_line_1: opt(stringSchema),
  address_line_2: opt(stringSchema),
  city: opt(stringSchema),
  state: opt(stringSchema),
  zip_code: opt(stringSchema),
  country: opt(stringSchema),
  phone_num: opt(stringSchema),
  fax_num: opt(stringSchema)
})

export const taxonomySchema = z.looseObject({
  taxonomy_code: opt(stringSchema),
  taxonomy_name: opt(stringSchema),
  taxonomy_desc: opt(stringSchema),
  taxonomy_switch: opt(stringSchema),
  license_num: opt(stringSchema),
  state_code: opt(stringSchema),
  state_name: opt(stringSchema),
  taxonomy_category: opt(stringSchema),
  taxonomy_parent_code: opt(stringSchema)
})

export const specialitySchema = z.looseObject({
  name: opt(stringSchema),
  sub_speciality: opt(stringSchema)
})

/** Element of healthcare `emails`. */
export const healthcareEmailSchema = z.looseObject({
  address: opt(stringSchema),
  type: opt(stringSchema),
  source: opt(stringSchema)
})

/** Element of healthcare `phones` and `fax_numbers`. */
export const healthcarePhoneSchema = z.looseObject({
  number: opt(stringSchema),
  type: opt(stringSchema),
  source: opt(stringSchema)
})

export const honorAwardSchema = z.looseObject({
  date: opt(stringSchema),
  organization: opt(stringSchema),
  description: opt(stringSchema),
  title: opt(stringSchema)
})

export const certificationAndLicenseSchema = z.looseObject({
  org: opt(stringSchema),
  name: opt(stringSchema)
})

export const membershipSchema = z.looseObject({
  organization_name: opt(stringSchema),
  position: opt(stringSchema),
  organization_url: opt(stringSchema)
})

export const directoryPublicationSchema = z.looseObject({
  publication_name: opt(stringSchema),
  publication_url: opt(stringSchema),
  publication_date: opt(stringSchema)
})

export const hospitalAffiliationSchema = z.looseObject({
  name: opt(stringSchema),
  url: opt(stringSchema),
  address: opt(stringSchema)
})

export const pressMentionSchema = z.looseObject({
  title: opt(stringSchema),
  year: opt(stringSchema),
  address: opt(stringSchema)
})

export const clinicalTrialSchema = z.looseObject({
  name: opt(stringSchema),
  url: opt(stringSchema),
  enrollment_date: opt(stringSchema)
})

export const directoryJournalSchema = z.looseObject({
  title: opt(stringSchema),
  journal_name: opt(stringSchema)
})

export const physicianDirectoryDataSchema = z.looseObject({
  category: opt(stringSchema),
  user_id: opt(stringSchema),
  summary: opt(stringSchema),
  profile_url: opt(stringSchema),
  honors_awards: opt(z.array(honorAwardSchema)),
  certifications_and_licenses: opt(z.array(certificationAndLicenseSchema)),
  memberships: opt(z.array(membershipSchema)),
  languages: opt(stringArraySchema),
  publications: opt(z.array(directoryPublicationSchema)),
  hospital_affiliations: opt(z.array(hospitalAffiliationSchema)),
  press_mentions: opt(z.array(pressMentionSchema)),
  clinical_trials: opt(z.array(clinicalTrialSchema)),
  journals: opt(z.array(directoryJournalSchema))
})

/** healthcare_profile.academic_data (not the profile's top-level academic fields). */
export const healthcareAcademicDataSchema = z.looseObject({
  author_id: opt(stringSchema),
  affiliation: opt(stringSchema),
  rank: opt(doubleSchema),
  h_index: opt(doubleSchema),
  i10_index: opt(doubleSchema),
  publications_count: opt(doubleSchema),
  paper_count: opt(doubleSchema),
  patent_count: opt(doubleSchema),
  book_count: opt(doubleSchema),
  citation_count: opt(doubleSchema),
  first_author_count: opt(doubleSchema),
  last_author_count: opt(doubleSchema),
  affiliations: opt(stringArraySchema),
  categories: opt(stringArraySchema),
  sub_categories: opt(stringArraySchema),
  tags: opt(stringArraySchema),
  conferences: opt(stringArraySchema),
  conf_instances: opt(stringArraySchema),
  journals: opt(stringArraySchema),
  doc_types: opt(stringArraySchema),
  co_authors: opt(stringArraySchema),
  co_author_names: opt(stringArraySchema),
  publishers: opt(stringArraySchema),
  pub_years: opt(stringArraySchema),
  created_date: opt(dateTimeSchema),
  papers: opt(z.array(paperSchema))
})

export const healthcareProfileSchema = z.looseObject({
  caption: opt(stringSchema),
  li_key: opt(stringSchema),
  li_id: opt(stringSchema),
  country_code: opt(stringSchema),
  li_url: opt(stringSchema),
  location: opt(stringSchema),
  city: opt(stringSchema),
  state: opt(stringSchema),
  country: opt(stringSchema),
  zip_code: opt(stringSchema),
  headline: opt(stringSchema),
  industry: opt(stringSchema),
  summary: opt(stringSchema),
  image_url: opt(stringSchema),
  cached_image_url: opt(stringSchema),
  cur_company: opt(stringSchema),
  cur_title: opt(stringSchema),
  // A property literally named "true" on the wire.
  true: opt(stringSchema),
  profile_source: opt(stringSchema),
  user_id: opt(stringSchema),
  key: opt(stringSchema),
  full_name: opt(stringSchema),
  last_name: opt(stringSchema),
  middle_name: opt(stringSchema),
  first_name: opt(stringSchema),
  npi_number: opt(stringSchema),
  npi_status: opt(stringSchema),
  npi_category: opt(stringSchema),
  npi_entity_type: opt(stringSchema),
  profile_picture: opt(stringSchema),
  gender: opt(stringSchema),
  office_location: opt(stringSchema),
  office_location2: opt(stringSchema),
  power_filters_match_data: opt(stringSchema),

  has_public_profile: opt(int32Schema),
  is_public_profile_deleted: opt(int32Schema),
  num_connections: opt(int32Schema),
  has_image: opt(int32Schema),
  num_positions: opt(int32Schema),
  has_physician_directory_data: opt(int32Schema),
  has_publications: opt(int32Schema),
  profile_length: opt(int32Schema),
  contact_quality: opt(int32Schema),
  has_job_descriptions: opt(int32Schema),
  has_valid_address: opt(int32Schema),
  company_size: opt(int32Schema),
  start_year_in_role: opt(int32Schema),
  grad_year: opt(int32Schema),
  partition: opt(int32Schema),

  public_profile_last_updated: opt(dateTimeSchema),
  public_profile_refreshed: opt(dateTimeSchema),

  diversity: opt(stringArraySchema),
  past_companies: opt(stringArraySchema),
  past_titles: opt(stringArraySchema),
  schools: opt(stringArraySchema),
  majors: opt(stringArraySchema),
  degrees: opt(stringArraySchema),
  publications: opt(stringArraySchema),
  patents: opt(stringArraySchema),
  skills: opt(stringArraySchema),
  certifications: opt(stringArraySchema),
  groups: opt(stringArraySchema),
  interests: opt(stringArraySchema),
  projects: opt(stringArraySchema),
  courses: opt(stringArraySchema),
  volunteering: opt(stringArraySchema),
  honors_awards: opt(stringArraySchema),
  languages: opt(stringArraySchema),
  tags: opt(stringArraySchema),
  expert_tags: opt(stringArraySchema),
  alt_keys: opt(stringArraySchema),
  location_ids: opt(stringArraySchema),
  credentials: opt(stringArraySchema),
  organizations: opt(stringArraySchema),
  power_filters: opt(stringArraySchema),
  ranked_power_filters: opt(stringArraySchema),

  power_filter_matches: opt(z.array(powerFilterMatchSchema)),
  key_matches: opt(z.array(keyMatchSchema)),
  alt_keys_keytypes: opt(stringMapSchema),
  positions: opt(z.array(positionSchema)),
  educations: opt(z.array(educationSchema)),
  salary_data: opt(salaryDataSchema),
  is_international: opt(booleanSchema),
  is_student: opt(booleanSchema),

  provider_name: opt(providerNameSchema),
  practice_address: opt(practiceAddressSchema),
  addresses: opt(z.array(addressSchema)),
  taxonomies: opt(z.array(taxonomySchema)),
  specialities: opt(z.array(specialitySchema)),
  emails: opt(z.array(healthcareEmailSchema)),
  phones: opt(z.array(healthcarePhoneSchema)),
  fax_numbers: opt(z.array(healthcarePhoneSchema)),
  physician_directory_data: opt(physicianDirectoryDataSchema),
  academic_data: opt(healthcareAcademicDataSchema)
})
export type HealthcareProfile = z.infer<typeof healthcareProfileSchema>
