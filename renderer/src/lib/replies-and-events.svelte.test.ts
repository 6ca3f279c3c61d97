import { describe, expect, it } from 'vitest'
import { RepliesAndEvents } from './replies-and-events'

describe('RepliesAndEvents, whether a reply is still newer than the events about the same thing', () => {
  it('keeps a reply only while no event about its key came since it was asked', () => {
    const order = new RepliesAndEvents()
    const first = order.asked()
    expect(order.newest('a', first)).toBe(true)

    order.told('a')
    expect(order.newest('a', first)).toBe(false)
    // another key's reply is not touched by it
    expect(order.newest('b', first)).toBe(true)
    // asked after the event: newest again
    const second = order.asked()
    expect(order.newest('a', second)).toBe(true)
    order.told('b')
    expect(order.newest('a', second)).toBe(true)
    expect(order.newest('b', second)).toBe(false)
    expect(order.newest('a', first)).toBe(false)
  })

  it('names the keys told of since a whole-list reply was asked', () => {
    const order = new RepliesAndEvents<number>()
    order.told(1)
    const asked = order.asked()
    expect(order.toldSince(asked)).toEqual([])
    order.told(2)
    order.told(1)
    expect(order.toldSince(asked).sort()).toEqual([1, 2])
    expect(order.toldSince(order.asked())).toEqual([])
  })

  it('lets a read asked anew overtake the reads of its key asked before, and no other key', () => {
    const order = new RepliesAndEvents<'list' | 'count'>()
    const count = order.asked()
    const first = order.askedAnew('list')
    expect(order.newest('list', first)).toBe(true)
    const second = order.askedAnew('list')
    expect(order.newest('list', first)).toBe(false)
    expect(order.newest('list', second)).toBe(true)
    expect(order.newest('count', count)).toBe(true)
    order.told('list')
    expect(order.newest('list', second)).toBe(false)
  })
})
