import { EXTRA_CA_VARIABLES } from './ca-certificates'

/**
 * What a failed connection says about certificates and proxies, in the recruiter's words: the
 * causes a company network adds (an inspecting proxy's root certificate missing, a proxy that
 * wants a sign-in) are not "check your network". Null for any other cause.
 */

const untrusted = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'UNABLE_TO_GET_ISSUER_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE'
])

/** A sentence for a low-level cause (an error code or an error's message), or null. */
export function describeConnectionCause(cause: string | undefined): string | null {
  if (cause === undefined) return null
  if (untrusted.has(cause)) {
    return `The server’s certificate is not signed by an authority this computer trusts (${cause}). If your company inspects secure traffic, its root certificate must be in the system’s certificate store, or in a PEM file named by ${EXTRA_CA_VARIABLES[0]}.`
  }
  if (cause === 'CERT_HAS_EXPIRED' || cause === 'CERT_NOT_YET_VALID') {
    return `The server’s certificate is not valid now (${cause}). Check this computer’s date and time; otherwise the server’s owner must renew it.`
  }
  if (cause === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return 'The server’s certificate is for another name than the address in Settings → Connections. Check the address.'
  }
  const proxyStatus = /Proxy response \((\d{3})\)/.exec(cause)?.[1] ?? (/\(407\)/.test(cause) ? '407' : undefined)
  if (proxyStatus === '407') {
    return 'The proxy asks Talent Desk to sign in (HTTP 407), which it cannot do. Ask your IT team to let this address through the proxy without a sign-in.'
  }
  if (proxyStatus !== undefined) {
    return `The proxy refused to connect to the service (HTTP ${proxyStatus}). Ask your IT team to let this address through.`
  }
  return null
}

/** The same for an error as thrown (undici's own, or fetch's TypeError with the cause inside). */
export function describeConnectionError(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current !== null && typeof current === 'object'; depth += 1) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown }
    const found =
      (typeof code === 'string' ? describeConnectionCause(code) : null) ??
      (typeof message === 'string' ? describeConnectionCause(message) : null)
    if (found !== null) return found
    current = cause
  }
  return null
}
