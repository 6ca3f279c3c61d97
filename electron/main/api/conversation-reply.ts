import { issuesOf, wholePersonProfileSchema, type ApiIssue } from '../../../shared/api'

/** A Conversational Search answer as the app uses it, read from wherever the server put things. */
export interface ConversationReply {
  conversationId: string | null
  /** The service's reply in words. */
  text: string | null
  /** The query the service understood: opaque JSON, never read for particular keys. */
  query: Record<string, unknown> | null
  total: number | null
  /** Profiles kept whole, with where each does not match the spec. */
  profiles: Array<{ value: Record<string, unknown>; issues: ApiIssue[] }>
  /** Where each part was found ("reply.text"), or that it was not: shown beside the raw body. */
  foundAt: { conversationId: string | null; text: string | null; query: string | null; profiles: string | null }
}

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value)

/** The value at a dotted path ("reply.text"), or undefined. */
function at(body: Json, path: string): unknown {
  let value: unknown = body
  for (const part of path.split('.')) {
    if (!isObject(value)) return undefined
    value = value[part]
  }
  return value
}

/** The first path whose value passes `accept`. */
function first<T>(body: Json, paths: readonly string[], accept: (value: unknown) => T | undefined) {
  for (const path of paths) {
    const found = accept(at(body, path))
    if (found !== undefined) return { value: found, path }
  }
  return { value: undefined, path: null }
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() !== '' ? value : undefined
const id = (value: unknown): string | undefined =>
  text(value) ?? (typeof value === 'number' && Number.isFinite(value) ? String(value) : undefined)
const object = (value: unknown): Json | undefined => (isObject(value) ? value : undefined)
const count = (value: unknown): number | undefined =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : undefined
const profileList = (value: unknown): Json[] | undefined =>
  Array.isArray(value) && value.every(isObject) ? value : undefined

// The spec shows no response body. These are the places a reasonable server puts each part,
// most likely first; the sandbox's own names (conversation_id, message, current_query, total,
// results) are among them but get no special treatment.
const ID_PATHS = [
  'conversation_id',
  'conversationId',
  'conversation.id',
  'conversation.conversation_id',
  'data.conversation_id'
]
const TEXT_PATHS = [
  'message',
  'reply',
  'reply.text',
  'reply.message',
  'text',
  'answer',
  'response',
  'response.text',
  'assistant_message',
  'data.message',
  'data.reply'
]
const QUERY_PATHS = [
  'current_query',
  'currentQuery',
  'query',
  'reply.current_query',
  'data.current_query',
  'data.query'
]
const PROFILE_PATHS = [
  'results',
  'profiles',
  'people',
  'candidates',
  'data.results',
  'data.profiles',
  'reply.results',
  'reply.profiles',
  'data'
]
const TOTAL_PATHS = ['total', 'totalResults', 'total_results', 'total_count', 'count', 'data.total']

/**
 * Reads a Conversational Search response whatever its shape: an object with the parts under any
 * of the names above (nested `reply`/`data` too), or a bare list of profiles. Nothing is dropped:
 * the caller keeps the raw body beside this reading.
 */
export function readConversationReply(body: unknown): ConversationReply {
  if (Array.isArray(body)) {
    const profiles = profileList(body) ?? []
    return {
      conversationId: null,
      text: null,
      query: null,
      total: profiles.length,
      profiles: profiles.map(checked),
      foundAt: { conversationId: null, text: null, query: null, profiles: profiles.length > 0 ? '(the body)' : null }
    }
  }
  const root = isObject(body) ? body : {}
  const conversationId = first(root, ID_PATHS, id)
  const reply = first(root, TEXT_PATHS, text)
  const query = first(root, QUERY_PATHS, object)
  const profiles = first(root, PROFILE_PATHS, profileList)
  const total = first(root, TOTAL_PATHS, count)
  return {
    conversationId: conversationId.value ?? null,
    text: reply.value ?? null,
    query: query.value ?? null,
    total: total.value ?? profiles.value?.length ?? null,
    profiles: (profiles.value ?? []).map(checked),
    foundAt: {
      conversationId: conversationId.path,
      text: reply.path,
      query: query.path,
      profiles: profiles.path
    }
  }
}

function checked(value: Json): { value: Json; issues: ApiIssue[] } {
  return { value, issues: issuesOf(wholePersonProfileSchema, value) }
}
