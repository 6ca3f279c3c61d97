import { readFileSync } from 'node:fs'
import tls from 'node:tls'
import { errorMessage } from '../../../shared/error-message'

/**
 * The certificate authorities Talent Desk trusts for HTTPS: the operating system's store (where
 * a company installs the root of its TLS-inspecting proxy), Node's bundled Mozilla roots, and an
 * extra PEM file the user names. Node alone trusts only its bundled roots, and in the packaged
 * app the fuse that disables NODE_OPTIONS disables NODE_EXTRA_CA_CERTS as well, so the app reads
 * the extra file itself.
 */

/** The environment variables naming an extra CA file, in the order they are read. */
export const EXTRA_CA_VARIABLES = ['TALENT_DESK_EXTRA_CA_CERTS', 'NODE_EXTRA_CA_CERTS'] as const

export interface TrustedCertificates {
  /** PEM certificates, each once. */
  certificates: string[]
  /** Whether the OS store is in (tls.getCACertificates('system'): Node ≥ 22.15, so Electron 39). */
  system: boolean
  /** Certificates read from the extra file. */
  extra: number
  /** What could not be read, in words for the log (the app still starts). */
  problems: string[]
}

/** Node's certificate sources; tests pass their own. */
export interface CertificateSources {
  /** Node ≥ 22.15 (and 23.10): `tls.getCACertificates(type)`. Absent on Node 20. */
  getCACertificates?: ((type: 'system' | 'bundled') => string[]) | undefined
  /** Node's bundled roots: what Node 20 has instead. */
  rootCertificates: readonly string[]
  readFile(path: string): string
}

const nodeSources = (): CertificateSources => ({
  getCACertificates: (tls as { getCACertificates?: (type: 'system' | 'bundled') => string[] }).getCACertificates,
  rootCertificates: tls.rootCertificates,
  readFile: (path) => readFileSync(path, 'utf8')
})

const PEM = /-----BEGIN CERTIFICATE-----[A-Za-z0-9+/=\s]+?-----END CERTIFICATE-----/g

/** The extra CA file the environment names, if any. */
export function extraCaFile(env: Record<string, string | undefined>): string | undefined {
  for (const name of EXTRA_CA_VARIABLES) {
    const value = env[name]?.trim()
    if (value) return value
  }
  return undefined
}

/**
 * System + bundled roots (on Node 20, which has no `getCACertificates`, the bundled roots only:
 * the OS store needs Node 22.15, which the desktop app has), plus the extra file's certificates.
 * A missing or unreadable file, or one without a PEM certificate, is reported in `problems`.
 */
export function trustedCertificates(
  options: { extraFile?: string | undefined; sources?: CertificateSources } = {}
): TrustedCertificates {
  const sources = options.sources ?? nodeSources()
  const problems: string[] = []
  const found: string[] = []
  let system = false
  if (sources.getCACertificates) {
    try {
      found.push(...sources.getCACertificates('system'))
      system = true
    } catch (error) {
      problems.push(`The system's certificate store could not be read (${codeOrMessage(error)}).`)
    }
    found.push(...sources.getCACertificates('bundled'))
  } else {
    found.push(...sources.rootCertificates)
  }
  let extra = 0
  if (options.extraFile !== undefined) {
    try {
      const pems = sources.readFile(options.extraFile).match(PEM) ?? []
      if (pems.length === 0) problems.push(`The extra certificate file ${options.extraFile} holds no PEM certificate.`)
      found.push(...pems)
      extra = pems.length
    } catch (error) {
      problems.push(`The extra certificate file ${options.extraFile} could not be read (${codeOrMessage(error)}).`)
    }
  }
  const certificates = [...new Set(found.map((pem) => pem.replace(/\r\n/g, '\n').trim()))]
  return { certificates, system, extra, problems }
}

/** A file system error says its code (ENOENT, EACCES) more plainly than its message. */
function codeOrMessage(error: unknown): string {
  const code = (error as { code?: unknown }).code
  return typeof code === 'string' ? code : errorMessage(error)
}

/**
 * What both shells call at start: the trusted certificates for this environment, with a log line
 * saying where they came from and one warning per problem (an extra file that cannot be read).
 */
export function loadTrustedCertificates(
  env: Record<string, string | undefined>,
  logger: {
    info(event: string, fields?: Record<string, unknown>): void
    warn(event: string, fields?: Record<string, unknown>): void
  },
  sources?: CertificateSources
): TrustedCertificates {
  const extraFile = extraCaFile(env)
  const trust = trustedCertificates({ extraFile, ...(sources === undefined ? {} : { sources }) })
  logger.info('net.certificates', {
    count: trust.certificates.length,
    system: trust.system,
    extra: trust.extra,
    ...(extraFile === undefined ? {} : { extraFile })
  })
  for (const problem of trust.problems) logger.warn('net.certificates_problem', { problem })
  return trust
}
