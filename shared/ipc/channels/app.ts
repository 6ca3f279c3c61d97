import { z } from 'zod'

export const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  platform: z.string(),
  arch: z.string(),
  /** Which shell runs the app: the Electron desktop app or the browser host. */
  shell: z.enum(['electron', 'browser-host']),
  versions: z.record(z.string(), z.string())
})
export type AppInfo = z.infer<typeof appInfoSchema>

export const appChannels = {
  getAppInfo: { input: z.strictObject({}), output: appInfoSchema }
}
