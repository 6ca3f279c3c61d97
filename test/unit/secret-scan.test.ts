import { describe, expect, it } from 'vitest'
import { needlesFor, scan } from '../e2e/secret-scan'

// The secrets end-to-end test is only as good as its scanner: it must find a secret in every
// form it could be written in, and never flag the four characters the app shows on purpose.
const secret = {
  name: 'client secret',
  value: 'tdk-e2e-clientsecret-3f9a1c07d2b84e65a0c1',
  random: '3f9a1c07d2b84e65a0c1'
}
const needles = needlesFor(secret)
const found = (text: string | Buffer) => scan('here', text, needles).map((hit) => hit.form)

describe('the secret scanner', () => {
  it('finds the value as text, in UTF-16 and inside URL, form and hex encodings', () => {
    expect(found(`{"clientSecret":"${secret.value}"}`)).toContain('text')
    expect(found(Buffer.from(`xx${secret.value}xx`, 'utf16le'))).toContain('utf-16le')
    expect(found(`a=1&client_secret=${encodeURIComponent(`${secret.value}/+ `)}`)).toContain('text')
    const odd = `${secret.value}&`
    expect(found(new URLSearchParams({ s: `é${odd}` }).toString())).toContain('text')
    expect(found(Buffer.from(secret.value).toString('hex'))).toContain('hex')
  })

  it('finds it base64-encoded inside a longer value at any alignment', () => {
    for (const prefix of ['', 'a', 'ab', 'client-id:', 'client-id:x']) {
      const blob = Buffer.from(`${prefix}${secret.value}!tail`).toString('base64')
      expect(
        found(`Authorization: Basic ${blob}`).some((form) => form.startsWith('base64@')),
        prefix
      ).toBe(true)
      const url = Buffer.from(`${prefix}${secret.value}`).toString('base64url')
      expect(
        found(url).some((form) => form.startsWith('base64')),
        prefix
      ).toBe(true)
    }
  })

  it('finds a value cut short, and never the last four characters alone', () => {
    expect(found(`key: ${secret.value.slice(0, 33)}…`)).toContain('first part')
    expect(found(`configured · ending ${secret.value.slice(-4)}`)).toEqual([])
    expect(found('nothing secret here')).toEqual([])
  })

  it('says where, with the value itself masked in what it shows', () => {
    const [hit] = scan('log line 3', `before ${secret.value} after`, needles)
    expect(hit).toMatchObject({ place: 'log line 3', secret: 'client secret', form: 'text' })
    expect(hit!.context).toBe('before <client secret> after')
  })
})
