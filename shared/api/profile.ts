import { z } from 'zod'
import { coAuthorSchema, paperSchema } from './academic'
import { atsDataSchema } from './ats'
import { repositoryContributionSchema, repositorySchema } from './codehost'
import { keyMatchSchema, matchTypeSchema, powerFilterMatchSchema } from './common'
import { contactResultSchema } from './contacts'
import {
  employeeSchema,
  externalDataSchema,
  internalAnnotationsSchema,
  internalRepoSchema,
  salaryDataSchema,
  securityClearanceSchema
} from './enterprise'
import { healthcareProfileSchema } from './healthcare'
import { nurseProfileSchema } from './nurse'
import { educationSchema, positionSchema } from './position'
import {
  booleanSchema,
  dateTimeArraySchema,
  dateTimeSchema,
  doubleSchema,
  freeFormObjectSchema,
  int32Schema,
  opt,
  stringArraySchema,
  stringMapSchema,
  stringSchema
} from './primitives'
import { answerInvolvementSchema, badgeSchema, questionInvolvementSchema, topTagSchema } from './qasite'

/** score_card (ScoreCards): its fields are not shown in the spec, so any object is kept as is. */
export const scoreCardSchema = z.looseObject({})

/**
 * One element of the Match Profiles response. The spec permits undeclared properties, so
 * they are kept untouched (loose object). Keys follow the spec's order.
 */
export const wholePersonProfileSchema = z.looseObject({
  // Identity and location
  key: opt(stringSchema),
  li_id: opt(stringSchema),
  first_name: opt(stringSchema),
  last_name: opt(stringSchema),
  full_name: opt(stringSchema),
  state: opt(stringSchema),
  country: opt(stringSchema),
  city: opt(stringSchema),
  li_urls: opt(stringArraySchema),
  image_urls: opt(stringArraySchema),
  locations: opt(stringArraySchema),
  location_ids: opt(stringArraySchema),
  caption: opt(stringArraySchema),
  diversity: opt(stringArraySchema),

  // Current role and background
  cur_company: opt(stringSchema),
  cur_title: opt(stringSchema),
  cur_title_specialization: opt(stringSchema),
  cur_seniority: opt(stringSchema),
  industry: opt(stringSchema),
  summary: opt(stringSchema),
  department: opt(stringSchema),
  redirect_url: opt(stringSchema),
  cur_company_id: opt(int32Schema),
  cur_title_id: opt(int32Schema),
  company_size: opt(int32Schema),
  grad_year: opt(int32Schema),
  org_size: opt(int32Schema),
  direct_reports: opt(int32Schema),
  start_date_in_role: opt(dateTimeSchema),
  start_date_in_company: opt(dateTimeSchema),
  last_updated: opt(dateTimeSchema),
  last_refreshed: opt(dateTimeSchema),
  is_student: opt(booleanSchema),
  positions: opt(z.array(positionSchema)),
  educations: opt(z.array(educationSchema)),
  headlines: opt(stringArraySchema),
  past_companies: opt(stringArraySchema),
  past_titles: opt(stringArraySchema),
  majors: opt(stringArraySchema),
  degrees: opt(stringArraySchema),
  degree_ids: opt(stringArraySchema),
  prev_locations: opt(stringArraySchema),
  languages: opt(stringArraySchema),
  groups: opt(stringArraySchema),
  interests: opt(stringArraySchema),
  volunteering: opt(stringArraySchema),
  skills: opt(stringArraySchema),
  certifications: opt(stringArraySchema),
  projects: opt(stringArraySchema),
  key_phrases: opt(stringArraySchema),
  likely_skills: opt(stringArraySchema),

  // Match information
  deleted: opt(int32Schema),
  matched_terms: opt(stringArraySchema),
  match_type: opt(matchTypeSchema),
  power_filter_matches: opt(z.array(powerFilterMatchSchema)),
  key_matches: opt(z.array(keyMatchSchema)),
  match_score: opt(int32Schema),
  document_score: opt(doubleSchema),
  likely_to_switch: opt(doubleSchema),
  time_zone_delta: opt(doubleSchema),
  updated_dates: opt(dateTimeArraySchema),
  contact_quality: opt(int32Schema),
  alt_keys: opt(stringArraySchema),
  alt_keys_keytypes: opt(stringMapSchema),

  // Code-host data
  codehost_handle: opt(stringSchema),
  codehost_url: opt(stringSchema),
  codehost_key: opt(stringSchema),
  organizations: opt(stringArraySchema),
  topics: opt(stringArraySchema),
  websites: opt(stringArraySchema),
  stars: opt(int32Schema),
  followers: opt(int32Schema),
  following: opt(int32Schema),
  num_repos: opt(int32Schema),
  coder_rank: opt(doubleSchema),
  prog_lang_ranks: opt(z.record(z.string(), doubleSchema)),
  contribs: opt(z.array(repositoryContributionSchema)),
  user_repos: opt(z.array(repositorySchema)),

  // Question-and-answer-site data
  qasite_id: opt(int32Schema),
  qasite_url: opt(stringSchema),
  qasite_name: opt(stringSchema),
  qasite_platform_score: opt(int32Schema),
  qasite_questions_count: opt(int32Schema),
  qasite_answers_count: opt(int32Schema),
  qasite_gold_badges: opt(int32Schema),
  qasite_silver_badges: opt(int32Schema),
  qasite_bronze_badges: opt(int32Schema),
  qasite_up_votes: opt(int32Schema),
  qasite_down_votes: opt(int32Schema),
  qasite_gold_badges_full: opt(z.array(badgeSchema)),
  qasite_silver_badges_full: opt(z.array(badgeSchema)),
  qasite_bronze_badges_full: opt(z.array(badgeSchema)),
  qasite_tags: opt(z.array(topTagSchema)),
  qasite_reputation_rank: opt(doubleSchema),
  qasite_reach_rank: opt(doubleSchema),
  qasite_involvement_rank: opt(doubleSchema),
  qasite_questions: opt(z.array(questionInvolvementSchema)),
  qasite_answers: opt(z.array(answerInvolvementSchema)),

  // Academic data
  author_id: opt(stringSchema),
  expert_key: opt(stringSchema),
  affiliations: opt(stringArraySchema),
  categories: opt(stringArraySchema),
  sub_categories: opt(stringArraySchema),
  tags: opt(stringArraySchema),
  other_papers: opt(stringArraySchema),
  publications: opt(stringArraySchema),
  patents: opt(stringArraySchema),
  co_authors: opt(z.array(coAuthorSchema)),
  publication_count: opt(int32Schema),
  paper_count: opt(int32Schema),
  patent_count: opt(int32Schema),
  book_count: opt(int32Schema),
  citation_count: opt(int32Schema),
  relevant_papers: opt(z.array(paperSchema)),
  recent_papers: opt(z.array(paperSchema)),

  // Sector profiles and enterprise data
  healthcare_profile: opt(healthcareProfileSchema),
  nurse_profile: opt(nurseProfileSchema),
  company_data: opt(z.array(externalDataSchema)),
  ats_data: opt(atsDataSchema),
  security_clearance: opt(securityClearanceSchema),
  salary_data: opt(salaryDataSchema),
  configurable_data: opt(freeFormObjectSchema),
  hierarchy: opt(z.array(employeeSchema)),
  manager: opt(employeeSchema),
  office_location: opt(stringSchema),
  office_location2: opt(stringSchema),
  employee_url: opt(stringSchema),
  employee_id: opt(stringSchema),
  compensation_grade: opt(stringSchema),
  chat_id: opt(stringSchema),
  email: opt(stringSchema),
  internal_projects: opt(stringArraySchema),
  internal_technologies: opt(stringArraySchema),
  internal_skills: opt(stringArraySchema),
  phones: opt(stringArraySchema),
  internal_repos: opt(z.array(internalRepoSchema)),
  internal_annotations: opt(internalAnnotationsSchema),
  // UserContacts: same shape as one contact result.
  contacts: opt(contactResultSchema),
  score_card: opt(scoreCardSchema)
})
export type WholePersonProfile = z.infer<typeof wholePersonProfileSchema>

/** 200 response of Match Profiles. */
export const matchProfilesResponseSchema = z.array(wholePersonProfileSchema)
export type MatchProfilesResponse = z.infer<typeof matchProfilesResponseSchema>
