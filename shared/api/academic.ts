import { z } from 'zod'
import {
  dateTimeSchema,
  doubleSchema,
  int32Schema,
  int64Schema,
  integerSchema,
  opt,
  stringArraySchema,
  stringSchema
} from './primitives'

// Publications: co-authors and papers.

export const coAuthorSchema = z.looseObject({
  id: opt(int64Schema),
  display_name: opt(stringSchema),
  sequence_number: opt(int32Schema)
})

export const fieldOfStudySchema = z.looseObject({
  id: opt(integerSchema),
  name: opt(stringSchema),
  level: opt(integerSchema),
  score: opt(doubleSchema)
})

export const paperUrlSchema = z.looseObject({
  source_type: opt(integerSchema),
  source_url: opt(stringSchema),
  language_code: opt(stringSchema)
})

export const paperSchema = z.looseObject({
  id: opt(int64Schema),
  journal_id: opt(int64Schema),
  conference_series_id: opt(int64Schema),
  conference_instance_id: opt(int64Schema),
  family_id: opt(int64Schema),
  reference_count: opt(int64Schema),
  citation_count: opt(int64Schema),
  estimated_citation_count: opt(int64Schema),
  rank: opt(int32Schema),
  year: opt(int32Schema),
  mag_id: opt(stringSchema),
  doi: opt(stringSchema),
  doc_type: opt(stringSchema),
  paper_title: opt(stringSchema),
  original_title: opt(stringSchema),
  book_title: opt(stringSchema),
  publisher: opt(stringSchema),
  journal_name: opt(stringSchema),
  conference_series_name: opt(stringSchema),
  venue: opt(stringSchema),
  conference_instance_name: opt(stringSchema),
  volume: opt(stringSchema),
  issue: opt(stringSchema),
  abstract: opt(stringSchema),
  date: opt(dateTimeSchema),
  created_date: opt(dateTimeSchema),
  affiliations: opt(stringArraySchema),
  categories: opt(stringArraySchema),
  sub_categories: opt(stringArraySchema),
  tags: opt(stringArraySchema),
  keywords: opt(stringArraySchema),
  languages: opt(stringArraySchema),
  affiliation_ids: opt(z.array(int64Schema)),
  fields_of_study: opt(z.array(fieldOfStudySchema)),
  urls: opt(z.array(paperUrlSchema)),
  authors: opt(z.array(coAuthorSchema))
})
export type Paper = z.infer<typeof paperSchema>
