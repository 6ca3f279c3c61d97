import { describe, expect, it } from 'vitest'
import { describeConnectionCause, describeConnectionError } from '../../../electron/main/net/connection-problem'

describe('describeConnectionCause', () => {
  it.each(['UNABLE_TO_GET_ISSUER_CERT_LOCALLY', 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', 'SELF_SIGNED_CERT_IN_CHAIN'])(
    'names an untrusted certificate (%s) and where its root belongs',
    (code) => {
      expect(describeConnectionCause(code)).toBe(
        `The server’s certificate is not signed by an authority this computer trusts (${code}). If your company inspects secure traffic, its root certificate must be in the system’s certificate store, or in a PEM file named by TALENT_DESK_EXTRA_CA_CERTS.`
      )
    }
  )

  it('names an expired certificate, a wrong name, and a proxy’s refusals', () => {
    expect(describeConnectionCause('CERT_HAS_EXPIRED')).toMatch(/not valid now .*date and time/)
    expect(describeConnectionCause('ERR_TLS_CERT_ALTNAME_INVALID')).toMatch(/for another name/)
    expect(describeConnectionCause('RequestAbortedError: Proxy response (407) !== 200 when HTTP Tunneling')).toMatch(
      /^The proxy asks Talent Desk to sign in \(HTTP 407\)/
    )
    expect(describeConnectionCause('Proxy Authentication Required (407)')).toMatch(/sign in/)
    expect(describeConnectionCause('RequestAbortedError: Proxy response (403) !== 200 when HTTP Tunneling')).toBe(
      'The proxy refused to connect to the service (HTTP 403). Ask your IT team to let this address through.'
    )
  })

  it('has nothing to add for other causes', () => {
    for (const cause of [undefined, 'ECONNREFUSED', 'ENOTFOUND', 'UND_ERR_SOCKET', 'fetch failed']) {
      expect(describeConnectionCause(cause)).toBeNull()
    }
  })
})

describe('describeConnectionError', () => {
  it('finds the cause inside fetch’s TypeError', () => {
    const tlsError = Object.assign(new Error('unable to get local issuer certificate'), {
      code: 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY'
    })
    expect(describeConnectionError(new TypeError('fetch failed', { cause: tlsError }))).toMatch(
      /not signed by an authority/
    )
    expect(
      describeConnectionError(new TypeError('fetch failed', { cause: new Error('connect ECONNREFUSED') }))
    ).toBeNull()
    expect(describeConnectionError('text')).toBeNull()
  })
})
