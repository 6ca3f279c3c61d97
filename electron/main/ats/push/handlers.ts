import type { Handlers } from '../../ipc/router'
import type { PushService } from './push-service'

/** "Send to the ATS": preview, send, cancel, and the ATS ids a shortlist's rows show. */
export function atsSendHandlers(push: PushService) {
  return {
    previewAtsSend: (input) => push.preview(input.connectionId, input.source),
    sendToAts: (input) => push.send(input),
    cancelAtsSend: (input) => ({ cancelled: push.cancel(input.sendId) }),
    listAtsSent: (input) => push.sentFrom(input.shortlistId)
  } satisfies Partial<Handlers>
}
