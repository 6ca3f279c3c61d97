import contentType from 'content-type'
import type { IncomingMessage, Server, ServerResponse } from 'node:http'
import type { Duplex } from 'node:stream'
import { parseJson, stringifyJson } from '../../shared/json'
import type { ErrorCode, IpcResult } from '../../shared/ipc/errors'

/** How the browser host reads requests and writes its answers: JSON error values, always. */

export function failure(code: ErrorCode, message: string): IpcResult<never> {
  return { ok: false, error: { code, message } }
}

export function sendJson(response: ServerResponse, status: number, value: unknown): void {
  // written before the head: a value that cannot be written throws while an error value can
  // still be sent, instead of cutting a connection the page would take for a host gone
  const text = stringifyJson(value)
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  response.end(text)
}

export function sendText(response: ServerResponse, status: number, text: string): void {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
  response.end(text)
}

/**
 * An error value for a request whose body may not have been read (too large, wrong type): the
 * connection is closed after the answer, so the rest of the body is never read or waited for.
 */
export function refuse(request: IncomingMessage, response: ServerResponse, status: number, value: unknown): void {
  if (!request.complete) {
    response.setHeader('connection', 'close')
    response.once('finish', () => request.socket.destroySoon())
  }
  sendJson(response, status, value)
}

export function headerValue(request: IncomingMessage, name: string): string | undefined {
  const value = request.headers[name]
  return Array.isArray(value) ? value[0] : value
}

export type JsonBody = { ok: true; value: unknown } | { ok: false; status: number; message: string }

/**
 * Reads a JSON body of at most `maxBytes`: a larger one is refused from its Content-Length, or
 * as soon as the bytes received pass the limit, without buffering the rest.
 */
export function readJsonBody(request: IncomingMessage, maxBytes: number): Promise<JsonBody> {
  if (!isJsonType(request.headers['content-type'])) {
    return Promise.resolve({ ok: false, status: 415, message: 'Send the input as application/json.' })
  }
  const tooLarge: JsonBody = {
    ok: false,
    status: 413,
    message: `The request is larger than the ${sizeText(maxBytes)} the host accepts.`
  }
  const declared = Number(request.headers['content-length'])
  if (Number.isFinite(declared) && declared > maxBytes) return Promise.resolve(tooLarge)
  return new Promise((resolve) => {
    const chunks: Buffer[] = []
    let size = 0
    const finish = (result: JsonBody) => {
      request.off('data', onData).off('end', onEnd).off('error', onCut).off('close', onCut)
      resolve(result)
    }
    const onData = (chunk: Buffer) => {
      size += chunk.length
      if (size <= maxBytes) return void chunks.push(chunk)
      request.pause()
      finish(tooLarge)
    }
    const onEnd = () => {
      const text = Buffer.concat(chunks).toString('utf8')
      if (text.trim() === '') return finish({ ok: true, value: undefined })
      try {
        finish({ ok: true, value: parseJson(text) })
      } catch {
        finish({ ok: false, status: 400, message: 'The request body is not valid JSON.' })
      }
    }
    const onCut = () => finish({ ok: false, status: 400, message: 'The request body was cut off.' })
    request.on('data', onData).on('end', onEnd).on('error', onCut).on('close', onCut)
  })
}

/** `application/json` in any letter case, with or without parameters (RFC 9110: types are case-insensitive). */
function isJsonType(header: string | undefined): boolean {
  if (header === undefined) return false
  try {
    return contentType.parse(header).type === 'application/json'
  } catch {
    return false
  }
}

const sizeText = (bytes: number): string =>
  bytes >= 1024 * 1024 ? `${Math.round(bytes / (1024 * 1024))} MB` : `${bytes} bytes`

/** `attachment` with an ASCII fallback name and the exact UTF-8 name (RFC 6266 / 5987). */
export function contentDisposition(fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
  )
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/**
 * Answers a request that never finished arriving, or could not be parsed, with an error value
 * too; `answering` is the response each connection is writing, so a parse error never lands
 * inside one.
 */
export function answerClientErrors(server: Server, answering: WeakMap<Duplex, ServerResponse>): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || answering.get(socket)?.headersSent === true) return socket.destroy()
    const timedOut = error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
    const [status, reason] = timedOut
      ? [408, 'Request Timeout']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large']
        : [400, 'Bad Request']
    const body = stringifyJson(
      failure(
        timedOut ? 'timeout' : 'invalid_input',
        timedOut ? 'The request took too long to arrive and was dropped.' : 'The request could not be read.'
      )
    )
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\ncontent-type: application/json; charset=utf-8\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`
    )
  })
}
