/**
 * The keychain account of a device credential: bound to the server's exact origin (a changed
 * address never gets it) and to the desk the server issued it to, so two desks (data folders)
 * sharing one OS keychain each keep their own.
 */
export const credentialAccount = (origin: string, deskId: string): string => `team:${origin}:${deskId}`
