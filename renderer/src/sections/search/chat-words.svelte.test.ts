import { describe, expect, it } from 'vitest'
import { chatWords } from './chat-words'

describe('a search for a role, as words for Chat', () => {
  it('carries the title, company, school and place over; nothing when the search named someone', () => {
    expect(chatWords({ title: 'Backend engineer', location: 'Berlin' })).toBe('Backend engineer in Berlin')
    expect(chatWords({ title: ' Nurse ', company: 'Charité', location: 'Berlin' })).toBe('Nurse at Charité in Berlin')
    expect(chatWords({ location: 'Lisbon', school: 'IST' })).toBe('People who studied at IST in Lisbon')
    expect(chatWords({ title: 'Engineer' })).toBe('Engineer')
    expect(chatWords({ company: 'Acme' })).toBe('')
    expect(chatWords({ name: 'Ada Lovelace', title: 'Engineer', location: 'London' })).toBe('')
    expect(chatWords({ handles: ['ada'], title: 'Engineer' })).toBe('')
  })
})
