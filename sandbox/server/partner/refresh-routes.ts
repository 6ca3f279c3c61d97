import { z } from 'zod'
import { refreshProfilesRequestSchema } from '../../../shared/api'
import { ApiError } from '../http/errors'
import type { ProfileCatalog } from '../../search/profile-catalog'
import { refreshLimits } from '../refresh/refresh-jobs'
import { parseBody, type PartnerRoute } from './route'

/** The shared schema allows everything the spec allows; the sandbox adds its documented bounds. */
const refreshBodySchema = refreshProfilesRequestSchema.extend({
  profileHandles: z.array(z.string()).min(1).max(refreshLimits.maxHandles),
  batchSize: z.int().min(1).max(refreshLimits.maxBatchSize).nullish(),
  maxConcurrency: z.int().min(1).max(refreshLimits.maxConcurrency).nullish(),
  jobId: z
    .string()
    .regex(/^[A-Za-z0-9._~-]{1,128}$/, 'jobId must be 1-128 characters of A-Z a-z 0-9 . _ ~ -')
    .nullish()
})

const jobIdOf = (params: string[]): string => params[0] ?? ''

export function refreshProfilesRoute(): PartnerRoute {
  return {
    method: 'POST',
    pattern: /^\/api\/Refresh\/RefreshProfiles$/,
    type: 'RefreshProfiles',
    async run(ctx) {
      const body = parseBody(refreshBodySchema, await ctx.body())
      const { jobId, created, conflict } = ctx.org.refresh.start(
        {
          handles: body.profileHandles,
          batchSize: body.batchSize ?? refreshLimits.defaultBatchSize,
          maxConcurrency: body.maxConcurrency ?? refreshLimits.defaultConcurrency,
          saveToStorage: body.saveToStorage ?? true,
          jobId: body.jobId ?? undefined
        },
        ctx.now
      )
      if (conflict) {
        throw new ApiError(
          409,
          'conflict',
          `jobId "${jobId}" is already used by a job for other handles; use a new jobId`,
          {
            field: 'jobId'
          }
        )
      }
      ctx.org.refresh.settle(ctx.now)
      const view = ctx.org.refresh.startView(jobId, ctx.now)
      return { body: view, summary: `200 job ${jobId} ${created ? 'started' : 'already known'}: ${view?.status}` }
    }
  }
}

export function jobStatusRoute(): PartnerRoute {
  return {
    method: 'GET',
    pattern: /^\/api\/Refresh\/GetJobStatus\/([^/]+)$/,
    type: 'GetJobStatus',
    async run(ctx) {
      const jobId = jobIdOf(ctx.params)
      const view = ctx.org.refresh.statusView(jobId, ctx.now)
      if (!view) throw new ApiError(404, 'not_found', `No refresh job with jobId "${jobId}"`)
      return { body: view, summary: `200 job ${jobId}: ${view.status} ${view.progressPercentage}%` }
    }
  }
}

/** Sandbox addition behind dataUrl: the refreshed profiles of a job so far. */
export function jobDataRoute(catalog: ProfileCatalog): PartnerRoute {
  return {
    method: 'GET',
    pattern: /^\/api\/Refresh\/GetJobData\/([^/]+)$/,
    type: 'GetJobData',
    async run(ctx) {
      const jobId = jobIdOf(ctx.params)
      const keys = ctx.org.refresh.refreshedKeys(jobId, ctx.now)
      if (!keys) throw new ApiError(404, 'not_found', `No refresh job with jobId "${jobId}"`)
      const profiles = keys.map((key) => catalog.get(key)).filter((p) => p !== undefined)
      return { body: profiles, summary: `200 job ${jobId}: ${profiles.length} refreshed profile(s)` }
    }
  }
}
