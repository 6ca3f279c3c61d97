import { z } from 'zod'

// Wire primitives of the Partner API. The spec says every field is optional and nullable
// unless stated, so object fields are wrapped in `opt`; array elements and record values
// are not (the spec only relaxes fields).

/** Optional and nullable: the field may be absent, `undefined` or `null`. */
export function opt<T extends z.ZodType>(schema: T): z.ZodOptional<z.ZodNullable<T>> {
  return schema.nullish()
}

export const stringSchema = z.string()
export const booleanSchema = z.boolean()
/** `int32`: an integer in [-2^31, 2^31 - 1]. */
export const int32Schema = z.int32()
/**
 * `int64`: a safe integer, or a BigInt where the text held one beyond 2^53 (shared/json.ts parses
 * those exactly). An unsafe *number* has already lost digits, so it is refused as a mismatch.
 */
export const int64Schema = z.union([z.int(), z.bigint()])
/** Spec words "int" / "integer" without a width: any safe integer. */
export const integerSchema = z.int()
/** `double` / `number`: finite numbers (zod 4 rejects Infinity and NaN). */
export const doubleSchema = z.number()
/**
 * ISO 8601 date-time. `local` accepts the .NET style without offset ("2024-05-01T10:00:00"),
 * `offset` accepts "Z" and "+02:00"; fractional seconds of any precision are accepted.
 * A plain date ("2024-05-01") is rejected.
 */
export const dateTimeSchema = z.iso.datetime({ offset: true, local: true })

export const stringArraySchema = z.array(stringSchema)
export const dateTimeArraySchema = z.array(dateTimeSchema)
/** "object, string to string" */
export const stringMapSchema = z.record(z.string(), stringSchema)
/** Free-form objects (configurable_data, dict_emails, emails_validity): any JSON object. */
export const freeFormObjectSchema = z.record(z.string(), z.unknown())
