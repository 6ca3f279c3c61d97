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
  getAppInfo: { input: z.strictObject({}), output: appInfoSchema },
  /**
   * Help → Open log folder. The desktop app opens it in the file manager; the browser host cannot,
   * so it answers where the folder is for the recruiter to open.
   */
  openLogFolder: {
    input: z.strictObject({}),
    output: z.object({ opened: z.boolean(), path: z.string().nullable() })
  }
}
