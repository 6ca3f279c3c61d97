import { describe, expect, it } from 'vitest'
import { personName } from './person-name'

describe('a person’s name on the page (results, profiles)', () => {
  it('is the full name, else first and last name, else the key, else "Unnamed person"', () => {
    expect(personName({ full_name: ' Ana Peña ', first_name: 'X' }, 'k1')).toBe('Ana Peña')
    expect(personName({ first_name: 'Ana', last_name: 'Peña' }, 'k1')).toBe('Ana Peña')
    expect(personName({ last_name: 'Peña' }, null)).toBe('Peña')
    expect(personName({ full_name: '  ' }, 'k1')).toBe('k1')
    expect(personName(null, null)).toBe('Unnamed person')
    expect(personName('not a profile', '')).toBe('Unnamed person')
  })
})
