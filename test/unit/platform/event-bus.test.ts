import { describe, expect, it } from 'vitest'
import { EventBus } from '../../../electron/main/platform/event-bus'

const job = { jobId: 'j1', watchId: 'w1' } as never

describe('the in-process event bus', () => {
  it('tells every subscriber of an event, in the order they subscribed, until they stop', () => {
    const bus = new EventBus({ warn: () => undefined })
    const heard: string[] = []
    bus.subscribe('refreshJobEnded', () => heard.push('activity'))
    const stop = bus.subscribe('refreshJobEnded', () => heard.push('watches'))
    bus.subscribe('refreshJobLost', () => heard.push('lost'))
    bus.publish('refreshJobEnded', job)
    stop()
    bus.publish('refreshJobEnded', job)
    expect(heard).toEqual(['activity', 'watches', 'activity'])
  })

  it('a subscriber that throws is logged; the publisher and the other subscribers go on', () => {
    const warnings: unknown[] = []
    const bus = new EventBus({ warn: (event, fields) => warnings.push({ event, fields }) })
    const heard: string[] = []
    bus.subscribe('personOpened', () => {
      throw new Error('broken subscriber')
    })
    bus.subscribe('personOpened', ({ key }) => heard.push(key))
    expect(() => bus.publish('personOpened', { key: 'p1' })).not.toThrow()
    expect(heard).toEqual(['p1'])
    expect(warnings).toEqual([
      { event: 'bus.subscriber_failed', fields: { event: 'personOpened', error: 'broken subscriber' } }
    ])
  })
})
