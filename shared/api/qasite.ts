import { z } from 'zod'
import {
  booleanSchema,
  dateTimeSchema,
  doubleSchema,
  int32Schema,
  opt,
  stringArraySchema,
  stringSchema
} from './primitives'

// Question-and-answer-site objects.

export const badgeSchema = z.looseObject({
  name: opt(stringSchema),
  date: opt(dateTimeSchema),
  class: opt(int32Schema),
  badge_count: opt(int32Schema),
  tag_based: opt(booleanSchema)
})

export const topTagSchema = z.looseObject({
  name: opt(stringSchema),
  percent: opt(doubleSchema),
  score: opt(doubleSchema),
  // Read-only on the server side; for a client it is just another response field.
  level: opt(int32Schema)
})

export const questionInvolvementSchema = z.looseObject({
  last_interaction_datetime: opt(dateTimeSchema),
  link: opt(stringSchema),
  title: opt(stringSchema),
  body: opt(stringSchema),
  tags: opt(stringArraySchema),
  comment_count: opt(int32Schema),
  favorite_count: opt(int32Schema),
  view_count: opt(int32Schema),
  score: opt(int32Schema)
})

export const answerInvolvementSchema = z.looseObject({
  last_interaction_datetime: opt(dateTimeSchema),
  link: opt(stringSchema),
  body: opt(stringSchema),
  tags: opt(stringArraySchema),
  accepted_answer: opt(booleanSchema),
  comment_count: opt(int32Schema),
  view_count: opt(int32Schema),
  score: opt(int32Schema)
})
