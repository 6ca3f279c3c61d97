import { Ajv } from 'ajv'
import addFormatsModule from 'ajv-formats'

// ajv-formats is CommonJS with a default export; under ESM interop it may arrive wrapped.
const addFormats = ((addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ??
  addFormatsModule) as typeof addFormatsModule

/**
 * The Ajv the tool server's schemas are checked with: the SDK's own settings (draft-07, formats,
 * unknown keywords ignored rather than refused — a server may add its own), every error reported
 * so the form can mark each field.
 */
export function createToolAjv(): Ajv {
  const ajv = new Ajv({ strict: false, validateFormats: true, validateSchema: false, allErrors: true })
  addFormats(ajv)
  return ajv
}
