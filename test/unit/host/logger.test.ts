import { describe, expect, it } from 'vitest'
import { createLogger, REDACTED, type LogRecord } from '../../../electron/main/logging/logger'

describe('logger', () => {
  it('never writes fields that look like credentials, however deep', () => {
    const records: LogRecord[] = []
    const logger = createLogger(
      (record) => records.push(record),
      () => new Date('2026-01-01T00:00:00Z')
    )
    logger.info('connection.saved', {
      apiKey: 'k-123',
      nested: { client_secret: 's-456', list: [{ Authorization: 'Bearer t-789', ok: 1 }] },
      url: 'http://127.0.0.1'
    })
    const text = JSON.stringify(records)
    for (const secret of ['k-123', 's-456', 't-789']) expect(text).not.toContain(secret)
    expect(records[0]).toEqual({
      time: '2026-01-01T00:00:00.000Z',
      level: 'info',
      event: 'connection.saved',
      fields: {
        apiKey: REDACTED,
        nested: { client_secret: REDACTED, list: [{ Authorization: REDACTED, ok: 1 }] },
        url: 'http://127.0.0.1'
      }
    })
  })

  it('writes int64 ids and dates as text instead of throwing or losing them', () => {
    const lines: string[] = []
    const logger = createLogger((record) => lines.push(JSON.stringify(record)))
    logger.info('member.added', { id: 9007199254740993n, at: new Date('2026-01-02T03:04:05Z') })
    expect(JSON.parse(lines[0]!)).toMatchObject({ fields: { id: '9007199254740993', at: '2026-01-02T03:04:05.000Z' } })
  })
})
