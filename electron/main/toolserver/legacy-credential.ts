/**
 * The spec's two answers to an older tool-server credential that is not bound to a user
 * (Errors: `Recruiter was not found`, `credit balances aren't available for M2M service
 * credentials`). Compared without regard to case or the kind of apostrophe.
 */
const legacyTexts = ['recruiter was not found', "credit balances aren't available for m2m service credentials"]

export function mentionsLegacyCredential(text: string): boolean {
  const plain = text.toLowerCase().replace(/[\u2018\u2019]/g, "'")
  return legacyTexts.some((legacy) => plain.includes(legacy))
}

/** What the recruiter reads instead: what the credential is, what it can still do, what to ask for. */
export const legacyCredentialMessage =
  'This connection’s tool-server credential is an older one that is not bound to a user. It can still search, but contacts, credit balances, exports, workspaces and non-public indexes need a credential bound to your user: ask your administrator for one, then enter its client id and secret in Settings → Connections.'

/**
 * The tool server's tools that act for a user (spec: an older credential cannot use contacts,
 * exports or workspaces): one that answers without an error proves the credential is user-bound.
 */
export const userOnlyTools: ReadonlySet<string> = new Set(['contacts', 'exports', 'workspaces'])
