import type { IncomingMessage } from 'node:http'
import contentType from 'content-type'
import { ApiError } from './errors'

const maxBodyBytes = 1024 * 1024

/** The four media types the spec lists for every POST; `application/*+json` covers any structured-syntax suffix. */
export function isAcceptedJsonMediaType(type: string): boolean {
  if (type === 'application/json' || type === 'text/json') return true
  return /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(type)
}

export async function readRawBody(req: IncomingMessage, limit = maxBodyBytes): Promise<Buffer> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    const buf = chunk as Buffer
    size += buf.length
    if (size > limit) throw new ApiError(413, 'invalid_request', `Request body larger than ${limit} bytes`)
    chunks.push(buf)
  }
  return Buffer.concat(chunks)
}

/** Reads a POST body: 415 for a media type outside the spec's list, 400 for a missing or unparsable body. */
export async function readJsonBody(req: IncomingMessage): Promise<unknown> {
  const header = req.headers['content-type']
  if (!header)
    throw new ApiError(415, 'unsupported_media_type', 'Content-Type header is required: use application/json')
  let parsed: contentType.ParsedMediaType
  try {
    parsed = contentType.parse(header)
  } catch {
    throw new ApiError(415, 'unsupported_media_type', `Unparsable Content-Type "${header}"`)
  }
  if (!isAcceptedJsonMediaType(parsed.type)) {
    throw new ApiError(
      415,
      'unsupported_media_type',
      `Unsupported media type "${parsed.type}": use application/json, text/json, application/json-patch+json or application/*+json`
    )
  }
  const charset = parsed.parameters['charset']?.toLowerCase()
  if (charset && charset !== 'utf-8' && charset !== 'utf8') {
    throw new ApiError(415, 'unsupported_media_type', `Unsupported charset "${charset}": use utf-8`)
  }
  const raw = (await readRawBody(req)).toString('utf8')
  if (raw.trim() === '')
    throw new ApiError(400, 'invalid_request', 'Request body is required', [{ path: '(root)', message: 'required' }])
  try {
    return JSON.parse(raw) as unknown
  } catch (error) {
    throw new ApiError(400, 'invalid_request', `Malformed JSON body: ${(error as Error).message}`, [
      { path: '(root)', message: 'malformed JSON' }
    ])
  }
}
