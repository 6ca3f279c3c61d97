import { AppError } from '../../../shared/ipc/errors'
import { AnswerMeter, AnswerRefused, callDeadline, formatSeconds, type AnswerLimits } from './answer-limits'

/**
 * A fetch whose answers are read within the limits (net/answer-limits.ts): for the token exchange
 * (oauth4webapi) and the tool server (the MCP SDK), which read bodies themselves. Each answer's
 * body is metered as the reader takes it — past the size or the nesting allowed the stream
 * fails and the connection is let go — and the whole request, body included, has one deadline.
 * Failures are AppErrors naming the service's address, so they reach the page as values
 * (`invalid_response`, `timeout`) saying what happened, never as a host that stopped answering.
 */
export function limitedFetch(fetchImpl: typeof fetch, limits: AnswerLimits): typeof fetch {
  return async (input, init) => {
    const where = hostOf(input)
    const deadline = callDeadline(
      init?.signal ?? undefined,
      limits.deadlineMs,
      () =>
        new AppError(
          'timeout',
          `The service at ${where} did not finish answering within ${formatSeconds(limits.deadlineMs)}, so Talent Desk stopped waiting. Try again in a moment.`
        )
    )
    let response: Response
    try {
      response = await fetchImpl(input, { ...init, signal: deadline.signal })
    } catch (error) {
      deadline.end()
      throw deadline.passed ? deadline.signal.reason : error
    }
    // (a status that has no body keeps its own Response: one cannot be made with a body)
    if (response.body === null || NO_BODY.has(response.status)) {
      deadline.end()
      return response
    }
    const meter = new AnswerMeter(limits)
    const reader = response.body.getReader()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        try {
          const { value, done } = await reader.read()
          if (done) {
            deadline.end()
            controller.close()
            return
          }
          meter.feed(value)
          controller.enqueue(value)
        } catch (error) {
          deadline.end()
          void reader.cancel().catch(() => undefined)
          controller.error(refusal(error, deadline.passed ? deadline.signal.reason : null, where))
        }
      },
      cancel(reason) {
        deadline.end()
        return reader.cancel(reason)
      }
    })
    return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers })
  }
}

const NO_BODY = new Set([101, 103, 204, 205, 304])

/** What the reader is told: our refusal, the deadline's own error, or what went wrong. */
function refusal(error: unknown, pastDeadline: unknown, where: string): unknown {
  if (error instanceof AnswerRefused) {
    return new AppError('invalid_response', `The answer from ${where} could not be read: ${error.message}.`, {
      reason: error.reason,
      bytesRead: error.bytesRead
    })
  }
  return pastDeadline ?? error
}

function hostOf(input: string | URL | Request): string {
  try {
    return new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url).host
  } catch {
    return 'the service'
  }
}
