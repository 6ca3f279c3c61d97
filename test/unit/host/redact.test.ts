import { describe, expect, it } from 'vitest'
import { REDACTED, redactSecrets } from '../../../shared/secrets'

describe('redactSecrets (the sandbox call log)', () => {
  it('replaces credential-named fields, and never passes on what is nested past its depth', () => {
    let deep: unknown = { apiKey: 'deep-secret-1' }
    for (let i = 0; i < 12; i++) deep = { level: deep }
    const out = JSON.stringify(redactSecrets({ client_secret: 's-1', list: [{ Authorization: 'Bearer t' }], deep }))
    expect(out).not.toContain('s-1')
    expect(out).not.toContain('Bearer t')
    expect(out).not.toContain('deep-secret-1')
    expect(out).toContain(REDACTED)
    expect(out).toContain('[too deep]')
  })
})
