import { describe, expect, it } from 'vitest'
import { channelNames } from '../../../shared/ipc/contract'
import type { Handlers } from '../../../electron/main/ipc/router'
import type { FeatureContribution } from '../../../electron/main/platform/contribution'
import { EventBus } from '../../../electron/main/platform/event-bus'
import { FeatureHost } from '../../../electron/main/platform/feature-host'

type Shared = Parameters<typeof FeatureHost.create>[1]
const logger = { info: () => undefined, warn: () => undefined, error: () => undefined }
const shared = { options: {}, logger, bus: new EventBus(logger) } as unknown as Shared

/** A handler for each of `names` answering with the feature's name. */
const handling = (feature: string, names: readonly string[]): Partial<Handlers> =>
  Object.fromEntries(names.map((name) => [name, () => feature])) as Partial<Handlers>
const [first = '', ...rest] = channelNames

describe('the features, made from their contributions', () => {
  it('joins their handlers: one per channel, each from its feature', async () => {
    const host = await FeatureHost.create(
      [
        { name: 'a', create: () => ({ handlers: handling('a', [first]) }) },
        { name: 'b', create: () => ({ handlers: handling('b', rest) }) }
      ],
      shared
    )
    const handler = host.handlers[first as keyof Handlers] as unknown as () => string
    expect(handler()).toBe('a')
  })

  it('refuses to start with a channel handled twice, or by no feature', async () => {
    await expect(
      FeatureHost.create(
        [
          { name: 'a', create: () => ({ handlers: handling('a', channelNames) }) },
          { name: 'b', create: () => ({ handlers: handling('b', [first]) }) }
        ],
        shared
      )
    ).rejects.toThrow(`The channel ${first} is handled by a and b.`)
    await expect(
      FeatureHost.create([{ name: 'a', create: () => ({ handlers: handling('a', rest) }) }], shared)
    ).rejects.toThrow(`No feature handles ${first}.`)
  })

  it('starts each wave in the list order, each feature once; closes the last one first', async () => {
    const said: string[] = []
    const feature = (name: string, when: 'first-screen' | 'after-first-screen', names: readonly string[]) =>
      ({
        name,
        create: () => ({
          handlers: handling(name, names),
          start: { when, run: () => said.push(`start ${name}`) },
          close: () => {
            said.push(`close ${name}`)
          }
        })
      }) satisfies FeatureContribution<unknown>
    const host = await FeatureHost.create(
      [
        feature('search', 'first-screen', [first]),
        feature('imports', 'after-first-screen', rest),
        feature('contacts', 'first-screen', [])
      ],
      shared
    )
    host.start('first-screen')
    host.start('first-screen')
    expect(said).toEqual(['start search', 'start contacts'])
    host.start('after-first-screen')
    await host.close()
    expect(said).toEqual([
      'start search',
      'start contacts',
      'start imports',
      'close contacts',
      'close imports',
      'close search'
    ])
  })

  it('gives a port to a feature made before the one that provides it, read when it is used', async () => {
    let port: { forget(id: string): void } | undefined
    const forgotten: string[] = []
    await FeatureHost.create(
      [
        {
          name: 'connections',
          create: (context) => {
            port = context.port('toolTokens')
            return { handlers: handling('connections', channelNames) }
          }
        },
        {
          name: 'tools',
          create: () => ({
            handlers: {},
            provides: { toolTokens: { forget: (id: string) => forgotten.push(id), testParts: async () => [] } }
          })
        }
      ],
      shared
    )
    port!.forget('c1')
    expect(forgotten).toEqual(['c1'])
  })
})
