import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { openFileLogger } from '../../../electron/main/logging/file-logger'

const logDir = () => join(mkdtempSync(join(tmpdir(), 'td-logs-')), 'logs')
const read = (dir: string) =>
  readdirSync(dir)
    .filter((name) => name.endsWith('.log'))
    .map((name) => readFileSync(join(dir, name), 'utf8'))
    .join('')

describe('the support log file', () => {
  it('writes JSON lines to a private folder and file', async () => {
    const dir = logDir()
    const log = await openFileLogger({ dir })
    log.logger.info('app.started', { version: '1.2.3' })
    log.logger.warn('sandbox.slow', { ms: 1200 })
    await log.close()
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    const files = readdirSync(dir)
    expect(files).toEqual(['talent-desk.1.log'])
    expect(statSync(join(dir, files[0]!)).mode & 0o777).toBe(0o600)
    const lines = read(dir)
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>)
    expect(lines).toMatchObject([
      { level: 'info', event: 'app.started', fields: { version: '1.2.3' } },
      { level: 'warn', event: 'sandbox.slow', fields: { ms: 1200 } }
    ])
  })

  it('never writes a secret: not by field name, and not by value wherever it appears', async () => {
    const dir = logDir()
    const log = await openFileLogger({ dir })
    const key = 'sk_live_4f9a8b7c6d5e'
    const token = 'eyJhbGciOiJIUzI1NiJ9.payload.sig'
    log.mask.add(key)
    log.mask.add(token)
    log.logger.info('connection.saved', {
      'X-Api-Key': 'named-but-unregistered-1',
      nested: { Client_Secret: 'another-one-2' }
    })
    log.logger.error('api.failed', {
      url: `https://api.example.com/search?apiKey=${key}`,
      error: new Error(`401 for key ${key} with Bearer ${token}`),
      list: [[`token=${token}`]]
    })
    log.logger.warn(`event naming ${key}`)
    await log.close()
    const text = read(dir)
    for (const secret of [key, token, 'named-but-unregistered-1', 'another-one-2']) expect(text).not.toContain(secret)
    expect(text).toContain('[redacted]')
    // the error keeps its message and stack, masked
    const failed = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; fields?: { error?: { message: string; stack: string } } })
      .find((line) => line.event === 'api.failed')!
    expect(failed.fields!.error!.message).toBe('401 for key [redacted] with Bearer [redacted]')
    expect(failed.fields!.error!.stack).toContain('file-logger.test.ts')
  })

  it('masks however deep a secret sits, and all of a secret that contains another one', async () => {
    const dir = logDir()
    const log = await openFileLogger({ dir })
    const key = 'sk_live_deep_9f8e7d'
    const inner = 'abc123def'
    const outer = `zz9-${inner}-tail77`
    for (const secret of [key, inner, outer]) log.mask.add(secret)
    let deep: unknown = {
      url: `https://api.example.com/?apiKey=${key}`,
      Authorization: 'Bearer by-name-only-3',
      [key]: 1
    }
    for (let i = 0; i < 15; i++) deep = i % 2 ? { level: deep } : [deep]
    log.logger.error('deep.failure', { deep, error: new Error('outer', { cause: new Error(`refused ${key}`) }) })
    log.logger.info('overlap', { value: `sent ${outer} and ${inner}` })
    await log.close()
    const text = read(dir)
    for (const secret of [key, inner, outer, 'by-name-only-3', 'zz9-', '-tail77']) expect(text).not.toContain(secret)
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string; fields: Record<string, unknown> })
    expect(lines[1]!.fields.value).toBe('sent [redacted] and [redacted]')
    // the cause of an error is kept, masked: it is often the part that says what went wrong
    expect(lines[0]!.fields.error).toMatchObject({ message: 'outer', cause: { message: 'refused [redacted]' } })
  })

  it('rolls past its size, keeps only so many files, and leaves other files in the folder alone', async () => {
    const dir = logDir()
    const first = await openFileLogger({ dir, size: '2k', keep: 2 })
    await first.close()
    writeFileSync(join(dir, 'notes.txt'), 'mine')
    const log = await openFileLogger({ dir, size: '2k', keep: 2 })
    for (let i = 0; i < 120; i++) {
      log.logger.info('bulk.line', { i, padding: 'x'.repeat(200) })
      // let the stream write and roll as the app would between events
      if (i % 10 === 9) await new Promise((resolve) => setTimeout(resolve, 20))
    }
    await log.close()
    const logs = readdirSync(dir).filter((name) => name.endsWith('.log'))
    expect(logs.length).toBeGreaterThan(1)
    expect(logs.length).toBeLessThanOrEqual(3)
    expect(readFileSync(join(dir, 'notes.txt'), 'utf8')).toBe('mine')
  })
})

describe('secrets reach the mask as the vault sees them', () => {
  it('a key set, read or rotated is masked; a cleared one no longer needs to be', async () => {
    const { SecretsService } = await import('../../../electron/main/connections/secrets-service')
    const { SessionOnlyVault } = await import('../../../electron/main/vault/memory-vault')
    const { SecretMask } = await import('../../../electron/main/logging/secret-mask')
    const mask = new SecretMask()
    const secrets = new SecretsService({
      vault: new SessionOnlyVault('no keychain in this test'),
      clock: { now: () => new Date('2026-01-01T00:00:00Z') },
      watcher: mask
    })
    await secrets.set('c1', 'apiKey', 'first-key-123456', true)
    expect(mask.text('calling with first-key-123456')).toBe('calling with [redacted]')
    await secrets.set('c1', 'apiKey', 'second-key-654321', true)
    expect(mask.text('second-key-654321 first-key-123456')).toBe('[redacted] first-key-123456')
    await secrets.clear('c1', 'apiKey')
    expect(mask.size).toBe(0)
  })
})
