import { describe, expect, it } from 'vitest'
import type { AtsPullStatus } from '../../../../shared/ipc/channels/ats-pull'
import { formatDateTime } from '../../lib/format'
import { atsPullWords } from './ats-pull-words'

const base: AtsPullStatus = {
  connectionId: 'gh-1',
  state: 'idle',
  mode: null,
  startedAt: null,
  finishedAt: null,
  pages: 0,
  people: 0,
  added: 0,
  updated: 0,
  doNotContactAdded: 0,
  doNotContactRemoved: 0,
  list: null,
  error: null
}
const list = { name: 'ATS: Acme Greenhouse', people: 100_000, pulledAt: '2026-11-28T09:00:00.000Z' }

describe('the ATS pull status block', () => {
  it('says what Pull now does before the first pull', () => {
    const words = atsPullWords(base)
    expect(words.lines).toEqual(['Not pulled yet: Pull now reads everyone in your ATS into “People you already have”.'])
    expect(words.pill).toEqual({ text: 'Not pulled', tone: 'idle' })
    expect(words.pulling).toBe(false)
  })

  it('shows a running pull’s pages and people, and the list as it is meanwhile', () => {
    const words = atsPullWords({ ...base, state: 'pulling', mode: 'full', pages: 12, people: 6000, list })
    expect(words.lines).toEqual([
      `ATS: Acme Greenhouse: 100,000 people, last pulled ${formatDateTime(list.pulledAt)}`,
      'Everyone: page 12, 6,000 people read so far'
    ])
    expect(words.pill.tone).toBe('running')
    expect(words.pulling).toBe(true)
  })

  it('counts the last incremental pull, and says a failure in words with the list kept', () => {
    const done = atsPullWords({
      ...base,
      state: 'done',
      mode: 'incremental',
      people: 3,
      added: 1,
      updated: 2,
      doNotContactAdded: 2,
      list
    })
    expect(done.lines[1]).toBe('Last pull (changes): 3 people read, 1 new, 2 changed, 2 emails put on do-not-contact')
    expect(done.pill).toEqual({ text: 'Up to date', tone: 'ok' })
    const error =
      'The pull from Greenhouse stopped: Greenhouse refused the API key (HTTP 401). The list of people you already have was left as it was.'
    const failed = atsPullWords({ ...base, state: 'failed', mode: 'full', pages: 1, people: 500, error, list })
    expect(failed.error).toBe(error)
    expect(failed.pill).toEqual({ text: 'Failed', tone: 'bad' })
    expect(failed.lines[0]).toContain('100,000 people')
  })
})
