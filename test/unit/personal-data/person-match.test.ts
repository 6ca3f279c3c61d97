import { describe, expect, it } from 'vitest'
import {
  jsonWithoutPerson,
  textNamesPerson,
  textWithoutPerson,
  traitsOf,
  withoutPerson
} from '../../../electron/main/personal-data/person-match'
import type { Person } from '../../../electron/main/personal-data/personal-data-owner'

const ana: Person = {
  key: 'k-ana',
  names: ['Ana Peña'],
  emails: ['ana@example.org'],
  phones: ['+351 910 000 111'],
  handles: ['ana-pena-1']
}

describe('person-match: what names a person, and taking them out', () => {
  it('reads a contact result’s names, nested emails and phone entries, and a profile’s handles', () => {
    const traits = traitsOf({
      request: { key: 'k-ana', full_name: 'Ana Peña' },
      card: { name: 'A. Peña', full_title: 'SRE at Acme' },
      emails: [{ email: 'Ana@Example.org', type: 'work' }],
      best_email: { email: 'ana@example.org' },
      phone_numbers: [{ number: '+351 910 000 111', type: 'mobile' }],
      li_urls: ['https://profilenet.example/in/ana-pena-1'],
      status: 'Completed'
    })
    expect(traits).toEqual({
      names: ['Ana Peña', 'A. Peña'],
      emails: ['ana@example.org'],
      phones: ['+351 910 000 111'],
      handles: ['ana-pena-1']
    })
  })

  it('learns the handle a bought contact result gives only in its card’s url (and its profiles’)', () => {
    const traits = traitsOf({
      request: { key: 'k-ana' },
      card: { name: 'Ana Peña', key: 'k-ana', url: 'https://profilenet.example/in/ana-pena-1' },
      profiles: [{ source: 'profilenet', network: 'profilenet', url: 'https://profilenet.example/pub/ana-p' }]
    })
    expect(traits.handles).toEqual(['ana-pena-1', 'ana-p'])
  })

  it('finds and erases a name written in another order of its words ("Last, First")', () => {
    const turn = 'Everyone — 2,000 people. Did not understand: Peña, Ana.'
    expect(textNamesPerson(turn, ana)).toBe(true)
    expect(textWithoutPerson(turn, ana)).toBe('Everyone — 2,000 people. Did not understand: [erased].')
    expect(textWithoutPerson('Peña Ana and Ana Lima', ana)).toBe('[erased] and Ana Lima')
    expect(textNamesPerson('Ana Lima, Bo Peña', ana)).toBe(false)
  })

  it('leaves the others in a list and takes the person out at any depth', () => {
    const value = {
      results: [{ key: 'k-ana', full_name: 'Ana Peña' }, { key: 'k-bo' }],
      plan: [{ jobId: 'j', handles: ['ana-pena-1', 'bo-2'] }],
      failedHandles: [{ handle: 'ana-pena-1', error: 'gone' }],
      keys: ['k-bo', 'k-ana']
    }
    const { value: left, removed } = withoutPerson(value, ana)
    expect(removed).toBe(4)
    expect(left).toEqual({
      results: [{ key: 'k-bo' }],
      plan: [{ jobId: 'j', handles: ['bo-2'] }],
      failedHandles: [],
      keys: ['k-bo']
    })
    // text that is not theirs, or not JSON, is returned as it was
    expect(jsonWithoutPerson('["k-bo"]', ana)).toBe('["k-bo"]')
    expect(jsonWithoutPerson('not json', ana)).toBe('not json')
  })

  it('matches by name only when asked (a refresh outcome’s entries, inside the person’s own job)', () => {
    const outcome = {
      changed: [
        { memberId: 3, name: 'ana peña' },
        { memberId: 4, name: 'Bo' }
      ]
    }
    expect(withoutPerson(outcome, ana).removed).toBe(0)
    expect(withoutPerson(outcome, ana, true).value).toEqual({ changed: [{ memberId: 4, name: 'Bo' }] })
  })

  it('replaces their words in free text, whatever characters they hold', () => {
    expect(textWithoutPerson('I found ANA PEÑA (ana@example.org) and Bo.', ana)).toBe(
      'I found [erased] ([erased]) and Bo.'
    )
    expect(textWithoutPerson('a+b', { ...ana, names: ['a+b'] })).toBe('[erased]')
  })
})
