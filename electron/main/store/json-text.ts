import { parseJson, stringifyJson } from '../../../shared/json'
import { StoreError } from './store-error'

/** JSON as received (kept verbatim) or a value to serialise. */
export type JsonInput = string | Record<string, unknown>

/** Returns the text to store and the parsed object, refusing anything that is not a JSON object. */
export function jsonObject(input: JsonInput, what: string): { json: string; value: Record<string, unknown> } {
  let value: unknown = input
  if (typeof input === 'string') {
    try {
      value = parseJson(input)
    } catch (error) {
      throw new StoreError('invalid_input', `${what} is not valid JSON.`, { cause: error })
    }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new StoreError('invalid_input', `${what} must be a JSON object.`)
  }
  return { json: typeof input === 'string' ? input : stringifyJson(input), value: value as Record<string, unknown> }
}

export function parseStored<T = Record<string, unknown>>(json: string | null): T | null {
  return json === null ? null : (parseJson(json) as T)
}
