import { z } from 'zod'

/** Progress of a long export, pushed while rows are written. */
export const exportProgressSchema = z.object({
  exportId: z.string(),
  written: z.number().int().nonnegative(),
  total: z.number().int().nonnegative().nullable(),
  done: z.boolean()
})
export type ExportProgress = z.infer<typeof exportProgressSchema>

export const exportEvents = {
  exportProgress: exportProgressSchema
}
