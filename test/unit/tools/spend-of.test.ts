import { describe, expect, it } from 'vitest'
import { spendOf } from '../../../electron/main/tools/tool-spend'

const readOnly = (name: string) => ({ name, annotations: { readOnlyHint: true } })
const plain = (name: string) => ({ name })

describe('which tool calls may spend, and how they are priced (spendOf)', () => {
  it('prices a contact lookup of named people by the contacts quote, on any server', () => {
    const args = { action: 'lookup', keys: ['p_1', 'p_2', 'p_1'], contact_type: 'Phone' }
    for (const trusted of [true, false]) {
      expect(spendOf(plain('contacts'), args, trusted)).toEqual({
        kind: 'contacts',
        keys: ['p_1', 'p_2'],
        contactType: 'Phone'
      })
    }
    // the sandbox's default action is lookup, and Email its default type
    expect(spendOf(plain('contacts'), { keys: ['p_1'] }, true)).toMatchObject({
      kind: 'contacts',
      contactType: 'Email'
    })
  })

  it('believes read-only marks and reading actions from the trusted server only', () => {
    expect(spendOf(readOnly('search'), { query: 'nurse' }, true)).toEqual({ kind: 'free' })
    expect(spendOf(plain('contacts'), { action: 'credits' }, true)).toEqual({ kind: 'free' })
    expect(spendOf(plain('workspaces'), { action: 'list' }, true)).toEqual({ kind: 'free' })
    expect(spendOf(plain('workspaces'), { action: 'create', name: 'x' }, true)).toMatchObject({ kind: 'unknown' })
    // another server: a hint, never a promise
    expect(spendOf(readOnly('search'), { query: 'nurse' }, false)).toEqual({
      kind: 'unknown',
      reason:
        '“search” says it only reads, but this tool server is not one Talent Desk can vouch for: it may spend credits, and does not say how many.'
    })
    expect(spendOf(plain('contacts'), { action: 'poll', keys: ['p_1'] }, false)).toMatchObject({ kind: 'unknown' })
    expect(spendOf(plain('enrich_people'), { keys: ['p_1'] }, false)).toMatchObject({ kind: 'unknown' })
  })
})
