import { z } from 'zod'
import { notTooDeep } from '../nesting'
import { wellFormed } from '../text'
import { requestIdSchema, searchResultSchema } from './search'

/** The query a conversation has built: opaque JSON, whatever object the server sent. */
const queryObjectSchema = z.record(z.string(), z.unknown())

export const conversationSummarySchema = z.object({
  id: z.string(),
  /** The service's own id for the conversation, once it sent one. */
  remoteId: z.string().nullable(),
  connectionId: z.string().nullable(),
  title: z.string(),
  currentQuery: queryObjectSchema.nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  turnCount: z.number().int()
})
export type ConversationSummary = z.infer<typeof conversationSummarySchema>

export const chatTurnSchema = z.object({
  id: z.number().int(),
  role: z.enum(['user', 'assistant']),
  text: z.string(),
  /** Assistant: the query the service understood after this turn. */
  query: queryObjectSchema.nullable(),
  /** User: the query sent with this turn (after the recruiter edited it). */
  sentQuery: queryObjectSchema.nullable(),
  total: z.number().int().nullable(),
  results: z.array(searchResultSchema),
  transactionId: z.string().nullable(),
  /** The answer was kept as received (read it with getChatTurnRaw). */
  hasRaw: z.boolean(),
  createdAt: z.string()
})
export type ChatTurn = z.infer<typeof chatTurnSchema>

export const conversationSchema = conversationSummarySchema.extend({ turns: z.array(chatTurnSchema) })
export type Conversation = z.infer<typeof conversationSchema>

const conversationIdSchema = z.string().min(1).max(100)

export const chatChannels = {
  /** The active connection's conversations, newest first. */
  listConversations: { input: z.strictObject({}), output: z.array(conversationSummarySchema) },
  getConversation: { input: z.strictObject({ id: conversationIdSchema }), output: conversationSchema },
  /**
   * One turn: what the recruiter typed, with the current query (as edited) — a new conversation
   * when no id is given. Answers the conversation and the two turns added.
   */
  sendChat: {
    input: z
      .strictObject({
        conversationId: conversationIdSchema.optional(),
        /** May be empty when the recruiter sends the query as edited (its chips) with no words. */
        text: wellFormed(z.string().trim().max(4000)),
        /** Sent as current_query; absent: the conversation's own; null: none. */
        currentQuery: notTooDeep(queryObjectSchema).nullable().optional(),
        requestId: requestIdSchema
      })
      .refine((input) => input.text !== '' || input.currentQuery !== undefined, {
        path: ['text'],
        message: 'Type a message, or edit the query’s chips, before sending.'
      }),
    output: z.object({ conversation: conversationSummarySchema, turns: z.array(chatTurnSchema) })
  },
  renameConversation: {
    input: z.strictObject({ id: conversationIdSchema, title: wellFormed(z.string().trim().min(1).max(200)) }),
    output: conversationSummarySchema
  },
  /** Out of the list; Undo (restoreConversation) brings it back, Recently deleted purges it later. */
  deleteConversation: { input: z.strictObject({ id: conversationIdSchema }), output: conversationSummarySchema },
  restoreConversation: { input: z.strictObject({ id: conversationIdSchema }), output: conversationSummarySchema },
  /** The service's answer of a turn exactly as received. */
  getChatTurnRaw: {
    input: z.strictObject({ conversationId: conversationIdSchema, turnId: z.number().int() }),
    output: z.object({ raw: z.string().nullable() })
  }
}
