import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { describe, expect, it } from 'vitest'

const main = join(__dirname, '../../../electron/main')

/** Every .ts file of electron/main, with the place it belongs to: its folder there, or the root file itself. */
function sources(dir = main): Array<{ place: string; file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = join(dir, entry.name)
    if (entry.isDirectory()) return sources(file)
    if (!entry.name.endsWith('.ts')) return []
    const place = relative(main, file).split(sep)[0]!
    return [{ place, file: relative(main, file), text: readFileSync(file, 'utf8') }]
  })
}

/** The events of the main process's bus: the keys of `interface MainEvents` in platform/event-bus.ts. */
function mainEvents(): string[] {
  const text = readFileSync(join(main, 'platform/event-bus.ts'), 'utf8')
  const body = /export interface MainEvents \{([\s\S]*?)\n\}/.exec(text)?.[1] ?? ''
  return [...body.matchAll(/^ {2}(\w+):/gm)].map((match) => match[1]!)
}

// A feature that publishes an event on the bus and is its only subscriber talks to itself through
// the bus (issue 37: imports' importBatchChanged, watches' watchScheduleChanged): it calls directly
// instead. Who publishes and who subscribes is read from the code of electron/main.
describe('the bus carries news between places, not a U-turn', () => {
  const events = mainEvents()
  const publishers = new Map<string, Set<string>>()
  const subscribers = new Map<string, Set<string>>()
  for (const { place, text } of sources()) {
    for (const [, verb, name] of text.matchAll(/\.(publish|subscribe)\(\s*'(\w+)'/g)) {
      if (!events.includes(name!)) continue
      const by = verb === 'publish' ? publishers : subscribers
      by.set(name!, (by.get(name!) ?? new Set()).add(place))
    }
  }

  it('reads the bus events and finds each one published somewhere', () => {
    expect(events.length).toBeGreaterThan(3)
    expect(events.filter((name) => !publishers.has(name))).toEqual([])
  })

  it('no place subscribes to an event only it publishes', () => {
    const uTurns = [...subscribers].flatMap(([name, places]) =>
      [...places]
        .filter((place) => {
          const from = publishers.get(name) ?? new Set()
          return from.size === 1 && from.has(place)
        })
        .map((place) => `${place} subscribes to ${name}, which only it publishes: call directly`)
    )
    expect(uTurns).toEqual([])
  })

  it('every event published is heard by someone', () => {
    expect([...publishers.keys()].filter((name) => !subscribers.has(name))).toEqual([])
  })
})
