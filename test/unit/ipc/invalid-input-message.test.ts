import { describe, expect, it } from 'vitest'
import { channelNames, channels, type ChannelName } from '../../../shared/ipc/contract'
import { invalidInputMessage } from '../../../shared/ipc/issue-message'
import { createRouter, type Handlers } from '../../../electron/main/ipc/router'
import { createLogger } from '../../../electron/main/logging/logger'
import { createClient } from '../../../renderer/src/lib/client'
import type { TalentDeskBridge } from '../../../shared/ipc/bridge'

const origin = 'app://talent-desk'
const sender = { origin, isMainFrame: true }
// No handler runs: every call here is refused at the input check.
const router = createRouter({ handlers: {} as Handlers, trustedOrigins: [origin], logger: createLogger(() => {}) })

async function refusal(channel: string, input: unknown): Promise<string> {
  const reply = await router.handle(channel, input, sender)
  if (reply.ok) throw new Error(`${channel} accepted ${JSON.stringify(input)}`)
  expect(reply.error.code).toBe('invalid_input')
  return reply.error.message
}

describe('a refused request names the field and its limit', () => {
  it('says it for each kind of issue, on several channels', async () => {
    const cases: Array<[ChannelName, unknown, string]> = [
      ['searchSaved', { query: 'x'.repeat(501) }, 'query: at most 500 characters'],
      ['searchSaved', { query: 'a', limit: 0 }, 'limit: at least 1'],
      ['searchSaved', { query: 'a', limit: 20_000 }, 'limit: at most 10,000'],
      ['searchSaved', { query: 'a', limit: 2.5 }, 'limit: must be a whole number, not a number with a fraction'],
      ['searchSaved', {}, 'query: is required (a string)'],
      ['searchSaved', { query: 7 }, 'query: must be a string, not a number'],
      ['createShortlist', { name: '   ' }, 'name: must not be empty'],
      ['createShortlist', { name: 'n'.repeat(201) }, 'name: at most 200 characters'],
      ['createShortlist', { name: 'A', colour: 'red' }, 'unknown field “colour” (not allowed here)'],
      ['shortlistsForKeys', { keys: Array.from({ length: 5001 }, () => 'k') }, 'keys: at most 5,000 items'],
      ['shortlistsForKeys', { keys: ['k', 'k'.repeat(501)] }, 'keys.1: at most 500 characters'],
      [
        'exportCsv',
        { exportId: 'e', source: { kind: 'shortlist', shortlistId: 's' }, columns: { preset: 'basic' }, format: 'pdf' },
        'format: must be one of “csv”, “xlsx”'
      ],
      [
        'exportCsv',
        { exportId: 'e', source: { kind: 'planet' }, columns: { preset: 'basic' } },
        'source.kind: must be one of'
      ],
      ['getAppInfo', 'nonsense', 'the request: must be an object, not a string'],
      // a check of our own says its own sentence
      ['startRefresh', {}, 'was not valid: Give either handles or a shortlist.']
    ]
    for (const [channel, input, said] of cases) {
      const message = await refusal(channel, input)
      expect(message, channel).toContain(`The request to ${channel} was not valid: `)
      expect(message, `${channel} ${JSON.stringify(input).slice(0, 80)}`).toContain(said)
      expect(message).not.toMatch(/\.\.$/)
    }
  })

  it('names the unknown field on every channel that takes an object', async () => {
    let checked = 0
    for (const channel of channelNames) {
      const reply = await router.handle(channel, { surpriseField: 1 }, sender)
      if (reply.ok) continue
      // a channel refuses the object for what it lacks or for the extra field: either is named
      expect(reply.error.message, channel).toMatch(/^The request to \w+ was not valid: \S.*: .+\.$|unknown field/)
      if (/“surpriseField”/.test(reply.error.message)) checked += 1
      expect(reply.error.message, channel).not.toMatch(/was not valid\.$/)
    }
    expect(checked).toBeGreaterThan(30)
  })

  it('says at most three issues and counts the rest', async () => {
    const message = await refusal('searchSaved', { query: 1, limit: 0, shortlistId: '', extra: true })
    expect(message).toMatch(/\(and 1 more\)\.$/)
  })

  it('is the same message when the page refuses a call before it leaves', async () => {
    const bridge = new Proxy({}, { get: () => () => Promise.reject(new Error('never sent')) }) as TalentDeskBridge
    const client = createClient(bridge)
    const reply = await client.searchSaved({ query: 'x'.repeat(501) })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid_input' } })
    if (reply.ok) return
    const parsed = channels.searchSaved.input.safeParse({ query: 'x'.repeat(501) })
    expect(reply.error.message).toBe(invalidInputMessage('searchSaved', parsed.error!, { query: 'x'.repeat(501) }))
    expect(reply.error.message).toContain('query: at most 500 characters')
  })
})
