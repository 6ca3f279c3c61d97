import { z } from 'zod'
import { opt, stringSchema, stringArraySchema } from './primitives'

// Small objects shared by profiles, healthcare and nurse profiles, and contact requests.

export const matchTypeSchema = z.enum(['COMPLETE', 'PARTIAL'])

export const powerFilterMatchSchema = z.looseObject({
  id: opt(stringSchema),
  name: opt(stringSchema),
  description: opt(stringSchema),
  matches: opt(stringArraySchema)
})

export const keyMatchSchema = z.looseObject({
  // Enumerated key type, but the spec gives only a sample value (`TAG`): any string.
  key: opt(stringSchema),
  value: opt(stringSchema)
})

/** {address_type, address_line_1, ...}: healthcare `addresses` and ContactRequest `addresses`. */
export const addressSchema = z.looseObject({
  address_type: opt(stringSchema),
  address_line_1: opt(stringSchema),
  address_line_2: opt(stringSchema),
  city: opt(stringSchema),
  state: opt(stringSchema),
  zip_code: opt(stringSchema),
  country: opt(stringSchema)
})
