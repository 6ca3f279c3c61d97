import { z } from 'zod'

export const keychainStatusSchema = z.object({
  /** `keychain`: the OS keychain; `memory`: kept for this session only, because it is unavailable. */
  backend: z.enum(['keychain', 'memory']),
  available: z.boolean(),
  /** Why the keychain is unavailable and what to do, in the recruiter's words. */
  message: z.string().optional()
})
export type KeychainStatus = z.infer<typeof keychainStatusSchema>

export const keychainChannels = {
  getKeychainStatus: { input: z.strictObject({}), output: keychainStatusSchema }
}
