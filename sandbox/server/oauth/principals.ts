/** Who a tool-server token acts for: a service user, or an older credential bound to no user. */
export type Principal =
  | { kind: 'user'; clientId: string; organisationId: string; userId: string; email: string; name: string }
  | { kind: 'legacy'; clientId: string; organisationId: string }

export interface ClientCredential {
  clientId: string
  clientSecret: string
  principal: Principal
}
