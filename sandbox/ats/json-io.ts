import type { IncomingMessage } from 'node:http'

/** What a fake ATS refuses a body for: the caller turns it into the ATS's own error shape. */
export class BodyProblem extends Error {
  constructor(
    readonly status: number,
    message: string
  ) {
    super(message)
  }
}

const MAX_BODY_BYTES = 1024 * 1024

/** A JSON object body (POST): 415 for another media type, 400 for a missing or malformed body. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase()
  if (type !== 'application/json') throw new BodyProblem(415, 'Content-Type must be application/json')
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size > MAX_BODY_BYTES) throw new BodyProblem(413, `Request body larger than ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk as Buffer)
  }
  let value: unknown
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new BodyProblem(400, 'Malformed JSON body')
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new BodyProblem(400, 'The body must be a JSON object')
  }
  return value as Record<string, unknown>
}

export const isNonEmptyString = (value: unknown): value is string => typeof value === 'string' && value.trim() !== ''

/** `[{ value, type }]` lists (emails, phones) of strings; anything else is dropped. */
export function valueList(value: unknown): { value: string; type: string }[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) =>
    typeof item === 'object' && item !== null && isNonEmptyString((item as { value?: unknown }).value)
      ? [{ value: (item as { value: string }).value, type: String((item as { type?: unknown }).type ?? 'other') }]
      : []
  )
}
