import { describe, expect, it } from 'vitest'
import {
  jsonWithoutPerson,
  rowsOnlyAbout,
  SOMEONE_ELSE,
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

  it('reads no date or time as a phone number (a PhoneEntry’s time_stamp, last_seen, valid_since)', () => {
    const traits = traitsOf({
      key: 'k-ana',
      phone_numbers: [
        {
          number: '+1 772-555-0122',
          type: 'mobile',
          time_stamp: '2026-11-28T02:12:00.741Z',
          last_seen: '2026-11-20',
          valid_since: '2025-01-02T00:00:00Z'
        }
      ],
      request_completion_data: { phoneCompletedTime: '2026-11-28T02:12:00.741Z' }
    })
    expect(traits.phones).toEqual(['+1 772-555-0122'])
  })

  it('keeps in an access copy only the person: others in lists go, their words leave the texts', () => {
    const bo = {
      key: 'k-bo',
      full_name: 'Bo Lindqvist',
      emails: [{ address: 'bo@example.org' }],
      codehost_handle: 'bolind'
    }
    const [turn, ledger] = rowsOnlyAbout(
      [
        {
          id: 7,
          text: 'Found Ana Peña and Bo Lindqvist (bolind)',
          results_json: JSON.stringify([{ key: 'k-ana', full_name: 'Ana Peña', skills: ['Go', 'SQL'] }, bo]),
          raw_json: JSON.stringify({ message: 'Bo Lindqvist, bo@example.org', people: [bo] })
        },
        { id: 8, keys_json: JSON.stringify(['k-bo', 'k-ana']), message: 'bought for k-ana, k-bo' }
      ],
      ana
    )
    expect(JSON.parse(turn!.results_json as string)).toEqual([
      { key: 'k-ana', full_name: 'Ana Peña', skills: ['Go', 'SQL'] }
    ])
    expect(turn!.text).toBe(`Found Ana Peña and ${SOMEONE_ELSE} (${SOMEONE_ELSE})`)
    expect(JSON.parse(turn!.raw_json as string)).toEqual({ message: `${SOMEONE_ELSE}, ${SOMEONE_ELSE}`, people: [] })
    expect(JSON.parse(ledger!.keys_json as string)).toEqual(['k-ana'])
    expect(ledger!.message).toBe(`bought for k-ana, ${SOMEONE_ELSE}`)
  })
})
