import { describe, expect, it } from 'vitest'
import { profileChanges } from '../../../electron/main/store/profile-changes'
import { changeSentence, newsworthy } from '../../../shared/change-words'
import { changeCorpus } from './change-corpus'

describe('what counts as a change (the corpus)', () => {
  it.each(changeCorpus)('$name', ({ before, after, expected }) => {
    expect(profileChanges(before, after)).toEqual(expected)
  })
})

describe('the sentence Activity shows', () => {
  const corpus = new Map(changeCorpus.map((pair) => [pair.name, profileChanges(pair.before, pair.after)]))
  it('says a move, a promotion, a city, a degree and a signal in plain words', () => {
    expect(changeSentence('Ana Peña', corpus.get('a new employer')!)).toBe('Ana Peña moved Acme → Globex')
    expect(changeSentence('Ana Peña', corpus.get('a promotion: title and level')!)).toBe(
      'Ana Peña is now Senior Software Engineer (was Software Engineer)'
    )
    expect(changeSentence('Ana Peña', corpus.get('a job change with a new title and city')!)).toBe(
      'Ana Peña moved Acme → Initech; now Lead Engineer (was Software Engineer); moved to Stockholm, Sweden (was Oslo, Norway)'
    )
    expect(changeSentence('Ana Peña', corpus.get('a new degree')!)).toBe(
      'Ana Peña added MSc Computer Science, ETH Zürich'
    )
    expect(changeSentence('Ana Peña', corpus.get('likely to switch rises past one half')!)).toBe(
      'Ana Peña looks open to a move'
    )
  })

  it('does not make news of a field the service stopped sending', () => {
    expect(newsworthy(corpus.get('the service stopped sending the employer')!)).toEqual([])
  })
})
