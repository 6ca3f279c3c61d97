import tls, { rootCertificates } from 'node:tls'
import { describe, expect, it } from 'vitest'
import { createLogger, type LogRecord } from '../../../electron/main/logging/logger'
import {
  extraCaFile,
  loadTrustedCertificates,
  trustedCertificates,
  type CertificateSources
} from '../../../electron/main/net/ca-certificates'

// Stand-in certificates: the module only collects PEM blocks, it never parses them.
const pem = (name: string) =>
  `-----BEGIN CERTIFICATE-----\n${Buffer.from(name).toString('base64')}\n-----END CERTIFICATE-----`
const files: Record<string, string> = {
  '/etc/corp/root.pem': `Company root\n${pem('corp-root')}\r\n\n${pem('corp-intermediate')}\n`,
  '/etc/corp/empty.pem': 'not a certificate'
}
const readFile = (path: string) => {
  const text = files[path]
  if (text === undefined) throw Object.assign(new Error(`ENOENT: no such file, open '${path}'`), { code: 'ENOENT' })
  return text
}
/** Node ≥ 22.15 (Electron 39's Node 22.20): the OS store and the bundled roots apart. */
const node22: CertificateSources = {
  getCACertificates: (type) =>
    type === 'system' ? [pem('os-root'), pem('mozilla-a')] : [pem('mozilla-a'), pem('mozilla-b')],
  rootCertificates: [],
  readFile
}
/** Node 20: no getCACertificates, the bundled roots only. */
const node20: CertificateSources = { rootCertificates: [pem('mozilla-a'), pem('mozilla-b')], readFile }

describe('trustedCertificates', () => {
  it('on Node ≥ 22.15 (the desktop app): the OS store, then the bundled roots, each certificate once', () => {
    expect(trustedCertificates({ sources: node22 })).toEqual({
      certificates: [pem('os-root'), pem('mozilla-a'), pem('mozilla-b')],
      system: true,
      extra: 0,
      problems: []
    })
  })

  it('on Node 20 (no tls.getCACertificates): the bundled roots only, and says the OS store is not in', () => {
    expect(trustedCertificates({ sources: node20 })).toMatchObject({
      certificates: node20.rootCertificates,
      system: false
    })
  })

  it('adds every certificate of the extra file', () => {
    const trust = trustedCertificates({ sources: node22, extraFile: '/etc/corp/root.pem' })
    expect(trust.certificates.slice(-2)).toEqual([pem('corp-root'), pem('corp-intermediate')])
    expect(trust.extra).toBe(2)
    expect(trust.problems).toEqual([])
  })

  it('reports an extra file that is missing or holds no certificate, and keeps the rest', () => {
    expect(trustedCertificates({ sources: node22, extraFile: '/nope.pem' })).toMatchObject({
      certificates: [pem('os-root'), pem('mozilla-a'), pem('mozilla-b')],
      problems: ['The extra certificate file /nope.pem could not be read (ENOENT).']
    })
    expect(trustedCertificates({ sources: node22, extraFile: '/etc/corp/empty.pem' }).problems).toEqual([
      'The extra certificate file /etc/corp/empty.pem holds no PEM certificate.'
    ])
  })

  it('keeps the bundled roots when the OS store cannot be read', () => {
    const broken: CertificateSources = {
      ...node22,
      getCACertificates: (type) => {
        if (type === 'system') throw new Error('keychain locked')
        return [pem('mozilla-a')]
      }
    }
    expect(trustedCertificates({ sources: broken })).toEqual({
      certificates: [pem('mozilla-a')],
      system: false,
      extra: 0,
      problems: ["The system's certificate store could not be read (keychain locked)."]
    })
  })

  it('uses this Node’s own sources by default', () => {
    const trust = trustedCertificates()
    for (const root of rootCertificates.slice(0, 5)) expect(trust.certificates).toContain(root.trim())
    expect(trust.system).toBe(typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function')
  })
})

describe('the extra CA file from the environment', () => {
  it('is TALENT_DESK_EXTRA_CA_CERTS, else NODE_EXTRA_CA_CERTS (which the packaged app’s fuse keeps Node from reading)', () => {
    expect(extraCaFile({ TALENT_DESK_EXTRA_CA_CERTS: '/a.pem', NODE_EXTRA_CA_CERTS: '/b.pem' })).toBe('/a.pem')
    expect(extraCaFile({ NODE_EXTRA_CA_CERTS: '/b.pem' })).toBe('/b.pem')
    expect(extraCaFile({ TALENT_DESK_EXTRA_CA_CERTS: ' ' })).toBeUndefined()
    expect(extraCaFile({})).toBeUndefined()
  })

  it('is read at start with a log line, and a warning for each problem', () => {
    const logs: LogRecord[] = []
    const logger = createLogger((record) => logs.push(record))
    const trust = loadTrustedCertificates({ NODE_EXTRA_CA_CERTS: '/nope.pem' }, logger, node22)
    expect(trust.certificates).toHaveLength(3)
    expect(logs).toMatchObject([
      {
        level: 'info',
        event: 'net.certificates',
        fields: { count: 3, system: true, extra: 0, extraFile: '/nope.pem' }
      },
      { level: 'warn', event: 'net.certificates_problem', fields: { problem: expect.stringContaining('/nope.pem') } }
    ])
  })
})
