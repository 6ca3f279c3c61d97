import { conversationalSearchRequestSchema, type StructuredQuery } from '../../../shared/api'
import type { ProfileCatalog } from '../../search/profile-catalog'
import type { ConversationStore } from './conversations'
import { parseBody, type PartnerRoute } from './route'

/** Results returned per turn (sandbox choice; `total` still counts every match). */
export const conversationResultCap = 25

export type InterpretUtterance = (
  userInput: string,
  current: StructuredQuery,
  options?: { count?: (query: StructuredQuery) => number }
) => { query: StructuredQuery; message: string }

export function conversationalSearchRoute(
  catalog: ProfileCatalog,
  conversations: ConversationStore,
  interpret: InterpretUtterance
): PartnerRoute {
  return {
    method: 'POST',
    pattern: /^\/api\/ConversationalSearch\/Search$/,
    type: 'ConversationalSearch',
    async run(ctx) {
      const request = parseBody(conversationalSearchRequestSchema, await ctx.body())
      const conversation = conversations.open(request.conversation_id, ctx.now)
      // A client-sent current_query wins over what the server remembers (the client may have edited it).
      const current = request.current_query ?? conversation.query
      const input = request.user_input?.trim() ?? ''
      const { query, message } = input
        ? interpret(input, current, { count: (q) => catalog.search(q, { limit: 0, offset: 0 }).total })
        : { query: current, message: 'Showing results for the current query.' }
      conversation.query = query
      conversation.turns += 1
      conversation.updatedAt = ctx.now
      const { total, results } = catalog.search(query, { limit: conversationResultCap, offset: 0 })
      return {
        body: { conversation_id: conversation.id, message, current_query: query, total, results },
        summary: `200 conversation ${conversation.id} turn ${conversation.turns}: ${total} match(es)`
      }
    }
  }
}
