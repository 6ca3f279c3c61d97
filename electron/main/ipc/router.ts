import {
  channels,
  isChannelName,
  type ChannelName,
  type ChannelOutput,
  type HandlerInput
} from '../../../shared/ipc/contract'
import { AppError, describeIssues, type IpcResult } from '../../../shared/ipc/errors'
import { invalidInputMessage } from '../../../shared/ipc/issue-message'
import { errorNameAndMessage } from '../../../shared/error-message'
import type { Logger } from '../logging/logger'
import { maskReply, ReplyTooDeep, type TextMask } from './reply-mask'
import { BridgeableError } from './bridgeable-error'

/** Who is calling: the frame's origin and whether it is a top-level frame. */
export interface Sender {
  origin: string | null
  isMainFrame: boolean
}

export type Handlers = {
  [K in ChannelName]: (input: HandlerInput<K>) => Promise<ChannelOutput<K>> | ChannelOutput<K>
}

export interface RouterOptions {
  handlers: Handlers
  /** Origins of the app's own renderer, e.g. `app://talent-desk` or the browser host's. */
  trustedOrigins: readonly string[]
  logger: Logger
  /**
   * Every secret the app holds (the log's mask): masked in every reply, data and errors alike,
   * so a key a service echoed into a record never reaches the page.
   */
  mask?: TextMask
}

export interface Router {
  handle(channel: string, rawInput: unknown, sender: Sender): Promise<IpcResult<unknown>>
}

/**
 * The one generic handler behind every channel, used by the Electron shell and the browser host
 * alike: check the sender, validate the input strictly, run the service, check its output, and
 * return errors as values (Electron drops an Error's properties when it crosses IPC).
 */
export function createRouter({ handlers, trustedOrigins, logger, mask = noSecrets }: RouterOptions): Router {
  const trusted = new Set(trustedOrigins)
  const answer = async (channel: string, rawInput: unknown, sender: Sender): Promise<IpcResult<unknown>> => {
    if (!sender.isMainFrame || sender.origin === null || !trusted.has(sender.origin)) {
      logger.warn('ipc.rejected_sender', { channel, origin: sender.origin })
      return fail('forbidden', 'This request did not come from Talent Desk itself and was refused.')
    }
    if (!isChannelName(channel)) {
      return fail('unknown_channel', `There is no channel named “${channel}”.`)
    }
    const definition = channels[channel]
    const parsed = definition.input.safeParse(rawInput)
    if (!parsed.success) {
      return fail('invalid_input', invalidInputMessage(channel, parsed.error, rawInput), describeIssues(parsed.error))
    }
    try {
      const handler = handlers[channel] as (input: unknown) => unknown
      const result = await handler(parsed.data)
      const checked = definition.output.safeParse(result)
      if (!checked.success) {
        logger.error('ipc.invalid_output', { channel, issues: describeIssues(checked.error) })
        return fail('internal', 'Talent Desk produced an answer it could not check. Please report this.')
      }
      return { ok: true, data: checked.data }
    } catch (error) {
      if (error instanceof AppError) {
        return fail(error.code, error.message, error.details)
      }
      if (error instanceof BridgeableError) {
        // A store refusal the service did not word (an unknown id, say) still answers with its
        // own code (not_found, conflict…) rather than as a bug; the log says where to word it.
        logger.warn('ipc.unworded_store_error', { channel, code: error.code })
        const mapped = error.toAppError()
        return fail(mapped.code, mapped.message, mapped.details)
      }
      logger.error('ipc.handler_failed', { channel, error: errorNameAndMessage(error) })
      return fail('internal', 'Something went wrong inside Talent Desk. The details are in the log.')
    }
  }
  return {
    async handle(channel, rawInput, sender) {
      const reply = await answer(channel, rawInput, sender)
      try {
        return maskReply(reply, mask)
      } catch (error) {
        if (!(error instanceof ReplyTooDeep)) throw error
        // neither the bridge's JSON writer nor Electron's IPC could carry it: a value instead
        logger.warn('ipc.reply_too_deep', { channel })
        return fail(
          'invalid_response',
          `The answer could not be read: it is ${error.message}, which no record is. Nothing was changed; if it came from a service, report it to the service.`
        )
      }
    }
  }
}

const noSecrets: TextMask = { size: 0, text: (text) => text }

function fail(code: AppError['code'], message: string, details?: unknown): IpcResult<never> {
  return { ok: false, error: details === undefined ? { code, message } : { code, message, details } }
}
