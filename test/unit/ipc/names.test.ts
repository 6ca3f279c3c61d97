import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { channelNames, eventNames, isChannelName, isEventName } from '../../../shared/ipc/contract'
import { channelNameList, eventNameList, isListedChannel, isListedEvent } from '../../../shared/ipc/names'

// The preload ships these zod-free lists instead of the contract: they must be its keys, in order.
describe('shared/ipc/names.ts', () => {
  it('lists exactly the contract’s channels and events, in its order', () => {
    expect([...channelNameList]).toEqual(channelNames)
    expect([...eventNameList]).toEqual(eventNames)
  })

  it('answers membership as the contract does, for prototype names too', () => {
    for (const name of [...channelNames, ...eventNames, 'constructor', '__proto__', 'toString', 'on', '']) {
      expect(isListedChannel(name), name).toBe(isChannelName(name))
      expect(isListedEvent(name), name).toBe(isEventName(name))
    }
  })

  it('imports nothing: no zod, no schema', () => {
    const source = readFileSync(join(import.meta.dirname, '../../../shared/ipc/names.ts'), 'utf8')
    expect(source).not.toMatch(/^\s*import\s/m)
  })
})
