import { z } from 'zod'
import {
  booleanSchema,
  dateTimeSchema,
  doubleSchema,
  integerSchema,
  opt,
  stringArraySchema,
  stringSchema
} from './primitives'

// Enterprise data attached to a profile: salary, external records, org chart, internal repos.

export const salaryDataPointSchema = z.looseObject({
  salary: opt(doubleSchema),
  count: opt(integerSchema)
})

export const salaryDataSchema = z.looseObject({
  source: opt(stringSchema),
  key: opt(stringSchema),
  min: opt(doubleSchema),
  max: opt(doubleSchema),
  variance: opt(doubleSchema),
  avg: opt(doubleSchema),
  median: opt(doubleSchema),
  sd: opt(doubleSchema),
  p_10: opt(doubleSchema),
  p_25: opt(doubleSchema),
  p_75: opt(doubleSchema),
  p_90: opt(doubleSchema),
  base_median: opt(doubleSchema),
  additional_median: opt(doubleSchema),
  count: opt(integerSchema),
  salary_data_points: opt(z.array(salaryDataPointSchema))
})
export type SalaryData = z.infer<typeof salaryDataSchema>

export const tagSchema = z.looseObject({
  name: opt(stringSchema),
  value: opt(stringSchema),
  searchable_value: opt(stringSchema),
  complex_value: opt(stringSchema),
  bool_value: opt(booleanSchema),
  // The spec calls int_value and long_value "numbers", not integers: any finite number.
  int_value: opt(doubleSchema),
  long_value: opt(doubleSchema),
  double_value: opt(doubleSchema),
  date_value: opt(dateTimeSchema),
  string_values: opt(stringArraySchema)
})

export const externalDataSchema = z.looseObject({
  type: opt(stringSchema),
  id: opt(stringSchema),
  sec_id: opt(stringSchema),
  version: opt(stringSchema),
  updated: opt(dateTimeSchema),
  tags: opt(z.array(tagSchema))
})

export const employeeSchema = z.looseObject({
  name: opt(stringSchema),
  email: opt(stringSchema),
  name_email: opt(stringSchema),
  key: opt(stringSchema),
  manager_key: opt(stringSchema)
})
export type Employee = z.infer<typeof employeeSchema>

export const internalRepoLanguageSchema = z.looseObject({
  language: opt(stringSchema),
  lines: opt(integerSchema)
})

export const internalRepoSchema = z.looseObject({
  org: opt(stringSchema),
  repo: opt(stringSchema),
  description: opt(stringSchema),
  url: opt(stringSchema),
  language: opt(stringSchema),
  handle: opt(stringSchema),
  languages: opt(z.array(internalRepoLanguageSchema)),
  frameworks: opt(stringArraySchema),
  commits: opt(integerSchema),
  // Misspelt on the wire; kept exactly as the spec gives it.
  comimts_in_last_year: opt(integerSchema),
  earliest_commit: opt(dateTimeSchema),
  most_recent_commit: opt(dateTimeSchema)
})

export const securityClearanceSchema = z.looseObject({
  name: opt(stringSchema),
  explanation: opt(stringSchema)
})

export const jobAnnotationSchema = z.looseObject({
  position_id: opt(stringSchema),
  description: opt(stringSchema)
})

export const internalAnnotationsSchema = z.looseObject({
  headline: opt(stringSchema),
  job_annotations: opt(z.array(jobAnnotationSchema))
})
