import { z } from 'zod'
import { dateTimeSchema, opt, stringSchema } from './primitives'

/** 200 response of Get Api Transaction Data. request_type: sample value only, any string. */
export const apiTransactionRecordSchema = z.looseObject({
  request: opt(stringSchema),
  response: opt(stringSchema),
  partner_name: opt(stringSchema),
  id: opt(stringSchema),
  request_date: opt(dateTimeSchema),
  response_date: opt(dateTimeSchema),
  request_type: opt(stringSchema)
})
export type ApiTransactionRecord = z.infer<typeof apiTransactionRecordSchema>
