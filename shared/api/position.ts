import { z } from 'zod'
import { booleanSchema, int32Schema, opt, stringSchema, stringArraySchema } from './primitives'

// Position and Education: the spec says "No other properties allowed", hence strict objects,
// even inside otherwise permissive responses. Order of keys follows the spec.

export const internalPropertySchema = z.looseObject({
  key: opt(stringSchema),
  value: opt(stringSchema)
})

export const internalPropertiesSchema = z.looseObject({
  data: opt(z.array(internalPropertySchema))
})

export const positionSchema = z.strictObject({
  index: opt(int32Schema),
  years_ago: opt(int32Schema),
  company_id: opt(int32Schema),
  company_size: opt(int32Schema),
  title_id: opt(int32Schema),
  location_id: opt(int32Schema),
  start: opt(int32Schema),
  end: opt(int32Schema),
  company_id_str: opt(stringSchema),
  title_id_str: opt(stringSchema),
  location_id_str: opt(stringSchema),
  company: opt(stringSchema),
  title: opt(stringSchema),
  location: opt(stringSchema),
  start_date: opt(stringSchema),
  end_date: opt(stringSchema),
  description: opt(stringSchema),
  internal_id: opt(stringSchema),
  tags: opt(stringArraySchema),
  is_internal: opt(booleanSchema),
  internal_properties: opt(internalPropertiesSchema)
})
export type Position = z.infer<typeof positionSchema>

export const educationSchema = z.strictObject({
  index: opt(int32Schema),
  school_id: opt(int32Schema),
  major_id: opt(int32Schema),
  degree_id: opt(int32Schema),
  start: opt(int32Schema),
  end: opt(int32Schema),
  school_id_str: opt(stringSchema),
  school: opt(stringSchema),
  major_id_str: opt(stringSchema),
  major: opt(stringSchema),
  degree_id_str: opt(stringSchema),
  degree: opt(stringSchema),
  start_date: opt(stringSchema),
  end_date: opt(stringSchema),
  description: opt(stringSchema),
  tags: opt(stringArraySchema)
})
export type Education = z.infer<typeof educationSchema>
