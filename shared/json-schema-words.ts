/*
 * Ajv's messages for a tool's arguments, in the words the recruiter reads. Main words its
 * invalid_input refusal with them; the Tools form shows them beside each field.
 */

/** Ajv's usual messages in plainer words ("must be <= 50" → "must be at most 50"); others as they are. */
export function plainMessage(message: string): string {
  const rules: Array<[RegExp, string]> = [
    [/^must be <= (.+)$/, 'must be at most $1'],
    [/^must be >= (.+)$/, 'must be at least $1'],
    [/^must be < (.+)$/, 'must be less than $1'],
    [/^must be > (.+)$/, 'must be more than $1'],
    [/^must NOT have more than (\d+) (items|characters|properties)$/, 'must have at most $1 $2'],
    [/^must NOT have fewer than (\d+) (items|characters|properties)$/, 'must have at least $1 $2'],
    [/^must be equal to one of the allowed values$/, 'must be one of the choices'],
    [/^must be equal to constant$/, 'must be the one allowed value'],
    [/^must have required property .+$/, 'required'],
    [/^must NOT have additional properties$/, 'is not a property of this tool'],
    [/^must NOT have duplicate items.*$/, 'must not repeat an item']
  ]
  const types: Record<string, string> = {
    integer: 'a whole number',
    number: 'a number',
    string: 'text',
    boolean: 'true or false',
    array: 'a list',
    object: 'an object',
    null: 'empty (null)'
  }
  const type = /^must be (integer|number|string|boolean|array|object|null)$/.exec(message)
  if (type !== null) return `must be ${types[type[1] as string]}`
  for (const [pattern, replacement] of rules) if (pattern.test(message)) return message.replace(pattern, replacement)
  return message
}
