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

// Profile refresh jobs: the request that starts one and the two forms of the job record.

/**
 * Body of Refresh Profiles. Strict: the spec lists the whole body and we are the sender, so an
 * unknown key can only be a typo of ours (e.g. `profilehandles`), better caught before sending.
 * Which fields are required is not shown, so all are optional.
 */
export const refreshProfilesRequestSchema = z.strictObject({
  profileHandles: opt(stringArraySchema),
  apiKey: opt(stringSchema),
  batchSize: opt(integerSchema),
  maxConcurrency: opt(integerSchema),
  saveToStorage: opt(booleanSchema),
  jobId: opt(stringSchema)
})
export type RefreshProfilesRequest = z.infer<typeof refreshProfilesRequestSchema>

export const refreshJobStatusValueSchema = z.enum(['Queued', 'InProgress', 'Completed', 'Failed', 'Cancelled'])
export type RefreshJobStatusValue = z.infer<typeof refreshJobStatusValueSchema>

/** A handle that could not be refreshed: failedRefreshes (start) and failedHandles (status). */
export const failedHandleSchema = z.looseObject({
  handle: opt(stringSchema),
  error: opt(stringSchema)
})

/** Fields both forms of the refresh job record share. */
const refreshJobCommonShape = {
  jobId: opt(stringSchema),
  status: opt(refreshJobStatusValueSchema),
  totalRequested: opt(integerSchema),
  totalProcessed: opt(integerSchema),
  totalSuccessful: opt(integerSchema),
  totalFailed: opt(integerSchema),
  startTime: opt(dateTimeSchema),
  endTime: opt(dateTimeSchema),
  duration: opt(stringSchema),
  progressPercentage: opt(doubleSchema),
  dataUrl: opt(stringSchema)
}

/** 200 response of Refresh Profiles (start-response form). */
export const refreshJobStartSchema = z.looseObject({
  ...refreshJobCommonShape,
  progressUrl: opt(stringSchema),
  successfulRefreshes: opt(stringArraySchema),
  failedRefreshes: opt(z.array(failedHandleSchema))
})
export type RefreshJobStart = z.infer<typeof refreshJobStartSchema>

/** 200 response of Get Job Status (status-response form). */
export const refreshJobStatusSchema = z.looseObject({
  ...refreshJobCommonShape,
  errorMessage: opt(stringSchema),
  lastUpdated: opt(dateTimeSchema),
  processedHandles: opt(stringArraySchema),
  failedHandles: opt(z.array(failedHandleSchema))
})
export type RefreshJobStatus = z.infer<typeof refreshJobStatusSchema>
