import { afterEach, describe, expect, it, vi } from 'vitest'
import { FirstScreen } from '../../../electron/main/platform/first-screen'

afterEach(() => {
  vi.useRealTimers()
})

describe('the first screen', () => {
  it('runs what waits for it once it is painted, once, however often the shell says so', () => {
    const screen = new FirstScreen(60_000)
    const ran: string[] = []
    screen.then(() => ran.push('imports'))
    expect(ran).toEqual([])
    screen.painted()
    screen.painted()
    expect(ran).toEqual(['imports'])
    screen.then(() => ran.push('later'))
    expect(ran).toEqual(['imports', 'later'])
    screen.close()
  })

  it('without a word from the shell, runs it after the fallback delay, never before', () => {
    vi.useFakeTimers()
    const screen = new FirstScreen(5000)
    const ran: string[] = []
    screen.then(() => ran.push('watches'))
    vi.advanceTimersByTime(4999)
    expect(ran).toEqual([])
    vi.advanceTimersByTime(1)
    expect(ran).toEqual(['watches'])
    screen.painted()
    expect(ran).toEqual(['watches'])
  })

  it('with no fallback (tests, a shell that never says), counts as painted at once', () => {
    const screen = new FirstScreen(null)
    const ran: string[] = []
    screen.then(() => ran.push('now'))
    expect(ran).toEqual(['now'])
  })
})
