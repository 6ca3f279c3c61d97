import { describe, expect, it } from 'vitest'
import type { ActivityEntry, ActivityNotice } from '../../../../shared/ipc/channels/watches'
import { shouldNotify, type Viewing } from './watches-state.svelte'

const viewing = (over: Partial<Viewing>): Viewing => ({
  section: 'search',
  memberId: null,
  shortlistId: null,
  jobId: null,
  activityEntryId: null,
  focused: true,
  ...over
})
const notice = (over: Partial<ActivityNotice>): ActivityNotice => ({
  title: 'Ana Peña moved Acme → Globex',
  body: 'Q4 backend',
  focus: { kind: 'member', shortlistId: 's1', memberId: 7 },
  shortlistId: 's1',
  ...over
})
const none: ActivityEntry[] = []

describe('when a batch of news is notified', () => {
  it('always when the window is not focused', () => {
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 7, focused: false }), none)).toBe(true)
  })
  it('not while the person it is about is open', () => {
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 7 }), none)).toBe(false)
    expect(shouldNotify(notice({}), viewing({ section: 'shortlists', memberId: 8 }), none)).toBe(true)
  })
  it('not while Activity itself is open', () => {
    expect(shouldNotify(notice({ focus: null }), viewing({ section: 'activity' }), none)).toBe(false)
  })
  it('not while the shortlist of a batch about several people is open', () => {
    const several = notice({ focus: null, shortlistId: 's1' })
    expect(shouldNotify(several, viewing({ section: 'shortlists', shortlistId: 's1' }), none)).toBe(false)
    expect(shouldNotify(several, viewing({ section: 'shortlists', shortlistId: 's2' }), none)).toBe(true)
  })
  it('not while the job it is about is open in Refresh', () => {
    const job = notice({ focus: { kind: 'refreshJob', jobId: 'j1' }, shortlistId: null })
    expect(shouldNotify(job, viewing({ section: 'refresh', jobId: 'j1' }), none)).toBe(false)
    expect(shouldNotify(job, viewing({ section: 'search' }), none)).toBe(true)
  })
})
