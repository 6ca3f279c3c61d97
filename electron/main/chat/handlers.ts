import type { Handlers } from '../ipc/router'
import type { ChatService } from './chat-service'

/** Conversations with the search assistant. */
export function chatHandlers(chat: ChatService) {
  return {
    listConversations: () => chat.list(),
    getConversation: (input) => chat.get(input),
    sendChat: (input) => chat.send(input),
    renameConversation: (input) => chat.rename(input),
    deleteConversation: (input) => chat.delete(input),
    restoreConversation: (input) => chat.restore(input),
    getChatTurnRaw: (input) => chat.raw(input)
  } satisfies Partial<Handlers>
}
