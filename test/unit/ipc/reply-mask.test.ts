import { describe, expect, it } from 'vitest'
import { EventHub } from '../../../electron/main/ipc/event-hub'
import { maskReply, MAX_REPLY_DEPTH, ReplyTooDeep } from '../../../electron/main/ipc/reply-mask'
import { SecretMask } from '../../../electron/main/logging/secret-mask'
import { REDACTED } from '../../../shared/secrets'

const mask = new SecretMask()
mask.add('sbx_the-sandbox-key-0123')

describe('maskReply', () => {
  it('hands back the very reply when nothing in it is secret', () => {
    const reply = { ok: true, data: { rows: [{ id: 'a', note: 'plain' }] } }
    expect(maskReply(reply, mask)).toBe(reply)
  })

  it('masks a secret in any string or key, in a copy, leaving the original as it was', () => {
    const record = { request: 'api-key: sbx_the-sandbox-key-0123', 'sbx_the-sandbox-key-0123': 1, n: 2n }
    const reply = { ok: true, data: { rows: [record, 'sbx_the-sandbox-key-0123'] } }
    const masked = maskReply(reply, mask)
    expect(masked).toEqual({
      ok: true,
      data: { rows: [{ request: `api-key: ${REDACTED}`, [REDACTED]: 1, n: 2n }, REDACTED] }
    })
    expect(record.request).toBe('api-key: sbx_the-sandbox-key-0123')
  })

  it('keeps an own "__proto__" key a key, never a prototype', () => {
    const reply = JSON.parse('{"__proto__": {"x": "sbx_the-sandbox-key-0123"}}') as Record<string, unknown>
    const masked = maskReply(reply, mask) as Record<string, unknown>
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype)
    expect(Object.getOwnPropertyDescriptor(masked, '__proto__')?.value).toEqual({ x: REDACTED })
  })

  it('refuses a reply nested deeper than the bridge and IPC can carry, without recursing', () => {
    let deep: unknown = 'end'
    for (let i = 0; i < 200_000; i++) deep = [deep]
    expect(() => maskReply({ ok: true, data: deep }, mask)).toThrow(ReplyTooDeep)
    let fine: unknown = 'end'
    for (let i = 0; i < MAX_REPLY_DEPTH - 2; i++) fine = [fine]
    expect(maskReply({ ok: true, data: fine }, mask)).toEqual({ ok: true, data: fine })
  })
})

describe('EventHub', () => {
  it('masks every stored secret in what it pushes to the page, as replies are', () => {
    const hub = new EventHub(mask)
    const seen: unknown[] = []
    hub.subscribe((_name, payload) => seen.push(payload))
    hub.emit('exportProgress', { exportId: 'x-sbx_the-sandbox-key-0123', written: 1, total: 2, done: false })
    expect(seen).toEqual([{ exportId: `x-${REDACTED}`, written: 1, total: 2, done: false }])
  })
})
