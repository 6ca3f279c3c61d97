import { describe, expect, it } from 'vitest'
import { useMains } from '../services/helpers'

/*
 * People you already have (issue #32): ATS lists over the composed main and SQLite on disk,
 * checked by the channel checkKnownPeople.
 */

const start = useMains()

describe('the known-people lists', () => {
  it('know nobody before a list is imported', async () => {
    const main = await start()
    expect(await main.ok('listKnownPeopleLists', {})).toEqual({ lists: [] })
    const { known } = await main.ok('checkKnownPeople', {
      people: [{ key: 'p-1-1', emails: ['ana@example.com'], name: 'Ana Peña', employer: 'Acme' }]
    })
    expect(known).toEqual([])
  })
})
